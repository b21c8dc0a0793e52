/// A curve of cubic segments made ready to move along at constant speed (semantics.md §3.4: `paced`
/// paths and `cubicPaced` splines): the arc length is integrated once, when the animation is
/// built, and each sample inverts it.
///
/// Each segment is a cubic P(s), s ∈ [0, 1], in any number of dimensions, given by its
/// derivative P′(s) = e0 + e1·s + e2·s² per dimension. Its speed |P′(s)| is the square root of
/// a quartic, which is smooth except where it vanishes (a cusp, or a scalar spline turning
/// back), so each segment is first cut where the speed has a minimum or a maximum (the real
/// roots of d|P′|²/ds = 2 P′·P″, a cubic): there a vanishing speed is a kink at the end of a
/// piece, not inside one, and the speed is monotone on every piece. Each part is then halved
/// until 8-point Gauss–Legendre on the whole agrees with the sum over its halves to 1e-13
/// relative; the halves are kept as pieces, where Gauss–Legendre's error is far smaller again.
/// (In one dimension the length of a piece is exact: |P(b) − P(a)|.) A sample finds its piece
/// by binary search and solves ∫ |P′| = target by Newton's method inside the piece's bracket,
/// from a quintic Hermite guess, to 1e-12 of the piece's length.
final class PacedCurve: Sendable {
  /// One stretch of a segment on which 8-point Gauss–Legendre is exact to ~1e-13 relative and
  /// the speed is monotone.
  struct Piece: Sendable {
    var segment: Int
    var start: Double
    var end: Double
    /// The first guess of a sample is the quintic Hermite interpolant of the inverse: with
    /// σ = (s − start)/width and τ = arc length / the piece's, dσ/dτ = ℓ/(width·v) and
    /// d²σ/dτ² = −ℓ²·v′/(width·v³) at the ends (v = |P′|, v′ = P′·P″/|P′|); not finite where
    /// the speed vanishes, and then the guess is τ itself.
    var slopes: SIMD4<Double>
    /// κ with: one Newton step from a parameter whose arc length is off by r lands within
    /// κ·r² of the answer (in arc length). With d the step's error in s and ξ between,
    /// r = −v·d − ½v′(ξ)·d², so the step is off by ½|v′|·d²/v ≤ ½·max|v′|·r²/min v³ in s, and
    /// max v times that along the curve. The speed is monotone on the piece, so its extremes
    /// are at the ends, and |v′| = |P′·P″|/|P′| ≤ |P″|, whose largest value is at an end (P″
    /// is affine, its norm convex): κ = ½·max|P″|·max v / min v³, infinite where v vanishes.
    var newtonBound: Double
  }

  let dimensions: Int
  /// Per segment, per dimension: e0, e1, e2.
  private let derivative: [Double]
  /// The pieces of positive length, in order along the curve.
  private let pieces: [Piece]
  /// Arc length at the start of each piece, and the total as a last entry.
  private let cumulative: [Double]
  /// Arc length of each segment (0 for a segment that does not move).
  let segmentLengths: [Double]

  var totalLength: Double { cumulative[cumulative.count - 1] }

  /// A sample's error in arc length, relative to its piece's length: far below the 1e-9
  /// semantics.md §3.4 asks for, and far above Gauss–Legendre's rounding (~1e-15).
  static let sampleTolerance = 1e-12
  /// Pieces are accepted when halving changes their length by at most this, relative.
  static let pieceTolerance = 1e-13
  /// Halvings at most: 2⁻⁴⁰ of a segment is below the resolution of s near 1.
  static let maximumDepth = 40

  /// `derivative` holds e0, e1, e2 for each dimension of each segment, segment-major.
  /// Building costs about 4 µs per segment (timing-bench: 19 ms for a path of 5 000 cubics).
  init(dimensions: Int, derivative: [Double]) {
    self.dimensions = dimensions
    self.derivative = derivative
    let segmentCount = dimensions > 0 ? derivative.count / (3 * dimensions) : 0
    var pieces: [Piece] = []
    var cumulative: [Double] = [0]
    var segmentLengths: [Double] = []
    derivative.withUnsafeBufferPointer { all in
      for segment in 0..<segmentCount {
        let curve = Segment(coefficients: all.baseAddress! + segment * dimensions * 3, dimensions)
        let before = cumulative[cumulative.count - 1]
        for (a, b) in curve.speedBreaks() {
          curve.refine(a, b, segment: segment, into: &pieces, cumulative: &cumulative)
        }
        segmentLengths.append(cumulative[cumulative.count - 1] - before)
      }
    }
    self.pieces = pieces
    self.cumulative = cumulative
    self.segmentLengths = segmentLengths
  }

  // MARK: Sampling

