#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A spring from a settling duration and a damping ratio, found as Framer's
/// `SpringCurveValueConverter` finds it — the undamped frequency at which the envelope of the
/// motion falls to 0.001 of the distance at the duration, by 11 Newton steps from 5/duration
/// with Framer's own (inexact) derivative, stiffness 100 and damping 10 where the steps give
/// NaN. Framer's authors say it is how UIKit's `usingSpringWithDamping` derives its spring;
/// Motion's `findSpring` is a port of it with a narrower damping range (docs/springs.md
/// "Settling durations"). Reproduced step for step because the steps, not the envelope's exact
/// root, decide the spring these APIs play: the derivative is not the envelope's, so the 11
/// steps can stop short of the root (near a damping ratio of 1).
public struct SettlingSpringSearch: Sendable {
  /// The damping ratios the API accepts; others are clamped into it.
  public let dampingRatioRange: ClosedRange<Double>

  /// Motion's `{duration, bounce}`: damping ratio 1 − bounce in [0.05, 1].
  public static let motion = SettlingSpringSearch(dampingRatioRange: 0.05...1)
  /// UIKit's `usingSpringWithDamping` as Framer reconstructs it: damping ratio in (0, 1].
  public static let uiKit = SettlingSpringSearch(
    dampingRatioRange: Double.leastNonzeroMagnitude...1)

  /// Both clamp the duration to [0.01, 10] s.
  public static let durationRange = 0.01...10.0
  /// The envelope's target: 0.001 of the distance.
  static let envelopeTarget = 0.001
  static let newtonSteps = 11

  public func clamped(dampingRatio zeta: Double) -> Double {
    min(max(zeta, dampingRatioRange.lowerBound), dampingRatioRange.upperBound)
  }

  /// (stiffness, damping) at mass 1 for a settling `duration` (seconds), `dampingRatio` and
  /// `velocity` (a fraction of the distance per second toward the target), as the search
  /// finds them; stiffness 100 and damping 10 where it gives NaN, as both APIs fall back.
  public func find(duration: Double, dampingRatio: Double, velocity: Double) -> (
    stiffness: Double, damping: Double
  ) {
    let zeta = clamped(dampingRatio: dampingRatio)
    let range = Self.durationRange
    let t = min(max(duration, range.lowerBound), range.upperBound)
    var omega = 5 / t
    for _ in 0..<Self.newtonSteps {
      omega -=
        Self.envelope(omega, zeta, t, velocity) / Self.derivative(omega, zeta, t, velocity)
    }
    guard !omega.isNaN else { return (100, 10) }
    let stiffness = omega * omega
    return (stiffness, zeta * 2 * stiffness.squareRoot())
  }

  /// The spring the API plays for these parameters: `find`'s, or where that is no spring —
  /// with a velocity above ζω at the first guess Framer's steps run away, to a stiffness of 0,
  /// a negative frequency or NaN, which UIKit cannot be playing — the search at rest
  /// (velocity 0), the velocity still starting the spring (docs/springs.md "Settling searches").
  public func spring(duration: Double, dampingRatio: Double, velocity: Double) -> (
    stiffness: Double, damping: Double
  ) {
    let found = find(duration: duration, dampingRatio: dampingRatio, velocity: velocity)
    if velocity != 0 && !Self.plays(found) {
      return find(duration: duration, dampingRatio: dampingRatio, velocity: 0)
    }
    return found
  }

  /// Whether (stiffness, damping) is a spring Core Animation plays: both finite, the stiffness
  /// in [1e-6, 1e6] and the damping in [0, 1e6] (`TimingFunction.checkedSpring`'s ranges).
  static func plays(_ spring: (stiffness: Double, damping: Double)) -> Bool {
    (1e-6...1e6).contains(spring.stiffness) && (0...1e6).contains(spring.damping)
  }

