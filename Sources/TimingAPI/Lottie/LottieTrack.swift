import TimingEngine

/// One animatable Lottie property made ready to evaluate at any frame (docs/lottie.md
/// "Keyframes"): its keyframes' times, values and ends, each segment's easing per dimension as
/// an exact cubic Bézier and, for a spatial segment, its curve by arc length. Built once per
/// property, so that a frame costs a binary search and one segment's evaluation.
struct LottieTrack: Sendable {
  /// A segment from one keyframe to the next.
  struct Segment: Sendable {
    let time: Double
    let start: [Double]
    let end: [Double]
    let hold: Bool
    /// Per dimension (a handle's first value where it has fewer, as lottie-web reads them); nil
    /// for a straight line.
    let easings: [CubicBezier?]
    /// The curve along `to`/`ti`, when the keyframe has tangents that leave the straight line
    /// (made for a hold too, which holds: lottie-web follows it, `LottiePlayback`).
    let spatial: SpatialSegment?
    /// The handles as written, per dimension: o.x, o.y, i.x, i.y (a dimension beyond a handle's
    /// array takes its first); nil where the keyframe has none. What a player that does not
    /// clamp x reads (`LottiePlayback`).
    let handles: [[Double]]?
    /// The keyframe's `to` and `ti` as written, where it has both (a position or an anchor,
    /// on the line or not): what python-lottie follows (`LottiePlayback`).
    let tangents: (out: [Double], in: [Double])?
    /// The handles (o.x, o.y, i.x, i.y) rlottie and ThorVG ease this segment by where their
    /// caches give it another curve's (`LottieEasingCache`).
    var cached: [LottieEasingCache: [Double]] = [:]
  }

  /// A still value, or keyframes.
  let still: [Double]?
  /// Where the property is (the lint names it), and how many keyframes it has (0 for a still
  /// value; lottie-web fails on an animated property of one).
  var pointer = JSONPointer()
  var keyframeCount = 0
  /// The last keyframe states `i` and `o` and is no hold (rlottie then reads the property as
  /// nothing).
  var lastKeyframeEased = false
  let segments: [Segment]
  /// The time of the last keyframe, and the value from it on.
  let lastTime: Double
  let lastValue: [Double]

  /// The largest magnitude of a time or a value: beyond, a transform's products overflow long
  /// before a frame is drawn.
  static let valueRange = -1e9...1e9
  /// Work units of building a keyframe's segment (values, ends, a curve per dimension) and a
  /// spatial segment's arc length.
  static let keyframeCost = 400
  static let spatialCost = 4_000
  /// Easing handles' y at most: beyond, a value's products overflow double (y 1e308 made a
  /// position null).
  static let handleRange = -1e6...1e6

  init(still value: [Double]) {
    self.init(still: value, segments: [], lastTime: 0, lastValue: value)
  }

  init(still: [Double]?, segments: [Segment], lastTime: Double, lastValue: [Double]) {
    self.still = still
    self.segments = segments
    self.lastTime = lastTime
    self.lastValue = lastValue
  }

