#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension KeyframePath {
  /// The largest radius an arc may be given after SVG scales its radii up to reach the end
  /// point (F.6.6): the width of the coordinate range, so every circle between two points in
  /// range fits (its radius is at most √2 · 1e12) and only needle-thin ellipses are refused.
  public static let scaledArcRadiusLimit = 2e12

  /// SVG's endpoint arc (SVG 1.1 F.6.2, F.6.5, F.6.6) as cubic pieces of at most a quarter
  /// turn each; nil when the radii would have to grow past `scaledArcRadiusLimit`.
  ///
  /// Total for the numbers the scanner lets through (endpoints and radii within ±1e12, any
  /// finite rotation): F.6.5's formula squares radii and products of radii, which overflows
  /// beyond 1e77 and underflows below 1e-154 (issue 7: a NaN centre, then a trap converting the
  /// turn count to Int). Here the centre is found in the ellipse's unit-circle space from a
  /// direction, a length σ ≤ 1 and a ratio of radii, with the chord first scaled by a power of
  /// two (exactly) to length ~1.
  static func arc(
    from p1: SIMD2<Double>, to p2: SIMD2<Double>, rx rxIn: Double, ry ryIn: Double,
    rotationDegrees: Double, largeArc: Bool, sweep: Bool
  ) -> [Segment]? {
    // F.6.2: an arc to the current point draws nothing; a zero radius draws a straight line.
    if p1 == p2 { return [] }
    let rx = abs(rxIn)
    let ry = abs(ryIn)
    if rx == 0 || ry == 0 { return [line(p1, p2)] }
    // Degrees reduced modulo 360 first (truncatingRemainder is exact), so a rotation written
    // as many turns still reaches cos and sin as a small, exact argument.
    let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * (Double.pi / 180)
    let cosPhi = cos(phi)
    let sinPhi = sin(phi)

    // F.6.5.1: the half chord in the ellipse's axes, in units where the chord's larger
    // component is in [1, 2) (scaling by 2^scale is exact): |(x1, y1)| ∈ [0.5, 1.42].
    let chord = p1 - p2
    let scale = -max(abs(chord.x), abs(chord.y)).exponent  // chord ≠ 0: in −41 … 1074
    let c = SIMD2(scaled(chord.x, scale), scaled(chord.y, scale))
    let x1 = (cosPhi * c.x + sinPhi * c.y) / 2
    let y1 = (-sinPhi * c.x + cosPhi * c.y) / 2
    // The radii in the same units (∞ or 0 when they are 2^±1024 times the chord), and
    // normalised so the larger is in [1, 2): their ratio, exact unless beyond 2^1074.
    let larger = max(rx, ry).exponent
    let rxn = scaled(rx, -larger)
    let ryn = scaled(ry, -larger)

    // F.6.6: λ = (x1/rx)² + (y1/ry)² > 1 means the radii cannot reach. Radii under a quarter
    // of the half chord certainly cannot (λ ≥ 0.5² / 0.25² = 4); else ρ = √λ from the
    // quotients, which cannot be 0/0 and overflow only when λ is far above 1 anyway.
    let rxScaled = scaled(rx, scale)
    let ryScaled = scaled(ry, scale)
    let tooSmall = larger + scale <= -3
    let rho =
      tooSmall
      ? Double.infinity
      : hypot(x1 == 0 ? 0 : x1 / rxScaled, y1 == 0 ? 0 : y1 / ryScaled)

    // The direction ê of (x1/rx, y1/ry) ∝ (x1·ry, y1·rx); both products vanish only when one
    // of x1, y1 is 0 and the other product underflows, and then ê is along that other axis.
    var a = x1 * ryn
    var b = y1 * rxn
    if a == 0 && b == 0 {
      (a, b) = y1 == 0 ? (x1 < 0 ? -1 : 1, 0) : (0, y1 < 0 ? -1 : 1)
    }
    let length = hypot(a, b)
    let e = SIMD2(a / length, b / length)

    // The drawn radii and σ, the unit-circle distance from the chord's midpoint to p1.
    let radii: SIMD2<Double>
    let sigma: Double
    if rho > 1 {
      // Scaled up to reach exactly: t · (rxn, ryn) with t = |(x1/rxn, y1/ryn)|, in chord units.
      let t = hypot(x1 == 0 ? 0 : x1 / rxn, y1 == 0 ? 0 : y1 / ryn)
      radii = SIMD2(scaled(rxn * t, -scale), scaled(ryn * t, -scale))
      guard radii.x <= scaledArcRadiusLimit, radii.y <= scaledArcRadiusLimit else { return nil }
      sigma = 1
    } else {
      radii = SIMD2(rx, ry)
      sigma = rho
    }

    // F.6.5.2 in unit-circle space: the centre is √(1 − σ²) from the midpoint, perpendicular
    // to ê, on the side F.6.5's sign picks (+ when the flags differ).
    let side: Double = largeArc != sweep ? 1 : -1
    let offset = side * ((1 - sigma) * (1 + sigma)).squareRoot()
    let center = SIMD2(offset * e.y, -offset * e.x)
    let start = atan2(sigma * e.y - center.y, sigma * e.x - center.x)
    // F.6.5.6 without subtracting two angles: the chord subtends 2·asin σ at the centre; the
    // large arc is the rest of the turn; the sweep flag gives the direction.
    let small = 2 * asin(sigma)
    let delta = (largeArc ? 2 * Double.pi - small : small) * (sweep ? 1 : -1)

    // |delta| ≤ 2π: 1 to 4 quarter turns (the clamp and NaN value make it total regardless).
    // Rounding may leave a half turn a hair over π; a third piece for a sliver under 1e-9 of
    // a quarter turn would be a keyframe interval with no length.
    let pieces = Int(
      truncating: (abs(delta) / (Double.pi / 2) - 1e-9).rounded(.up), clampedTo: 1...4, ifNaN: 4)
    let step = delta / Double(pieces)
    let k = 4.0 / 3 * tan(step / 4)
    let mid = (p1 + p2) / 2
    let centerPoint =
      mid
      + SIMD2(
        cosPhi * radii.x * center.x - sinPhi * radii.y * center.y,
        sinPhi * radii.x * center.x + cosPhi * radii.y * center.y)
    func onEllipse(_ theta: Double) -> (SIMD2<Double>, SIMD2<Double>) {
      let c = cos(theta)
      let s = sin(theta)
      let point =
        SIMD2(
          cosPhi * radii.x * c - sinPhi * radii.y * s, sinPhi * radii.x * c + cosPhi * radii.y * s)
        + centerPoint
      let derivative = SIMD2(
        -cosPhi * radii.x * s - sinPhi * radii.y * c, -sinPhi * radii.x * s + cosPhi * radii.y * c)
      return (point, derivative)
    }
    var segments: [Segment] = []
    var theta = start
    var (from, fromDerivative) = onEllipse(theta)
    from = p1
    for i in 0..<pieces {
      let next = theta + step
      var (to, toDerivative) = onEllipse(next)
      if i == pieces - 1 { to = p2 }
      segments.append(
        Segment(p0: from, c1: from + k * fromDerivative, c2: to - k * toDerivative, p3: to))
      theta = next
      from = to
      fromDerivative = toDerivative
    }
    return segments
  }

  /// x · 2^n, exact unless it over- or underflows.
  private static func scaled(_ x: Double, _ n: Int) -> Double {
    Double(sign: .plus, exponent: n, significand: x)
  }
}
