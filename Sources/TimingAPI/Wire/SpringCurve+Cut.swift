import TimingEngine

/// A spring animation ends at its `duration`, settled or not — Core Animation does not stretch
/// it to `settlingDuration` (semantics.md §3.5) — and a spring without a duration runs Core
/// Animation's default 0.25 s, which cuts most springs mid-swing (damping 10: settled at
/// 1.75 s). The service keeps that and says so (issue 30: the cut was silent).
extension SpringCurve {
  /// The warning for a spring animation of `duration` (0: none given, Core Animation's 0.25 s)
  /// that ends before the spring settles; nil when it settles in time, or never settles
  /// (damping 0: every duration cuts it, and any is what was meant).
  func cut(by duration: Double) -> String? {
    let runs = duration > 0 ? duration : 0.25
    guard let settling = settlingDuration, runs < settling else { return nil }
    // To the hundredth above, so that the duration the warning asks for does settle it.
    let enough = (settling * 100).rounded(.up) / 100
    let given =
      duration > 0
      ? "duration \(numberText(runs)) s" : "duration 0.25 s (Core Animation's default: none given)"
    return "the spring settles at \(numberText(enough)) s (settlingDuration); \(given) cuts it"
      + " — set duration to \(numberText(enough))"
  }
}
