extension LottieTrack {
  /// The value at `frame` as `playback` evaluates it (`LottiePlayback`): the timeline's own
  /// value for `.exact`.
  func value(at frame: Double, playback: LottiePlayback) -> [Double] {
    guard playback != .exact else { return value(at: frame) }
    if let still { return still }
    if frame >= lastTime { return lastValue }
    guard let k = segmentIndex(at: frame) else { return segments[0].start }
    let segment = segments[k]
    let next = k + 1 < segments.count ? segments[k + 1].time : lastTime
    let x = (frame - segment.time) / (next - segment.time)
    if let spatial = segment.spatial, !segment.hold || playback.holdFollowsTangents {
      let progress = ease(segment, dimension: 0, x, playback)
      switch playback.arcLength {
      case .exact: return spatial.point(atProgress: progress)
      case .polyline(let points):
        return LottieWebPolyline(spatial, points: points).point(atProgress: progress)
      }
    }
    if segment.hold { return segment.start }
    return segment.start.indices.map { d in
      segment.start[d] + (segment.end[d] - segment.start[d])
        * ease(segment, dimension: d, x, playback)
    }
  }

  /// The segment's easing in one dimension at x, as `playback` solves it.
  func ease(_ segment: Segment, dimension d: Int, _ x: Double, _ playback: LottiePlayback)
    -> Double
  {
    switch playback.easing {
    case .exactClamped:
      return segment.easings[min(d, segment.easings.count - 1)]?.solve(x) ?? x
    case .lottieWeb, .lottieWebClamped:
      guard let handles = segment.handles else { return x }
      let h = handles[min(d, handles.count - 1)]
      guard playback.easing == .lottieWeb else {
        return LottieWebEasing(min(max(h[0], 0), 1), h[1], min(max(h[2], 0), 1), h[3]).value(x)
      }
      return LottieWebEasing(h[0], h[1], h[2], h[3]).value(x)
    }
  }
}
