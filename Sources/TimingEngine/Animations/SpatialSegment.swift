/// A value that moves along a cubic Bézier between two keyframe values rather than straight
/// (Lottie's spatial tangents `to` and `ti`, After Effects' motion paths): from `start` to `end`
/// with control points start + out and end + in, moved along by arc length so that equal steps
/// of progress cover equal distances (docs/lottie.md "Spatial tangents"). The arc length is
/// `PacedCurve`'s (exact to ~1e-13 relative), so a progress of 0.5 is the point halfway along
/// the curve, not at its parameter 0.5.
public struct SpatialSegment: Sendable {
  public let start: [Double]
  public let end: [Double]
  public let c1: [Double]
  public let c2: [Double]
  let paced: PacedCurve?

  /// `start` and `end` of one dimension count (2 or 3), `out` and `in` the tangents relative to
  /// them. nil when a dimension count differs or the curve has no length.
  public init?(start: [Double], end: [Double], out: [Double], in inTangent: [Double]) {
    let n = start.count
    guard n > 0, end.count == n, out.count >= n, inTangent.count >= n else { return nil }
    self.start = start
    self.end = end
    c1 = (0..<n).map { start[$0] + out[$0] }
    c2 = (0..<n).map { end[$0] + inTangent[$0] }
    // P′(s) = e0 + e1·s + e2·s² per dimension, for P0 = start, P1 = c1, P2 = c2, P3 = end.
    var derivative: [Double] = []
    for d in 0..<n {
      let (p0, p1, p2, p3) = (start[d], c1[d], c2[d], end[d])
      let e0 = 3 * (p1 - p0)
      let e1 = 6 * (p2 - 2 * p1 + p0)
      let e2 = 3 * (p3 - 3 * p2 + 3 * p1 - p0)
      derivative += [e0, e1, e2]
    }
    let curve = PacedCurve(dimensions: n, derivative: derivative)
    guard curve.totalLength > 0, curve.totalLength.isFinite else { return nil }
    paced = curve
  }

  /// The curve's length.
  public var length: Double { paced?.totalLength ?? 0 }

  /// The point `progress` of the way along the curve by arc length, progress clamped to
  /// [0, 1] (a curve cannot be followed beyond its ends).
  public func point(atProgress progress: Double) -> [Double] {
    guard let paced, let (_, s) = paced.position(atFraction: progress) else {
      return progress >= 1 ? end : start
    }
    return point(parameter: s)
  }

  /// The direction of travel at `progress`, as a vector (not normalized): the derivative, or
  /// where it vanishes — an end whose tangent is zero, as After Effects writes a path that comes
  /// to rest — the direction it tends to there (the next control point that differs, else the
  /// chord), which is where the curve is heading.
  public func tangent(atProgress progress: Double) -> [Double] {
    guard let paced, let (_, s) = paced.position(atFraction: progress) else {
      return start.indices.map { end[$0] - start[$0] }
    }
    let t = 1 - s
    let derivative = start.indices.map { d in
      3 * t * t * (c1[d] - start[d]) + 6 * t * s * (c2[d] - c1[d]) + 3 * s * s * (end[d] - c2[d])
    }
    guard derivative.allSatisfy({ $0 == 0 }) else { return derivative }
    let towards = s < 0.5 ? [c1, c2, end] : [c2, c1, start]
    let from = s < 0.5 ? start : end
    for point in towards where point != from {
      let direction = start.indices.map { point[$0] - from[$0] }
      return s < 0.5 ? direction : direction.map { -$0 }
    }
    return derivative
  }

  func point(parameter s: Double) -> [Double] {
    let t = 1 - s
    let (a, b, c, e) = (t * t * t, 3 * t * t * s, 3 * t * s * s, s * s * s)
    return start.indices.map { d in a * start[d] + b * c1[d] + c * c2[d] + e * end[d] }
  }
}
