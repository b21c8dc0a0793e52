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
  public static func horizon(_ springs: [SpringCurve]) -> Double {
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

  /// A bound on how far x strays from the straight line through its values at t and t + h, for
  /// any t ≥ 0: h²·max|x″|/8 for each mode of the motion, but never more than the mode's own
  /// size (a line between two values of a mode stays within its range) — so a fast mode of
  /// negligible size, as in a heavily overdamped spring, does not force a fine grid.
  public func interpolationBound(step h: Double) -> Double {
    switch regime {
    case .underdamped(let decay, let omegaD, let b, let amplitude, _):
      // x = e^{−λt}(cos ωt + b sin ωt): each derivative of e^{−λt}·cos or sin ωt grows its size
      // by at most λ + ω, so |x″| ≤ (1 + |b|)(λ + ω)².
      let second = (1 + abs(b)) * (decay + omegaD) * (decay + omegaD)
      return min(h * h * second / 8, 2 * amplitude)
    case .critical(let omega, let a):
      // x″ = (ω² − 2aω + aω²·t)e^{−ωt}, and |aω²·t·e^{−ωt}| ≤ |a|ω/e: |x″| ≤ ω² + 3|a|ω.
      let second = omega * omega + abs(a) * omega * 3
      return h * h * second / 8
    case .overdamped(let r1, let r2, let c1, let c2):
      return min(h * h * abs(c1) * r1 * r1 / 8, abs(c1))
        + min(h * h * abs(c2) * r2 * r2 / 8, abs(c2))
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
    guard from.isFinite && to.isFinite else { return .infinity }
    guard to > from else { return abs(f(from)) }
    // Callers check that the springs settle in finite time (`horizon` is finite); a rate of 0
    // (no motion left) gives the coarsest grid.
    let step = max((to - from) / 2048, rate > 0 ? 2 * Double.pi / rate / pointsPerPeriod : 0)
    let steps = ((to - from) / step).rounded(.up)
    let count = steps.isFinite ? Int(min(steps, Double(gridPoints))) : gridPoints
    var best = 0
    var bestValue = abs(f(from))
    for i in 1...count {
      let value = abs(f(from + Double(i) * step))
      // NaN counts as the worst, so that it is not hidden.
      if !(value <= bestValue) { (best, bestValue) = (i, value) }
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
