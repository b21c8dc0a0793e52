#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How far apart two springs' motions are, or how far a spring still is from rest after a
/// time: on a grid fine enough for the fastest motion, refined about the worst point, and past
/// the grid's reach bounded by the envelopes (so the answer is never below the truth by more
/// than the refinement's error, and may be above it only for springs with thousands of periods
/// to rest).
extension SpringCurve {
  /// Grid points per period of the fastest motion, and the grid's size: 2¹⁸ points are a few
  /// milliseconds, and reach 4 096 periods.
  static let pointsPerPeriod = 64.0
  static let gridPoints = 1 << 18

  /// The time both springs are certainly at rest by: past both envelopes' 1e-7.
  static func horizon(_ springs: [SpringCurve]) -> Double {
    springs.map { $0.envelopeHorizon(threshold: 1e-7) }.max() ?? 0
  }

  /// The fastest rate in the motion, radians (or e-folds) per second: the damped frequency,
  /// or the faster decay when it does not oscillate.
  var fastestRate: Double {
    switch regime {
    case .underdamped(let decay, let omegaD, _, _, _): max(omegaD, decay)
    case .critical(let omega, _): omega
    case .overdamped(_, let r2, _, _): -r2
    }
  }

  /// A bound on |x(t′)| for every t′ ≥ t.
  func envelopeBound(after t: Double) -> Double {
    switch regime {
    case .underdamped(let decay, _, _, let amplitude, _):
      return amplitude * exp(-decay * t)
    case .critical(let omega, let a):
      // (1 + |a|t′)e^{−ωt′} falls from its peak at 1/ω − 1/|a| on.
      let peak = a == 0 ? t : max(t, 1 / omega - 1 / abs(a))
      return (1 + abs(a) * peak) * exp(-omega * peak)
    case .overdamped(let r1, let r2, let c1, let c2):
      return abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
    }
  }

  /// The worst |f| on [from, to]: on `gridPoints` points at most, `pointsPerPeriod` a period of
  /// `rate`, refined by golden section about the worst; past the grid's reach, `bound` there
  /// (a bound on |f| from then on) if it is larger.
  static func maximum(
    of f: (Double) -> Double, from: Double, to: Double, rate: Double,
    bound: (Double) -> Double
  ) -> Double {
    guard to > from else { return abs(f(from)) }
    let step = max((to - from) / 2048, 2 * Double.pi / rate / pointsPerPeriod)
    let count = Int(min(((to - from) / step).rounded(.up), Double(gridPoints)))
    var best = 0
    var bestValue = -1.0
    for i in 0...count {
      let value = abs(f(from + Double(i) * step))
      if value > bestValue { (best, bestValue) = (i, value) }
    }
    var lo = from + Double(max(best - 1, 0)) * step
    var hi = from + Double(min(best + 1, count)) * step
    let ratio = (5.0.squareRoot() - 1) / 2
    for _ in 0..<80 {
      let a = hi - ratio * (hi - lo)
      let b = lo + ratio * (hi - lo)
      if abs(f(a)) > abs(f(b)) { hi = b } else { lo = a }
    }
    let worst = max(bestValue, abs(f(0.5 * (lo + hi))))
    let reached = from + Double(count) * step
    return reached < to ? max(worst, bound(reached)) : worst
  }

  /// The worst |x_a(t) − x_b(t)| over the motion: a fraction of the distance.
  public static func maximumDifference(_ a: SpringCurve, _ b: SpringCurve) -> Double {
    maximumDifference(a, b, until: horizon([a, b]))
  }

  /// The worst |x_a(t) − x_b(t)| on [0, end].
  static func maximumDifference(_ a: SpringCurve, _ b: SpringCurve, until end: Double) -> Double {
    maximum(
      of: { a.displacement($0) - b.displacement($0) }, from: 0, to: end,
      rate: max(a.fastestRate, b.fastestRate),
      bound: { a.envelopeBound(after: $0) + b.envelopeBound(after: $0) })
  }

  /// The worst |x(t)| from `time` on: how far from the target a spring still is that is
  /// stopped there and shown at its target.
  public static func maximumDisplacement(_ spring: SpringCurve, after time: Double) -> Double {
    maximum(
      of: spring.displacement, from: time, to: max(horizon([spring]), time),
      rate: spring.fastestRate, bound: spring.envelopeBound(after:))
  }

  /// ω₀ = √(k/m), radians per second.
  public var undampedFrequency: Double { (stiffness / mass).squareRoot() }
}