  /// The envelope at the end, less its target.
  static func envelope(_ omega: Double, _ zeta: Double, _ t: Double, _ v: Double) -> Double {
    if zeta < 1 {
      let decay = omega * zeta
      let a = decay - v
      let b = omega * (1 - zeta * zeta).squareRoot()
      return envelopeTarget - a / b * exp(-decay * t)
    }
    return -envelopeTarget + exp(-omega * t) * ((omega - v) * t + 1)
  }

  /// Framer's derivative of `envelope`, as Framer writes it (for ζ < 1 it divides by
  /// ω²·√(1 − ζ²), not ω·√(1 − ζ²), and takes its sign from the envelope's).
  static func derivative(_ omega: Double, _ zeta: Double, _ t: Double, _ v: Double) -> Double {
    if zeta < 1 {
      let delta = omega * zeta * t
      let d = delta * v + v
      let e = zeta * zeta * (omega * omega) * t
      let f = exp(-delta)
      let g = omega * omega * (1 - zeta * zeta).squareRoot()
      let factor: Double = -envelope(omega, zeta, t, v) + envelopeTarget > 0 ? -1 : 1
      return factor * ((d - e) * f) / g
    }
    return exp(-omega * t) * ((v - omega) * (t * t))
  }

  /// The duration whose search gives undamped frequency `omega` at damping ratio `zeta`
  /// (inside the range), or nil where none in [0.01, 10] s does to 1e-13: the envelope's exact
  /// root first, then secant steps on the search itself, so that the search run on the answer
  /// gives `omega` back.
  public func duration(omega: Double, zeta: Double, velocity: Double) -> Double? {
    func found(_ t: Double) -> Double {
      spring(duration: t, dampingRatio: zeta, velocity: velocity).stiffness.squareRoot()
    }
    let range = Self.durationRange
    guard
      let exact = Self.exactDuration(omega: omega, zeta: zeta, velocity: velocity)
        ?? Self.exactDuration(omega: omega, zeta: zeta, velocity: 0)
    else {
      return nil
    }
    var t0 = min(max(exact, range.lowerBound), range.upperBound)
    var w0 = found(t0)
    if abs(w0 - omega) <= 1e-14 * omega { return t0 }
    // The found frequency falls as the duration grows (ω·T is nearly constant): a step of
    // 1e-6 of the duration for the second point.
    var t1 = t0 * (1 + 1e-6)
    var w1 = found(t1)
    for _ in 0..<60 {
      guard w1 != w0 else { break }
      let t2 = t1 + (omega - w1) * (t1 - t0) / (w1 - w0)
      guard t2.isFinite, range.contains(t2) else { return nil }
      guard (t2 - t1).magnitude > 0 else { break }
      (t0, w0, t1, w1) = (t1, w1, t2, found(t2))
      if abs(w1 - omega) <= 1e-14 * omega { break }
    }
    return abs(w1 - omega) <= 1e-13 * omega ? t1 : nil
  }

  /// The duration at which the envelope falls exactly to its target, or nil where it starts
  /// at or below it.
  static func exactDuration(omega: Double, zeta: Double, velocity v: Double) -> Double? {
    if zeta < 1 {
      let ratio = (omega * zeta - v) / (omega * (1 - zeta * zeta).squareRoot())
      guard ratio > envelopeTarget else { return nil }
      return log(ratio / envelopeTarget) / (omega * zeta)
    }
    // e^{−ωT}((ω − v)T + 1) = target: falling in T past its peak; bisect on [peak, far].
    let slope = omega - v
    guard slope > 0 else { return nil }
    var lo = max(0, 1 / omega - 1 / slope)
    var hi = lo + 1 / omega
    while exp(-omega * hi) * (slope * hi + 1) > envelopeTarget { hi *= 2 }
    for _ in 0..<200 {
      let mid = 0.5 * (lo + hi)
      guard mid > lo && mid < hi else { break }
      if exp(-omega * mid) * (slope * mid + 1) > envelopeTarget { lo = mid } else { hi = mid }
    }
    return lo
  }
}
