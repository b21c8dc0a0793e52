extension LottieTrack {
  /// Every value times `factor` (colours written in 0…255).
  func scaled(by factor: Double) -> LottieTrack {
    var track = LottieTrack(
      still: still?.map { $0 * factor },
      segments: segments.map {
        Segment(
          time: $0.time, start: $0.start.map { $0 * factor }, end: $0.end.map { $0 * factor },
          hold: $0.hold, easings: $0.easings, spatial: nil, handles: $0.handles,
          tangents: nil, cached: $0.cached)
      }, lastTime: lastTime, lastValue: lastValue.map { $0 * factor })
    track.pointer = pointer
    track.keyframeCount = keyframeCount
    return track
  }
}
