import TimingEngine

/// A spatial segment as lottie-web follows it (`bez.buildBezierData` and its keyframe
/// interpolation, read at v5.7.14): the curve sampled at `points` evenly spaced parameters
/// (150), the progress a fraction of the polyline's length through them, walked chord by
/// chord; a progress of 0 is the start, and one the walk does not place — below 0 or past the
/// end — the end. For the lint, to say what lottie-web shows; the timeline follows the curve's
/// true arc length (`SpatialSegment`).
struct LottieWebPolyline: Sendable {
  let points: [[Double]]
  /// Length along the polyline at each point.
  let lengths: [Double]

  init(_ segment: SpatialSegment, points count: Int) {
    var points: [[Double]] = []
    var lengths: [Double] = []
    var total = 0.0
    for k in 0..<count {
      let s = Double(k) / Double(count - 1)
      let t = 1 - s
      let (a, b, c, d) = (t * t * t, 3 * t * t * s, 3 * t * s * s, s * s * s)
      let point = segment.start.indices.map { i in
        a * segment.start[i] + b * segment.c1[i] + c * segment.c2[i] + d * segment.end[i]
      }
      if let previous = points.last {
        var squared = 0.0
        for i in point.indices { squared += (point[i] - previous[i]) * (point[i] - previous[i]) }
        total += squared.squareRoot()
      }
      points.append(point)
      lengths.append(total)
    }
    self.points = points
    self.lengths = lengths
  }

  func point(atProgress progress: Double) -> [Double] {
    let distance = lengths[lengths.count - 1] * progress
    if progress == 0 || distance == 0 { return points[0] }
    for j in 0..<(points.count - 1) where lengths[j] <= distance && distance < lengths[j + 1] {
      let f = (distance - lengths[j]) / (lengths[j + 1] - lengths[j])
      return points[j].indices.map { points[j][$0] + (points[j + 1][$0] - points[j][$0]) * f }
    }
    return points[points.count - 1]
  }
}
