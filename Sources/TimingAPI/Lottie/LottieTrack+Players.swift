extension LottieTrack {
  /// lottie-android's value of an opacity (`IntegerParser`, `MiscUtils.lerp(int…)`): each
  /// keyframe's value rounded to a whole percent as it is read (Java's `Math.round`, half up),
  /// the value between them truncated to one.
  func wholePercentValue(at frame: Double, playback: LottiePlayback) -> Double {
    func whole(_ v: Double) -> Double { (v + 0.5).rounded(.down) }
    if let still { return whole(still.first ?? 100) }
    guard let (k, x) = segment(at: frame, playback: playback) else {
      return whole((frame < lastTime ? segments[0].start : lastValue).first ?? 100)
    }
    let segment = segments[k]
    let start = whole(segment.start.first ?? 100)
    guard !holds(segment, playback) else { return start }
    let end = whole(segment.end.first ?? 100)
    return (start + ease(segment, dimension: 0, x, playback) * (end - start)).rounded(.towardZero)
  }

  /// rlottie's auto-orient direction (`Value<T, Position>::angle`): along its curve where the
  /// keyframe has tangents; none on a straight segment, at or before the first keyframe, or from
  /// the last on.
  func curveDirection(at frame: Double, playback: LottiePlayback) -> [Double]? {
    guard still == nil, let first = segments.first, frame > first.time, frame < lastTime,
      let (k, x) = segment(at: frame, playback: playback),
      let path = Self.rlottiePath(segments[k])
    else { return nil }
    let progress = holds(segments[k], playback) ? 0 : ease(segments[k], dimension: 0, x, playback)
    let total = path.length()
    return path.derivative(at: path.parameter(atLength: Float(progress) * total, total: total))
  }

  /// Skottie's auto-orient direction (`Vec2KeyframeAnimator`): the curve's tangent on a spatial
  /// segment, the chord on a straight one; none before the first keyframe or in a hold without
  /// tangents; from the last keyframe on, the last segment's.
  func directionOutsideHolds(at frame: Double) -> [Double]? {
    guard still == nil, let first = segments.first, frame >= first.time else { return nil }
    let k = segmentIndex(at: frame) ?? segments.count - 1
    let segment = segments[k]
    guard segment.spatial != nil else {
      guard !segment.hold else { return nil }
      return segment.start.indices.map { segment.end[$0] - segment.start[$0] }
    }
    return direction(at: frame)
  }
}

extension LottieTrack {
  /// ThorVG's auto-orient direction (`LottieVectorFrame::angle`): a straight segment's chord, a
  /// curved one's tangent at the length's parameter kept within [0.01, 0.99]; from the last
  /// keyframe on the last segment's end.
  func thorvgDirection(at frame: Double, playback: LottiePlayback) -> [Double]? {
    guard still == nil, !segments.isEmpty else { return nil }
    let k: Int
    let x: Double
    if let (index, fraction) = segment(at: frame, playback: playback) {
      (k, x) = (index, fraction)
    } else {
      (k, x) = frame < lastTime ? (0, 0) : (segments.count - 1, 1)
    }
    let segment = segments[k]
    guard let path = Self.rlottiePath(segment) else {
      return segment.start.indices.map { segment.end[$0] - segment.start[$0] }
    }
    let total = path.length()
    let t = path.parameter(
      atLength: Float(ease(segment, dimension: 0, x, playback)) * total, total: total,
      search: .thorvg)
    return path.derivative(at: min(max(t, 0.01), 0.99))
  }
}