  /// The track of `property` (`pointer` names it in problems); nil after a problem. `spatial`:
  /// whether the keyframes' `to`/`ti` are followed (a position or an anchor).
  init?(
    _ property: LottieAnimated<LottieNumbers>, at pointer: JSONPointer, spatial: Bool,
    caches: LottieEasingCache.Substitutions = .init(), in context: inout DecodingContext
  ) {
    let valuePointer = pointer / LottieAnimated<LottieNumbers>.Member.value
    switch property.content {
    case .still(let value):
      guard Self.checked(value.values, at: valuePointer, in: &context) else { return nil }
      self.init(still: value.values)
      self.pointer = pointer
    case .keyframes(let keyframes):
      guard !keyframes.isEmpty else {
        context.fail(valuePointer, "has no keyframes; an animated property needs at least one")
        return nil
      }
      // Building is charged before it runs: a keyframe's values and curves, and a spatial
      // segment's arc length (PacedCurve, about 4 µs), so 170 000 spatial keyframes (7.9 MB)
      // are refused rather than built for 32 s (debug).
      let spatialCount = spatial ? keyframes.filter { $0.spatialOut != nil }.count : 0
      guard context.charge(keyframes.count, Self.keyframeCost, at: valuePointer),
        context.charge(spatialCount, Self.spatialCost, at: valuePointer)
      else { return nil }
      var segments: [Segment] = []
      segments.reserveCapacity(keyframes.count - 1)
      var previous = -Double.infinity
      for (i, keyframe) in keyframes.enumerated() {
        let at = valuePointer / i
        guard Self.valueRange.contains(keyframe.time) else {
          context.fail(at / LottieKeyframe<LottieNumbers>.Member.time, "must lie in [-1e9, 1e9]")
          return nil
        }
        guard keyframe.time >= previous else {
          context.fail(
            at / LottieKeyframe<LottieNumbers>.Member.time,
            "is \(numberText(keyframe.time)), before the keyframe before it (\(numberText(previous))): keyframes must be in order of time"
          )
          return nil
        }
        previous = keyframe.time
      }
      for (i, keyframe) in keyframes.enumerated() {
        for (member, handle) in [
          (LottieKeyframe<LottieNumbers>.Member.outHandle, keyframe.outHandle),
          (.inHandle, keyframe.inHandle),
        ] {
          guard let handle else { continue }
          for (axis, numbers) in [("x", handle.x), ("y", handle.y)] {
            for (d, v) in numbers.values.enumerated() where !Self.handleRange.contains(v) {
              context.fail(
                valuePointer / i / member / axis / d,
                "is \(numberText(v)); an easing handle's \(axis) must lie in [-1e6, 1e6]")
              return nil
            }
          }
        }
      }
      // Each value: its `s`, or (bodymovin before 5.x) the previous keyframe's `e`.
      var values: [[Double]] = []
      for (i, keyframe) in keyframes.enumerated() {
        let at = valuePointer / i
        let value =
          keyframe.start?.values ?? (i > 0 ? keyframes[i - 1].end?.values : nil)
          ?? keyframe.end?.values
        guard let value, !value.isEmpty else {
          context.fail(
            at / LottieKeyframe<LottieNumbers>.Member.start,
            "is required: the keyframe's value (or, in files before 5.x, the previous keyframe's e)"
          )
          return nil
        }
        guard Self.checked(value, at: at / LottieKeyframe<LottieNumbers>.Member.start, in: &context)
        else { return nil }
        values.append(value)
      }
      for i in keyframes.indices.dropLast() {
        let keyframe = keyframes[i]
        let at = valuePointer / i
        // The end: the next keyframe's value (`e` only where it has none, as lottie-web reads).
        let end = keyframes[i + 1].start?.values ?? keyframe.end?.values ?? values[i + 1]
        guard Self.checked(end, at: at / LottieKeyframe<LottieNumbers>.Member.end, in: &context)
        else { return nil }
        let start = values[i]
        let dimensions = min(start.count, end.count)
        var easings: [CubicBezier?] = []
        for d in 0..<max(dimensions, 1) {
          easings.append(Self.easing(keyframe, dimension: d))
        }
        var curve: SpatialSegment?
        var tangents: (out: [Double], in: [Double])?
        if spatial, let out = keyframe.spatialOut?.values,
          let back = keyframe.spatialIn?.values
        {
          guard
            Self.checked(
              out, at: at / LottieKeyframe<LottieNumbers>.Member.spatialOut, in: &context),
            Self.checked(
              back, at: at / LottieKeyframe<LottieNumbers>.Member.spatialIn, in: &context)
          else { return nil }
          let n = min(dimensions, out.count, back.count)
          tangents = (Array(out.prefix(n)), Array(back.prefix(n)))
          if Self.leavesTheLine(
            start: start, end: end, out: out, in: back,
            endStated: keyframes[i + 1].start != nil)
          {
            curve = SpatialSegment(
              start: Array(start.prefix(n)), end: Array(end.prefix(n)),
              out: Array(out.prefix(n)), in: Array(back.prefix(n)))
          }
        }
        var segment = Segment(
          time: keyframe.time, start: Array(start.prefix(dimensions)),
          end: Array(end.prefix(dimensions)), hold: keyframe.isHold, easings: easings,
          spatial: curve, handles: Self.handles(keyframe, dimensions: max(dimensions, 1)),
          tangents: tangents)
        for cache in LottieEasingCache.allCases {
          if let handles = caches.handles(cache, at: at) { segment.cached[cache] = handles }
        }
        segments.append(segment)
      }
      self.init(
        still: keyframes.count == 1 ? values[0] : nil, segments: segments,
        lastTime: keyframes[keyframes.count - 1].time, lastValue: values[values.count - 1])
      keyframeCount = keyframes.count
      let last = keyframes[keyframes.count - 1]
      lastKeyframeEased =
        keyframes.count > 1 && last.outHandle != nil && last.inHandle != nil && !last.isHold
      self.pointer = pointer
    }
  }

