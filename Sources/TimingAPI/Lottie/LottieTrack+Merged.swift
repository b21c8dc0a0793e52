import TimingEngine

extension LottieTrack {
  /// python-lottie's reading of a split position (`PositionValue._load_split` and
  /// `merge_keyframes`, read at 0.7.2): the axes' keyframes merged at the union of their times —
  /// at each time the first axis's keyframe there (x before y) with its handles, its value each
  /// axis's value there as python-lottie reads it — so that every axis eases by one curve, and
  /// a merged keyframe without handles holds. nil where no axis is animated.
  static func mergedAxes(_ axes: [LottieTrack]) -> LottieTrack? {
    // (time, handles): each axis's keyframes in order, x's first at a shared time (a stable
    // sort, as Python's); a last keyframe has no segment, so no handles.
    var keyframes: [(time: Double, handles: [[Double]]?)] = []
    for axis in axes where axis.isAnimated {
      keyframes += axis.segments.map { ($0.time, $0.handles) }
      keyframes.append((axis.lastTime, nil))
    }
    guard !keyframes.isEmpty else { return nil }
    let ordered = keyframes.enumerated().sorted {
      $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset
    }.map(\.element)
    var merged: [(time: Double, handles: [[Double]]?)] = []
    for keyframe in ordered where merged.last?.time != keyframe.time { merged.append(keyframe) }
    let values = merged.map { keyframe in
      axes.map { $0.value(at: keyframe.time, playback: .pythonLottie).first ?? 0 }
    }
    let segments = merged.indices.dropLast().map { i -> Segment in
      let h = merged[i].handles?.first
      let easing = h.flatMap { h -> CubicBezier? in
        h[0] == h[1] && h[2] == h[3]
          ? nil : CubicBezier(min(max(h[0], 0), 1), h[1], min(max(h[2], 0), 1), h[3])
      }
      return Segment(
        time: merged[i].time, start: values[i], end: values[i + 1], hold: h == nil,
        easings: [easing], spatial: nil, handles: h.map { [$0] }, tangents: nil)
    }
    var track = LottieTrack(
      still: merged.count == 1 ? values[0] : nil, segments: segments,
      lastTime: merged[merged.count - 1].time, lastValue: values[values.count - 1])
    track.keyframeCount = merged.count
    return track
  }
}