  /// The segment and its parameter at arc length `fraction` × total (the fraction clamped to
  /// [0, 1]); nil when the curve has no length (or its length is not finite), for the caller
  /// to fall back.
  func position(atFraction fraction: Double) -> (segment: Int, s: Double)? {
    let total = totalLength
    guard total > 0, total.isFinite, !pieces.isEmpty else { return nil }
    let wanted = fraction.isNaN ? 0 : min(max(fraction, 0), 1) * total
    // The last piece that starts at or before the target.
    var lo = 0
    var hi = pieces.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if cumulative[mid] <= wanted { lo = mid } else { hi = mid - 1 }
    }
    let piece = pieces[lo]
    let length = cumulative[lo + 1] - cumulative[lo]
    let w = wanted - cumulative[lo]
    // Within 4 ulps of the total from a piece's end is that end: a fraction that names a key
    // point (0.5 of a path of two mirror-image segments) meets the sum of the lengths before it
    // only up to rounding, and a parameter 1e-14 short of a segment's end showed as 3.3e-14
    // where the key point has 0. The position moves by at most 4.4e-16 of the path's length.
    let slack = 4 * Double.ulpOfOne * total
    if w <= slack { return (piece.segment, piece.start) }
    if w >= length - slack { return (piece.segment, piece.end) }
    let s = derivative.withUnsafeBufferPointer { all in
      Segment(coefficients: all.baseAddress! + piece.segment * dimensions * 3, dimensions)
        .solve(piece, length: length, w)
    }
    return (piece.segment, s)
  }

  /// One segment, by its derivative's coefficients read in place.
  struct Segment {
    let coefficients: UnsafePointer<Double>
    let dimensions: Int

    init(coefficients: UnsafePointer<Double>, _ dimensions: Int) {
      self.coefficients = coefficients
      self.dimensions = dimensions
    }

    /// |P′(s)|.
    @inline(__always) func speed(_ s: Double) -> Double {
      var sum = 0.0
      var e = coefficients
      for _ in 0..<dimensions {
        let v = e[0] + s * (e[1] + s * e[2])
        sum += v * v
        e += 3
      }
      return sum.squareRoot()
    }

    /// |P″(s)| = |e1 + 2·e2·s|, and the speed's derivative v′ = P′·P″/|P′|.
    func acceleration(_ s: Double) -> (norm: Double, along: Double) {
      var sum = 0.0
      var dot = 0.0
      var e = coefficients
      for _ in 0..<dimensions {
        let a = e[1] + 2 * s * e[2]
        sum += a * a
        dot += a * (e[0] + s * (e[1] + s * e[2]))
        e += 3
      }
      return (sum.squareRoot(), dot / speed(s))
    }

    /// ∫ from a to b of |P′(s)| ds by 8-point Gauss–Legendre (nodes and weights to 16 digits).
    /// For one dimension exactly: no piece contains a root of P′, so the length is
    /// |P(b) − P(a)| = |(b − a)·(e0 + e1·(a + b)/2 + e2·(a² + ab + b²)/3)|.
    @inline(__always) func length(_ a: Double, _ b: Double) -> Double {
      if dimensions == 1 {
        let e = coefficients
        return abs((b - a) * (e[0] + e[1] * 0.5 * (a + b) + e[2] * (a * a + a * b + b * b) / 3))
      }
      // The eight nodes at once: the speeds are independent, so their square roots overlap.
      let half = 0.5 * (b - a)
      let mid = a + half
      let s = mid + half * Self.gaussNodes
      var sum = SIMD8<Double>(repeating: 0)
      var e = coefficients
      for _ in 0..<dimensions {
        let v = e[0] + s * (e[1] + s * e[2])
        sum += v * v
        e += 3
      }
      return (sum.squareRoot() * Self.gaussWeights).sum() * half
    }

    /// 8-point Gauss–Legendre nodes on [−1, 1] and their weights, to 16 digits.
    static let gaussNodes = SIMD8<Double>(
      -0.9602898564975363, -0.7966664774136267, -0.5255324099163290, -0.1834346424956498,
      0.1834346424956498, 0.5255324099163290, 0.7966664774136267, 0.9602898564975363)
    static let gaussWeights = SIMD8<Double>(
      0.1012285362903763, 0.2223810344533745, 0.3137066458778873, 0.3626837833783620,
      0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763)

    /// The first guess of σ = (s − start)/width at τ = w/length: the quintic Hermite inverse,
    /// or τ itself where the speed vanishes at an end of the piece.
    @inline(__always) static func guess(_ piece: Piece, _ tau: Double) -> Double {
      let slopes = piece.slopes
      guard slopes.x.isFinite && slopes.y.isFinite && slopes.z.isFinite && slopes.w.isFinite
      else { return tau }
      let t2 = tau * tau
      let t3 = t2 * tau
      let t4 = t3 * tau
      let t5 = t4 * tau
      let sigma =
        (tau - 6 * t3 + 8 * t4 - 3 * t5) * slopes.x + (-4 * t3 + 7 * t4 - 3 * t5) * slopes.y
        + (0.5 * t2 - 1.5 * t3 + 1.5 * t4 - 0.5 * t5) * slopes.z + (0.5 * t3 - t4 + 0.5 * t5)
        * slopes.w + (10 * t3 - 15 * t4 + 6 * t5)
      return sigma > 0 && sigma < 1 ? sigma : tau
    }

    /// The s in the piece with ∫ from its start to s of |P′| = w (0 < w < length), within
    /// `sampleTolerance` × length of arc.
    func solve(_ piece: Piece, length: Double, _ w: Double) -> Double {
      let width = piece.end - piece.start
      var lo = piece.start
      var hi = piece.end
      var s = piece.start + width * Self.guess(piece, w / length)
      let tolerance = PacedCurve.sampleTolerance * length
      // Newton's method, kept inside the bracket by bisection. It stops when s itself is
      // within tolerance, or when one more step provably is (κ·r²): from the Hermite guess
      // that is the first or second time round (1.1 to 1.3 evaluations of the length per
      // sample on timing-bench's curves, 2.6 for the scalar one, where they are cheap).
      for _ in 0..<60 {
        let residual = self.length(piece.start, s) - w
        if residual > 0 { hi = s } else { lo = s }
        if abs(residual) <= tolerance { return s }
        let newton = s - residual / speed(s)
        let inside = newton > lo && newton < hi
        if inside && piece.newtonBound * residual * residual <= tolerance { return newton }
        let next = inside ? newton : 0.5 * (lo + hi)
        if next == s { return s }
        s = next
      }
      return s
    }

    /// Halves [a, b] until Gauss–Legendre on it agrees with the sum over its halves, and
    /// appends the halves as pieces.
    func refine(
      _ a: Double, _ b: Double, segment: Int, into pieces: inout [Piece],
      cumulative: inout [Double]
    ) {
      // Noise floor: a piece whose length is this small against the segment's speed scale
      // cannot be resolved further and contributes nothing visible.
      var scale = 0.0
      for i in 0..<(3 * dimensions) { scale += abs(coefficients[i]) }
      let floor = 1e-15 * scale
      var stack: [(a: Double, b: Double, whole: Double, depth: Int)] = [(a, b, length(a, b), 0)]
      while let (a, b, whole, depth) = stack.popLast() {
        let m = 0.5 * (a + b)
        let left = length(a, m)
        let right = length(m, b)
        let halves = left + right
        // A length that is not finite (which values in range cannot make) ends the halving
        // too, rather than halving 2⁴⁰ times.
        if abs(whole - halves) <= max(PacedCurve.pieceTolerance * halves, floor)
          || depth >= PacedCurve.maximumDepth || !(m > a && m < b) || !halves.isFinite
        {
          if left > 0 {
            pieces.append(piece(a, m, left, segment: segment))
            cumulative.append(cumulative[cumulative.count - 1] + left)
          }
          if right > 0 {
            pieces.append(piece(m, b, right, segment: segment))
            cumulative.append(cumulative[cumulative.count - 1] + right)
          }
        } else {
          // Right first, so the left half comes off the stack first: pieces stay in order.
          stack.append((m, b, right, depth + 1))
          stack.append((a, m, left, depth + 1))
        }
      }
    }

    /// A piece from `start` to `end`, with its first-guess slopes and Newton bound.
    func piece(_ start: Double, _ end: Double, _ length: Double, segment: Int) -> Piece {
      let v0 = speed(start)
      let v1 = speed(end)
      let (a0, a1) = (acceleration(start), acceleration(end))
      let slowest = min(v0, v1)
      let bound = 0.5 * max(a0.norm, a1.norm) * max(v0, v1) / (slowest * slowest * slowest)
      let width = end - start
      let slopes = SIMD4(
        length / (width * v0), length / (width * v1),
        -length * length * a0.along / (width * v0 * v0 * v0),
        -length * length * a1.along / (width * v1 * v1 * v1))
      return Piece(
        segment: segment, start: start, end: end, slopes: slopes,
        newtonBound: bound.isNaN ? .infinity : bound)
    }

    /// [0, 1] cut at the parameters where the speed has a minimum or a maximum: the sign
    /// changes of P′·P″ = Σ (e0 + e1 s + e2 s²)(e1 + 2 e2 s), a cubic c0 + c1 s + c2 s² + c3 s³.
    func speedBreaks() -> [(Double, Double)] {
      var c = SIMD4<Double>(0, 0, 0, 0)
      var e = coefficients
      for _ in 0..<dimensions {
        c += SIMD4(e[0] * e[1], e[1] * e[1] + 2 * e[0] * e[2], 3 * e[1] * e[2], 2 * e[2] * e[2])
        e += 3
      }
      var points: [Double] = [0]
      points += CubicRoots.signChanges(c, in: 0...1)
      points.append(1)
      return (0..<(points.count - 1)).compactMap { i in
        points[i] < points[i + 1] ? (points[i], points[i + 1]) : nil
      }
    }
  }
}
