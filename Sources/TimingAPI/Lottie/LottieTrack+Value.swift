import TimingEngine

extension LottieTrack {
  /// The segment a frame falls in: the last whose keyframe is at or before it (so at a
  /// keyframe's own time its value is that keyframe's — of two at one time, the later's, as
  /// lottie-web reads them); nil before the first keyframe or from the last on.
  func segmentIndex(at frame: Double) -> Int? {
    guard let first = segments.first, frame >= first.time, frame < lastTime else { return nil }
    var lo = 0
    var hi = segments.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if segments[mid].time <= frame { lo = mid } else { hi = mid - 1 }
    }
    // Keyframes at one time: the segment between them is empty; the later one starts here.
    while lo + 1 < segments.count, segments[lo + 1].time <= frame { lo += 1 }
    return lo
  }

  /// The value at `frame` (lottie-spec 1.0 "Animated Property"): the first keyframe's before
  /// it, the last's from it on, a hold's until the next keyframe, and between keyframes each
  /// dimension eased by its curve — or, along a spatial segment, the point that far along the
  /// curve by arc length, eased by the first dimension's curve.
  func value(at frame: Double) -> [Double] {
    if let still { return still }
    if frame >= lastTime { return lastValue }
    guard let k = segmentIndex(at: frame) else { return segments[0].start }
    let segment = segments[k]
    if segment.hold { return segment.start }
    let next = k + 1 < segments.count ? segments[k + 1].time : lastTime
    let x = (frame - segment.time) / (next - segment.time)
    if let spatial = segment.spatial {
      let progress = segment.easings[0]?.solve(x) ?? x
      return spatial.point(atProgress: progress)
    }
    return segment.start.indices.map { d in
      let u = segment.easings[min(d, segment.easings.count - 1)]?.solve(x) ?? x
      return segment.start[d] + (segment.end[d] - segment.start[d]) * u
    }
  }

  /// The direction the value moves in at `frame` (for a position, the way an auto-oriented
  /// layer faces): its derivative, or where that vanishes (an eased start, a hold) the
  /// segment's own direction; before the first keyframe the first segment's, from the last
  /// on the last's. nil for a still value.
  func direction(at frame: Double) -> [Double]? {
    guard still == nil, !segments.isEmpty else { return nil }
    let k: Int
    let x: Double
    if let index = segmentIndex(at: frame) {
      k = index
      let next = k + 1 < segments.count ? segments[k + 1].time : lastTime
      x = (frame - segments[k].time) / (next - segments[k].time)
    } else if frame < segments[0].time {
      (k, x) = (0, 0)
    } else {
      (k, x) = (segments.count - 1, 1)
    }
    let segment = segments[k]
    let chord = segment.start.indices.map { segment.end[$0] - segment.start[$0] }
    guard !segment.hold else { return chord }
    if let spatial = segment.spatial {
      let progress = segment.easings[0]?.solve(x) ?? x
      return spatial.tangent(atProgress: progress)
    }
    let slopes = segment.start.indices.map { d in
      segment.easings[min(d, segment.easings.count - 1)]?.slope(x) ?? 1
    }
    // A slope is infinite at an end whose handle is vertical (o.x 0, or i.x 1): those
    // dimensions outrun the others, so the direction is theirs alone (0 × ∞ was NaN).
    let moving =
      slopes.contains { $0.isInfinite }
      ? segment.start.indices.map { d in
        slopes[d].isInfinite ? chord[d] * (slopes[d] > 0 ? 1 : -1) : 0
      }
      : segment.start.indices.map { d in chord[d] * slopes[d] }
    return moving.contains { $0 != 0 } && moving.allSatisfy(\.isFinite) ? moving : chord
  }

  /// Whether the value changes over time.
  var isAnimated: Bool { still == nil }
}
