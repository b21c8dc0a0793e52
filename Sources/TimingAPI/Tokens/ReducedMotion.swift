import TimingEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The reduced-motion variant of a motion token (the DTCG resolver's "reduced motion" mode, a
/// page's `prefers-reduced-motion: reduce`): a spring that overshoots becomes critically damped,
/// starting at rest, with the same settling time (to 0.001, semantics.md §3.5), so it arrives
/// when it did without swinging past; a duration is capped at `maxDuration`; a transition's
/// delay is dropped. Curves are kept: they do not move the thing further, only differently in
/// time.
struct ReducedMotion: Sendable {
  /// The longest duration the variant keeps, seconds (`?reducedMaxDuration=`).
  let maxDuration: Double

  /// 200 ms: a transition still seen as one, short enough not to be motion to watch.
  static let defaultMaxDuration = 0.2

  /// The rule as the answer and docs/tokens.md state it.
  var rule: String {
    "springs that overshoot become critically damped with the same settling time; durations are capped at "
      + MillisecondsText.text(maxDuration) + "; delays are dropped"
  }

  /// The variant; the meaning itself where the rule changes nothing.
  func variant(of meaning: MotionToken.Meaning) -> MotionToken.Meaning {
    change(meaning) ?? meaning
  }

  /// The variant where the rule changes the meaning; nil where it keeps it, so what was made
  /// of the meaning (its CSS: a spring's linear() fit, 11 ms) serves the variant too.
  func change(_ meaning: MotionToken.Meaning) -> MotionToken.Meaning? {
    switch meaning {
    case .duration(let seconds):
      return seconds > maxDuration ? .duration(seconds: maxDuration) : nil
    case .transition(let duration, let delay, let function):
      return duration > maxDuration || delay != 0
        ? .transition(duration: min(duration, maxDuration), delay: 0, timingFunction: function)
        : nil
    case .spring(let given, _): return spring(given.curve).map(MotionToken.Meaning.physicalSpring)
    case .physicalSpring(let curve): return spring(curve).map(MotionToken.Meaning.physicalSpring)
    case .bounce(let bounce): return bounce > 0 ? .bounce(0) : nil
    case .cubicBezier, .easing, .pathEasing: return nil
    }
  }

  /// A critically damped spring (mass 1, at rest) settling when `curve` does; nil when `curve`
  /// does not overshoot (ζ ≥ 1) or never settles.
  func spring(_ curve: SpringCurve) -> SpringCurve? {
    guard curve.dampingRatio < 1, let target = curve.settlingDuration else { return nil }
    return Self.criticallyDamped(settling: target)
  }

  /// The critically damped spring at rest that settles at `settling`: its settling time falls
  /// as its frequency rises, so the frequency is found by bisection (on its logarithm, from
  /// [10^−2.9, 10^2.9] rad/s — stiffness within Core Animation's [1e-6, 1e6] with room for
  /// rounding, where 10^−3 squared fell below it — to adjacent doubles); nil for a settling time
  /// outside what those reach (12 ms to 2 h).
  static func criticallyDamped(settling target: Double) -> SpringCurve? {
    func curve(_ omega: Double) -> SpringCurve? {
      try? TimingFunction.checkedSpring(
        mass: 1, stiffness: omega * omega, damping: 2 * omega, initialVelocity: 0)
    }
    guard reachable?.contains(target) == true else { return nil }
    var (lo, hi) = (-logOmegaBound, logOmegaBound)
    for _ in 0..<200 {
      let mid = 0.5 * (lo + hi)
      guard mid > lo, mid < hi else { break }
      guard let settling = curve(pow10(mid))?.settlingDuration else { return nil }
      if settling > target { lo = mid } else { hi = mid }
    }
    return curve(pow10(0.5 * (lo + hi)))
  }

  /// The bisection's bounds on log10 ω.
  private static let logOmegaBound = 2.9

  /// The settling times the bisection reaches: from the fastest spring's to the slowest's; made
  /// once, not per token.
  private static let reachable: ClosedRange<Double>? = {
    func settling(_ logOmega: Double) -> Double? {
      let omega = pow10(logOmega)
      return
        (try? TimingFunction.checkedSpring(
          mass: 1, stiffness: omega * omega, damping: 2 * omega, initialVelocity: 0))?
        .settlingDuration
    }
    guard let fastest = settling(logOmegaBound), let slowest = settling(-logOmegaBound),
      fastest <= slowest
    else { return nil }
    return fastest...slowest
  }()

  private static func pow10(_ x: Double) -> Double { exp(x * log(10)) }
}
