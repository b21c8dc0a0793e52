#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A damped harmonic oscillator, the curve of `CASpringAnimation` (semantics.md §3.5). Time `t` is
/// in seconds; progress is `1 − displacement(t)`, starting at 0 and settling at 1.
public struct SpringCurve: Sendable, Hashable {
  public let mass: Double
  public let stiffness: Double
  public let damping: Double
  public let initialVelocity: Double

  public static let defaultParameters = SpringCurve(
    mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)

  /// Solved constants, computed once so that each sample costs one exp and one sin/cos.
  enum Regime: Sendable, Hashable {
    /// x(t) = e^{−λt}(cos ωt + b sin ωt), also kept as A·e^{−λt}·cos(ωt − φ) for one trig call.
    case underdamped(
      decay: Double, dampedFrequency: Double, sineCoefficient: Double, amplitude: Double,
      phase: Double)
    case critical(omega: Double, linearCoefficient: Double)
    case overdamped(r1: Double, r2: Double, c1: Double, c2: Double)
  }

  let regime: Regime

  /// Parameters must be finite, mass and stiffness > 0, damping ≥ 0 (validated by callers).
  public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
    let omega0 = (stiffness / mass).squareRoot()
    let zeta = damping / (2 * (stiffness * mass).squareRoot())
    let v0 = initialVelocity
    if zeta < 1 {
      let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
      let b = (zeta * omega0 - v0) / omegaD
      regime = .underdamped(
        decay: zeta * omega0, dampedFrequency: omegaD, sineCoefficient: b,
        amplitude: (1 + b * b).squareRoot(),
        phase: atan2(b, 1))
    } else if zeta == 1 {
      regime = .critical(omega: omega0, linearCoefficient: omega0 - v0)
    } else {
      let root = (zeta * zeta - 1).squareRoot()
      // −ω0(ζ − √(ζ² − 1)) as −ω0/(ζ + √(ζ² − 1)): the same number without the cancellation,
      // which cost 7.6e-6 of the settling duration at ζ 5e5 and made it 0 past ζ 9e7.
      let r1 = -omega0 / (zeta + root)
      let r2 = -omega0 * (zeta + root)
      let c2 = (-v0 - r1) / (r2 - r1)
      regime = .overdamped(r1: r1, r2: r2, c1: 1 - c2, c2: c2)
    }
  }

  /// iOS 17's `perceptualDuration` and `bounce` (semantics.md §3.5).
  public init(perceptualDuration d: Double, bounce: Double, initialVelocity: Double = 0) {
    let stiffness = (2 * Double.pi / d) * (2 * Double.pi / d)
    let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    self.init(
      mass: 1, stiffness: stiffness, damping: ratio * 2 * stiffness.squareRoot(),
      initialVelocity: initialVelocity)
  }

  public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  /// Displacement from the target, 1 at t = 0.
  public func displacement(_ t: Double) -> Double {
    switch regime {
    case .underdamped(let decay, let omegaD, _, let amplitude, let phase):
      return amplitude * exp(-decay * t) * cos(omegaD * t - phase)
    case .critical(let omega, let a):
      return (1 + a * t) * exp(-omega * t)
    case .overdamped(let r1, let r2, let c1, let c2):
      return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }
  }

  /// d(displacement)/dt.
  public func velocity(_ t: Double) -> Double {
    switch regime {
    case .underdamped(let decay, let omegaD, let b, _, _):
      let e = exp(-decay * t)
      let c = cos(omegaD * t)
      let s = sin(omegaD * t)
      return e * ((b * omegaD - decay) * c - (omegaD + decay * b) * s)
    case .critical(let omega, let a):
      return (a - omega * (1 + a * t)) * exp(-omega * t)
    case .overdamped(let r1, let r2, let c1, let c2):
      return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
    }
  }

  /// Progress at `t` seconds: 0 before the start, `1 − displacement` after.
  public func progress(_ t: Double) -> Double {
    t <= 0 ? 0 : 1 - displacement(t)
  }

  /// d(progress)/dt.
  public func progressSlope(_ t: Double) -> Double {
    t < 0 ? 0 : -velocity(max(t, 0))
  }

  /// A time after which |x| and |v| are provably below the threshold.
  func envelopeHorizon(threshold: Double) -> Double {
    switch regime {
    case .underdamped(let decay, let omegaD, let b, _, _):
      // |x| ≤ e^{−λt}·√(1+b²), |v| ≤ e^{−λt}·(|bω_d − λ| + |ω_d + λb|).
      let amplitude = max(
        (1 + b * b).squareRoot(), abs(b * omegaD - decay) + abs(omegaD + decay * b))
      return max(log(amplitude / threshold) / decay, 0) + 1e-9
    case .critical(let omega, let a):
      var t = 1 / omega
      while abs(1 + abs(a) * t) * exp(-omega * t) * (1 + omega) + abs(a) * exp(-omega * t)
        >= threshold
      {
        t *= 1.5
      }
      return t
    case .overdamped(let r1, let r2, let c1, let c2):
      var t = 1 / -r1
      while (abs(c1) + abs(c1 * r1)) * exp(r1 * t) + (abs(c2) + abs(c2 * r2)) * exp(r2 * t)
        >= threshold
      {
        t *= 1.5
      }
      return t
    }
  }
}
