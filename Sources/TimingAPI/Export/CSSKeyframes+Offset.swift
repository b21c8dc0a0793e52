import TimingEngine

/// A position along spatial tangents as CSS Motion Path (docs/lottie-export.md "Spatial
/// paths"): the track's keyframes as one `offset-path` — a cubic for each spatial segment, a
/// line for a straight one or a hold — and its `offset-distance` as keyframes, each segment's
/// easing its keyframe's `cubic-bezier`. Lottie moves along a spatial segment by arc length
/// with the eased progress, which is what `offset-distance` between two keyframes does; the
/// distances are the browser's own (`BrowserPathMeasure`), so that at each keyframe the element
/// is at the keyframe's value.
extension CSSKeyframes {
  struct OffsetPath: Sendable {
    /// The path as the browser measures it, in the path's units (`LottieSVGExport.offsetScale`
    /// a px).
    let measure: BrowserPathMeasure
    /// `M x y C … L …`, for `offset-path: path('…')`.
    let text: String
    /// Turned to face the way it moves (`offset-rotate: auto`: an auto-oriented layer).
    let rotates: Bool

    /// The cubic pieces `track`'s path would have (a spatial segment that moves each); nil
    /// where it has none, so no path: what the path is charged by before it is made.
    static func cubics(_ track: LottieTrack) -> Int? {
      guard track.still == nil else { return nil }
      let count = track.segments.count(where: { $0.spatial != nil && !$0.hold })
      return count > 0 ? count : nil
    }

    /// `track`'s first two dimensions through `value` (a position, or an anchor negated) as a
    /// path written `scale` times larger; nil where the track has no spatial segment that
    /// moves, or is no one path (a value jumps at a keyframe, a third dimension moves). The
    /// same for every instance of the layer (its time map is the keyframes').
    init?(
      _ track: LottieTrack, scale: Double, rotates: Bool, value: (Double) -> Double
    ) {
      guard Self.cubics(track) != nil else { return nil }
      let segments = track.segments
      func planar(_ v: [Double]) -> [Double] {
        [0, 1].map { value(CSSKeyframes.component(v, $0, [0, 0])) * scale }
      }
      func float(_ v: [Double]) -> BrowserPathMeasure.Point { .init(Float(v[0]), Float(v[1])) }
      // One plane: a third dimension that moves is no 2D path.
      let z = segments.first?.start.dropFirst(2).first
      var pieces: [BrowserPathMeasure.Piece] = []
      let first = planar(segments[0].start)
      var text = "M " + first.map(numberText).joined(separator: " ")
      for (k, segment) in segments.enumerated() {
        let next = k + 1 < segments.count ? segments[k + 1].start : track.lastValue
        var points = [segment.start, segment.end, next]
        if let spatial = segment.spatial { points += [spatial.c1, spatial.c2] }
        guard points.allSatisfy({ $0.dropFirst(2).first == z }) else { return nil }
        guard segment.hold || segment.end == next else { return nil }
        let to = planar(next)
        if let spatial = segment.spatial, !segment.hold {
          let (c1, c2) = (planar(spatial.c1), planar(spatial.c2))
          pieces.append(.cubic(float(c1), float(c2), to: float(to)))
          text += " C " + (c1 + c2 + to).map(numberText).joined(separator: " ")
        } else {
          pieces.append(.line(to: float(to)))
          text += " L " + to.map(numberText).joined(separator: " ")
        }
      }
      let measure = BrowserPathMeasure(start: float(first), pieces: pieces)
      guard measure.length.isFinite, measure.length > 0 else { return nil }
      (self.measure, self.text, self.rotates) = (measure, text, rotates)
    }
  }

  /// `track` along `path` (made from it) as `offset-distance` keyframes over root frames
  /// `window`, its frames `map` of the root's; nil where a segment's easing runs beyond its
  /// ends or its dimensions are eased apart on a line, or where nothing moves in the window (a
  /// still translation says it exactly).
  static func offsetDistance(
    _ track: LottieTrack, along path: OffsetPath, map: FrameMap, window: ClosedRange<Double>
  ) -> CSSKeyframes? {
    let segments = track.segments
    guard map.scale > 0, path.measure.ends.count == segments.count else { return nil }
    // Each keyframe's distance: where the browser's measure puts its value.
    let distances = [0] + path.measure.ends.map(Double.init)
    let keyframes = Self.keyframes(
      track, map: map, window: window, along: true, first: [0],
      last: [distances[segments.count]],
      easing: { segment in
        // Along a curve every dimension moves by the first's easing (as the timeline reads
        // it); on a line they must share one.
        if segment.spatial != nil { return .some(segment.easings.first ?? nil) }
        let easings = (0..<2).map { segment.easings[min($0, segment.easings.count - 1)] }
        guard easings[0] == easings[1] else { return .none }
        return .some(easings[0])
      },
      at: { k, p in
        segments[k].hold ? [distances[k]] : [distances[k] + (distances[k + 1] - distances[k]) * p]
      },
      joins: { _, _ in true })
    guard let keyframes, !keyframes.isStill else { return nil }
    return keyframes
  }
}