  /// Keyframe and tangent values must be finite and within `valueRange`.
  static func checked(
    _ values: [Double], at pointer: JSONPointer, in context: inout DecodingContext
  )
    -> Bool
  {
    for (i, v) in values.enumerated() where !valueRange.contains(v) {
      context.fail(
        values.count == 1 ? pointer : pointer / i,
        "is \(numberText(v)); a value here must lie in [-1e9, 1e9]")
      return false
    }
    return true
  }

  /// The keyframe's easing in one dimension: the cubic Bézier through (0, 0), `o`, `i`, (1, 1),
  /// each handle's value for that dimension or, where it has fewer, its first (lottie-web's
  /// fallback); x clamped to [0, 1] (lottie-spec 1.0: "numbers within 0 and 1"). nil for a
  /// straight line: handles missing (only a hold or the last keyframe may leave them out) or on
  /// the diagonal.
  static func easing(_ keyframe: LottieKeyframe<LottieNumbers>, dimension d: Int) -> CubicBezier? {
    guard let o = keyframe.outHandle, let i = keyframe.inHandle else { return nil }
    func component(_ numbers: LottieNumbers) -> Double {
      d < numbers.values.count ? numbers.values[d] : numbers.values[0]
    }
    let (ox, oy, ix, iy) = (component(o.x), component(o.y), component(i.x), component(i.y))
    guard ox.isFinite, oy.isFinite, ix.isFinite, iy.isFinite else { return nil }
    if ox == oy && ix == iy { return nil }
    return CubicBezier(min(max(ox, 0), 1), oy, min(max(ix, 0), 1), iy)
  }

  /// The keyframe's handles as written, per dimension (o.x, o.y, i.x, i.y); nil without both.
  static func handles(_ keyframe: LottieKeyframe<LottieNumbers>, dimensions: Int) -> [[Double]]? {
    guard let o = keyframe.outHandle, let i = keyframe.inHandle else { return nil }
    func component(_ numbers: LottieNumbers, _ d: Int) -> Double {
      d < numbers.values.count ? numbers.values[d] : numbers.values[0]
    }
    return (0..<dimensions).map { d in
      [component(o.x, d), component(o.y, d), component(i.x, d), component(i.y, d)]
    }
  }

  /// Whether a keyframe's tangents are followed: lottie-web (`KeyframedMultidimensionalProperty`,
  /// read at v5.7.14) draws a straight line instead where the next keyframe states its value and
  /// either both control points lie on the line through the two values — in 2D the determinant
  /// of the triangle each makes with them under 0.001 (`bez.pointOnLine2D`), in 3D (z not all 0)
  /// the longest side of that triangle within 1e-4 of the other two's sum (`pointOnLine3D`) —
  /// or the values meet and both tangents are zero; a keyframe whose next states no value (a
  /// file before 5.x, its end in `e`) is always followed. lottie-spec 1.0 says nothing of it;
  /// followed so that a file's straight moves are straight in every player.
  static func leavesTheLine(
    start: [Double], end: [Double], out: [Double], in back: [Double], endStated: Bool
  ) -> Bool {
    guard endStated else { return true }
    let n = start.count
    guard n == 2 || n == 3, end.count >= n, out.count >= n, back.count >= n else { return true }
    if (0..<n).allSatisfy({ start[$0] == end[$0] }) {
      return !(0..<n).allSatisfy { out[$0] == 0 && back[$0] == 0 }
    }
    func onLine(_ p: [Double]) -> Bool {
      let (x1, y1, x2, y2, x3, y3) = (start[0], start[1], end[0], end[1], p[0], p[1])
      func flat() -> Bool {
        let det = x1 * y2 + y1 * x3 + x2 * y3 - x3 * y2 - y3 * x1 - x2 * y1
        return det > -0.001 && det < 0.001
      }
      guard n == 3 else { return flat() }
      let (z1, z2, z3) = (start[2], end[2], p[2])
      if z1 == 0 && z2 == 0 && z3 == 0 { return flat() }
      func distance(_ a: [Double], _ b: [Double]) -> Double {
        ((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2])
          * (a[2] - b[2]))
          .squareRoot()
      }
      let (d1, d2, d3) = (distance(end, start), distance(p, start), distance(p, end))
      let difference =
        d1 > d2 ? (d1 > d3 ? d1 - d2 - d3 : d3 - d2 - d1) : (d3 > d2 ? d3 - d2 - d1 : d2 - d1 - d3)
      return difference > -0.0001 && difference < 0.0001
    }
    let c1 = (0..<n).map { start[$0] + out[$0] }
    let c2 = (0..<n).map { end[$0] + back[$0] }
    return !(onLine(c1) && onLine(c2))
  }
}
