import TimingEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension LottieTrack {
  /// The value at `frame` as `playback` evaluates it (`LottiePlayback`): the timeline's own
  /// value for `.exact`.
  func value(at frame: Double, playback: LottiePlayback) -> [Double] {
    guard playback != .exact else { return value(at: frame) }
    if let still { return still }
    guard let (k, x) = segment(at: frame, playback: playback) else {
      return frame < lastTime ? segments[0].start : lastValue
    }
    let segment = segments[k]
    let held = holds(segment, playback)
    if playback.arcLength == .curveParameterAtTime {
      // python-lottie (`OffsetKeyframe.interpolated_value`): a hold first, then the ends as
      // they are, then the cubic through the tangents at the time's fraction, uneased.
      if held { return segment.start }
      if x == 1 { return segment.end }
      if x == 0 { return segment.start }
      if let points = Self.pythonLottieCurve(segment) {
        return Self.bezierPoint(points, x)
      }
    } else if playback.arcLength == .rlottie, let path = Self.rlottiePath(segment) {
      // Its hold is progress 0 along the path: within 0.01 of the start.
      let progress = held ? 0 : ease(segment, dimension: 0, x, playback)
      let total = path.length()
      return path.point(at: path.parameter(atLength: Float(progress) * total, total: total))
    } else if playback.arcLength == .thorvg, !held, let path = Self.rlottiePath(segment) {
      let progress = ease(segment, dimension: 0, x, playback)
      let total = path.length()
      return path.point(
        at: path.parameter(atLength: Float(progress) * total, total: total, search: .thorvg))
    } else if let spatial = segment.spatial, playback.arcLength != .straightLine,
      playback.arcLength != .rlottie, playback.arcLength != .thorvg,
      !held || playback.holdFollowsTangents
    {
      let progress = ease(segment, dimension: 0, x, playback)
      switch playback.arcLength {
      case .exact, .curveParameterAtTime, .straightLine, .rlottie, .thorvg:
        return spatial.point(atProgress: progress)
      case .polyline(let points):
        return LottieWebPolyline(spatial, points: points).point(atProgress: progress)
      }
    }
    if held { return segment.start }
    return segment.start.indices.map { d in
      segment.start[d] + (segment.end[d] - segment.start[d])
        * ease(segment, dimension: d, x, playback)
    }
  }

  /// The segment `playback` reads at `frame` and the time's fraction through it; nil before
  /// the first keyframe or after the last (python-lottie: at or before the first, and only
  /// after the last — its own time ends the segment before it).
  func segment(at frame: Double, playback: LottiePlayback) -> (Int, Double)? {
    let k: Int
    switch playback.hold {
    case .flagged:
      guard frame < lastTime, let index = segmentIndex(at: frame) else { return nil }
      k = index
    case .missingHandlesThroughNext:
      // `_get_value_helper`: the first keyframe at or after the frame ends the segment.
      guard let first = segments.first, frame > first.time, frame <= lastTime else { return nil }
      var lo = 0
      var hi = segments.count - 1
      while lo < hi {
        let mid = (lo + hi + 1) / 2
        if segments[mid].time < frame { lo = mid } else { hi = mid - 1 }
      }
      k = lo
    }
    let next = k + 1 < segments.count ? segments[k + 1].time : lastTime
    return (k, (frame - segments[k].time) / (next - segments[k].time))
  }

  /// rlottie's path for a segment with tangents (2D), nil without them or where its length is
  /// 0 (rlottie then moves along the straight line).
  static func rlottiePath(_ segment: Segment) -> LottieRlottiePath? {
    guard let (out, back) = segment.tangents, out.count >= 2, back.count >= 2,
      segment.start.count >= 2, segment.end.count >= 2
    else { return nil }
    let path = LottieRlottiePath(start: segment.start, out: out, in: back, end: segment.end)
    return abs(path.length()) < 1e-6 ? nil : path
  }

  /// Whether `playback` holds the segment's start.
  func holds(_ segment: Segment, _ playback: LottiePlayback) -> Bool {
    switch playback.hold {
    case .flagged: segment.hold
    case .missingHandlesThroughNext: segment.handles == nil
    }
  }

  /// python-lottie's curve for a segment (`Bezier._bezier_points`): start, start + to,
  /// end + ti, end where the keyframe has both tangents; start, end alone where `to` is zero
  /// (it tests `to`'s length for both control points). nil without both tangents.
  static func pythonLottieCurve(_ segment: Segment) -> [[Double]]? {
    guard let (out, back) = segment.tangents, !out.isEmpty else { return nil }
    let n = out.count
    let start = Array(segment.start.prefix(n))
    let end = Array(segment.end.prefix(n))
    guard out.contains(where: { $0 != 0 }) else { return [start, end] }
    return [start, (0..<n).map { start[$0] + out[$0] }, (0..<n).map { end[$0] + back[$0] }, end]
  }

  /// A Bézier curve's point at parameter t, by its Bernstein sum as python-lottie computes it.
  static func bezierPoint(_ points: [[Double]], _ t: Double) -> [Double] {
    let n = points.count - 1
    let weights: [Double] =
      n == 1
      ? [1 - t, t]
      : [(1 - t) * (1 - t) * (1 - t), 3 * (1 - t) * (1 - t) * t, 3 * (1 - t) * t * t, t * t * t]
    return points[0].indices.map { d in
      (0...n).reduce(0.0) { $0 + points[$1][d] * weights[$1] }
    }
  }

  /// python-lottie's auto-orient angle in degrees (`get_tangent_angle`): the tangent of the
  /// segment's curve at the time's fraction; at or before the first keyframe the first
  /// segment's at its start; 0 after the last keyframe or where the keyframe lacks `to`/`ti`.
  func pythonLottieTangentAngle(at frame: Double, playback: LottiePlayback) -> Double {
    guard still == nil, keyframeCount >= 2, let first = segments.first else { return 0 }
    let k: Int
    let x: Double
    if let (index, fraction) = segment(at: frame, playback: playback) {
      (k, x) = (index, fraction)
    } else if frame <= first.time {
      (k, x) = (0, 0)
    } else {
      return 0
    }
    guard let points = Self.pythonLottieCurve(segments[k]), points[0].count >= 2 else { return 0 }
    let t = min(max(x, 0), 1)
    let n = points.count - 1
    // The derivative's Bernstein sum of degree n − 1.
    let weights: [Double] = n == 1 ? [1] : [(1 - t) * (1 - t), 2 * (1 - t) * t, t * t]
    var delta = [0.0, 0.0]
    for i in 0..<n {
      for d in 0..<2 {
        delta[d] += (points[i + 1][d] - points[i][d]) * Double(n) * weights[i]
      }
    }
    return atan2(delta[1], delta[0]) * 180 / .pi
  }

  /// The segment's easing in one dimension at x, as `playback` solves it.
  func ease(_ segment: Segment, dimension d: Int, _ x: Double, _ playback: LottiePlayback)
    -> Double
  {
    // Another curve's, where the player's cache gives it one (its first dimension's, for all).
    if let cache = playback.easingCache, let h = segment.cached[cache] {
      switch playback.easing {
      case .rlottie, .rlottieAsWritten:
        return LottieSplineEasing<Float>(h[0], h[1], h[2], h[3], as: .rlottie).value(x)
      case .rlottieClamped:
        return LottieSplineEasing<Float>(
          min(max(h[0], 0), 1), h[1], min(max(h[2], 0), 1), h[3], as: .rlottie
        ).value(x)
      case .exactClamped, .firstDimension, .lottieWeb, .lottieWebClamped, .pythonLottie,
        .pythonLottieClamped:
        let (x1, x2) = (min(max(h[0], 0), 1), min(max(h[2], 0), 1))
        return x1 == h[1] && x2 == h[3] ? x : CubicBezier(x1, h[1], x2, h[3]).solve(x)
      }
    }
    switch playback.easing {
    case .exactClamped:
      return segment.easings[min(d, segment.easings.count - 1)]?.solve(x) ?? x
    case .firstDimension:
      return segment.easings[0]?.solve(x) ?? x
    case .rlottie, .rlottieClamped, .rlottieAsWritten:
      guard let handles = segment.handles else { return x }
      if playback.easing == .rlottieAsWritten {
        let h = handles[min(d, handles.count - 1)]
        return LottieSplineEasing<Float>(h[0], h[1], h[2], h[3], as: .rlottie).value(x)
      }
      guard playback.easing == .rlottieClamped else {
        let h = handles[0]
        return LottieSplineEasing<Float>(h[0], h[1], h[2], h[3], as: .rlottie).value(x)
      }
      let h = handles[min(d, handles.count - 1)]
      return LottieSplineEasing<Float>(
        min(max(h[0], 0), 1), h[1], min(max(h[2], 0), 1), h[3], as: .rlottie
      ).value(x)
    case .lottieWeb, .lottieWebClamped, .pythonLottie, .pythonLottieClamped:
      guard let handles = segment.handles else { return x }
      let clamped = playback.easing == .lottieWebClamped || playback.easing == .pythonLottieClamped
      let h = handles[playback.easing == .pythonLottie ? 0 : min(d, handles.count - 1)]
      let (x1, x2) = clamped ? (min(max(h[0], 0), 1), min(max(h[2], 0), 1)) : (h[0], h[2])
      let web = playback.easing == .lottieWeb || playback.easing == .lottieWebClamped
      return LottieSplineEasing<Double>(x1, h[1], x2, h[3], as: web ? .lottieWeb : .pythonLottie)
        .value(x)
    }
  }
}
