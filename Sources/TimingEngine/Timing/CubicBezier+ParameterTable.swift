/// A curve's table for solving it many times (`CompiledTimingFunction` keeps one per curve): the
/// curve parameter s and its slope ds/dx = 1/X′(s) at 64 evenly spaced x, so a cubic Hermite
/// guess starts Newton's method within ~1e-8 of the root and one step converges. The answer is
/// the curve's own `solve` with a better first guess, so it has the same accuracy (|Y(s) − y(x)|
/// ≤ ~3e-12, `solveParameter`); building it solves the curve at 63 points.
extension CubicBezier {
  @usableFromInline struct ParameterTable: Sendable {
    static let intervals = 64

    /// Pairs (s, ds/dx) at each table x, interleaved; the slope is in units of one table
    /// interval, NaN where X′ is too small to trust.
    let entries: [Double]

    init(_ bezier: CubicBezier) {
      let guesses = (0...Self.intervals).map { i in
        let x = Double(i) / Double(Self.intervals)
        return i == 0 ? 0 : i == Self.intervals ? 1 : bezier.solveParameter(forX: x)
      }
      entries = guesses.flatMap { s -> [Double] in
        let d = bezier.derivativeX(s)
        return [s, d > 1e-3 ? 1 / d / Double(Self.intervals) : .nan]
      }
    }

    /// The first guess of s for 0 < x < 1.
    @usableFromInline @inline(__always) func guess(_ x: Double) -> Double {
      let position = x * Double(Self.intervals)
      // 0 < x < 1 here (the callers answer NaN and the ends before), so 0 ≤ index < intervals:
      // no trap, and g[2 · index + 3] is inside the table of intervals + 1 pairs.
      let index = Int(position)
      let fraction = position - Double(index)
      return entries.withUnsafeBufferPointer { g in
        let (s0, m0, s1, m1) = (g[2 * index], g[2 * index + 1], g[2 * index + 2], g[2 * index + 3])
        guard m0.isFinite && m1.isFinite else { return s0 + (s1 - s0) * fraction }
        // Cubic Hermite on the inverse curve s(x).
        let t = fraction
        let t2 = t * t
        let t3 = t2 * t
        return (2 * t3 - 3 * t2 + 1) * s0 + (t3 - 2 * t2 + t) * m0 + (-2 * t3 + 3 * t2) * s1
          + (t3 - t2) * m1
      }
    }
  }
}
