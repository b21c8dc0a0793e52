/// Where a cubic c0 + c1·s + c2·s² + c3·s³ changes sign in an interval, to the last bit: the
/// interval is cut at the cubic's turning points (the roots of its derivative, a quadratic),
/// so it is monotone on each part, and a part whose ends have opposite signs is searched by
/// Newton's method kept inside the bracket by bisection, until the bracket's ends are adjacent
/// doubles or a step no longer moves. Used to cut paced curves where their speed turns.
enum CubicRoots {
  static func signChanges(_ c: SIMD4<Double>, in range: ClosedRange<Double>) -> [Double] {
    func f(_ s: Double) -> Double { ((c[3] * s + c[2]) * s + c[1]) * s + c[0] }
    func slope(_ s: Double) -> Double { (3 * c[3] * s + 2 * c[2]) * s + c[1] }
    var points = [range.lowerBound]
    points += turningPoints(c).filter { $0 > range.lowerBound && $0 < range.upperBound }.sorted()
    points.append(range.upperBound)
    var roots: [Double] = []
    for i in 0..<(points.count - 1) {
      var lo = points[i]
      var hi = points[i + 1]
      let fLo = f(lo)
      // A root on a turning point (an inflection through zero) is a cut of its own.
      if i > 0 && fLo == 0 { roots.append(lo) }
      guard (fLo < 0 && f(hi) > 0) || (fLo > 0 && f(hi) < 0) else { continue }
      let rising = fLo < 0
      var s = 0.5 * (lo + hi)
      // Newton converges quadratically on a monotone part; each step that would leave the
      // bracket bisects instead, and the bracket at least halves every other step, so ~1100
      // steps bound even a root among subnormals.
      for _ in 0..<1100 {
        let value = f(s)
        if value == 0 { break }
        if (value < 0) == rising { lo = s } else { hi = s }
        let newton = s - value / slope(s)
        let next = newton > lo && newton < hi ? newton : 0.5 * (lo + hi)
        guard next != s, next > lo, next < hi else { break }
        s = next
      }
      roots.append(s)
    }
    return roots
  }

  /// Real roots of the derivative c1 + 2c2·s + 3c3·s², by the quadratic formula in the form
  /// that does not cancel.
  private static func turningPoints(_ c: SIMD4<Double>) -> [Double] {
    let a = 3 * c[3]
    let b = 2 * c[2]
    let k = c[1]
    if a == 0 { return b == 0 ? [] : [-k / b] }
    let discriminant = b * b - 4 * a * k
    guard discriminant >= 0, discriminant.isFinite else { return [] }
    let q = -0.5 * (b + (b < 0 ? -1 : 1) * discriminant.squareRoot())
    return q == 0 ? [0] : [q / a, k / q]
  }
}
