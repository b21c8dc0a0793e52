/// Unevaluated sum `hi + lo` of two doubles (about 106 bits of significand).
///
/// The cubic-Bézier solver needs the residual `X(s) − x` far more precisely than a double gives
/// near a vertical tangent: there `X(s) − x ≈ c·(s − s*)³`, so an error of 1e-16 in the residual
/// moves `s` by about 1e-5 and `y` by as much. With ~1e-32 the error in `s` drops to ~1e-11
/// (semantics.md §2: |Δy| ≤ 1e-9). Error-free transformations after Dekker and Knuth.
@usableFromInline
struct DoubleDouble: Sendable {
  @usableFromInline var hi: Double
  @usableFromInline var lo: Double

  @inlinable init(_ hi: Double, _ lo: Double = 0) {
    self.hi = hi
    self.lo = lo
  }

  /// `a × b` exactly, using the fused multiply-add for the rounding error.
  @inlinable static func product(_ a: Double, _ b: Double) -> DoubleDouble {
    let p = a * b
    return DoubleDouble(p, (-p).addingProduct(a, b))
  }

  /// `a + b` exactly (Knuth's branch-free TwoSum).
  @inlinable static func sum(_ a: Double, _ b: Double) -> DoubleDouble {
    let s = a + b
    let bb = s - a
    let e = (a - (s - bb)) + (b - bb)
    return DoubleDouble(s, e)
  }

  @inlinable static func + (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble {
    let s = sum(x.hi, y.hi)
    let t = sum(x.lo, y.lo)
    let u = sum(s.hi, s.lo + t.hi)
    return sum(u.hi, u.lo + t.lo)
  }

  @inlinable static prefix func - (x: DoubleDouble) -> DoubleDouble {
    DoubleDouble(-x.hi, -x.lo)
  }

  @inlinable static func - (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble { x + (-y) }

  /// `x × d` for a double `d`, accurate to about 2⁻¹⁰⁴ relative.
  @inlinable static func * (x: DoubleDouble, d: Double) -> DoubleDouble {
    let p = product(x.hi, d)
    return sum(p.hi, p.lo + x.lo * d)
  }

  @inlinable var value: Double { hi + lo }
}
