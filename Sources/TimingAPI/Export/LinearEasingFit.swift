import TimingEngine

/// A curve as CSS `linear()` stops within a bound on the vertical error (docs/export.md
/// "Easing curves"): stops chosen greedily among a fine grid by the same vertical-error rule as
/// keyframes (`KeyframeFit`), since a browser interpolates `linear()` stops in a straight line.
struct LinearEasingFit: Sendable {
  /// (output, input as a fraction of the span) for each stop, first and last included.
  let stops: [(y: Double, x: Double)]
  /// The largest vertical error at any grid point.
  let error: Double

  /// Grid intervals: 4 096 across the span, so that between two grid points a curve of slope
  /// below 4 (a spring's steepest, from rest to 1 in a quarter of its span) moves under 0.001.
  static let gridIntervals = 4_096

  /// `curve` over [0, span], its input scaled to [0, 1], on `intervals` grid intervals, with
  /// `betweenPoints` (a bound on how far the curve strays from a straight line between two
  /// grid points) left out of `maxError` for the fit and added to `error`.
  init(
    span: Double, maxError: Double, intervals: Int = gridIntervals, betweenPoints: Double = 0,
    _ curve: (Double) -> Double
  ) {
    let n = intervals
    let xs = (0...n).map { Double($0) / Double(n) }
    let ys = xs.map { curve($0 * span) }
    let allowed = maxError - betweenPoints
    // Stops state their outputs to 1e-6 (inputs k/4096 are exact decimals), and the error is
    // measured from what they state.
    let stated = ys.map { ($0 * 1e6).rounded() / 1e6 }
    let kept = KeyframeFit.greedy(count: xs.count) { i, j in
      for k in (i + 1)..<j {
        let t = (xs[k] - xs[i]) / (xs[j] - xs[i])
        if abs(stated[i] * (1 - t) + stated[j] * t - ys[k]) > allowed { return false }
      }
      return true
    }
    var worst = 0.0
    for (i, j) in zip(kept, kept.dropFirst()) {
      worst = max(worst, abs(stated[i] - ys[i]))
      for k in (i + 1)..<j {
        let t = (xs[k] - xs[i]) / (xs[j] - xs[i])
        worst = max(worst, abs(stated[i] * (1 - t) + stated[j] * t - ys[k]))
      }
    }
    worst = max(worst, abs(stated[n] - ys[n]))
    stops = kept.map { (stated[$0], xs[$0]) }
    error = worst + betweenPoints
  }

  /// Why a spring has no `linear()` here (`spring` answered nil), for the answers that say so.
  static let tooOscillatory =
    "this spring oscillates too long before it settles for linear() stops to follow it within maxError"

  /// The most grid intervals a spring's fit may take: 2¹⁸, 6 MB of grid and a few tens of
  /// milliseconds; a spring that needs more has no `linear()` here.
  static let maxSpringIntervals = 1 << 18

  /// A spring's progress over its settling duration within `maxError` everywhere, not only at
  /// the grid points: the grid (at least `gridIntervals`, halved until it is fine enough) has
  /// the spring stray from a straight line between two of its points by at most a tenth of
  /// `maxError` (`SpringCurve.interpolationBound`); nil for a spring that needs more than
  /// `maxSpringIntervals` (thousands of oscillations before it settles).
  static func spring(_ spring: SpringCurve, span: Double, maxError: Double) -> LinearEasingFit? {
    guard let intervals = springIntervals(spring, span: span, maxError: maxError) else {
      return nil
    }
    return LinearEasingFit(
      span: span, maxError: maxError, intervals: intervals,
      betweenPoints: spring.interpolationBound(step: span / Double(intervals))
    ) { spring.progress($0) }
  }

  /// The grid a spring's fit takes (what its work is charged by, before it starts): at least
  /// `gridIntervals`, doubled until the spring strays from a straight line between two grid
  /// points by at most a tenth of `maxError`; nil past `maxSpringIntervals`.
  static func springIntervals(_ spring: SpringCurve, span: Double, maxError: Double) -> Int? {
    var intervals = gridIntervals
    while spring.interpolationBound(step: span / Double(intervals)) > maxError / 10 {
      intervals *= 2
      guard intervals <= maxSpringIntervals else { return nil }
    }
    return intervals
  }

  /// `linear(0, 0.25 10%, …, 1 100%)`: every stop with its input as a percentage.
  /// (`TimingFunction.cssText` writes it, as for any `linear()` function.)
  var css: String {
    TimingFunction.linear(
      LinearEasing(stops: stops.map { .init(output: $0.y, inputPercents: [$0.x * 100]) })
    ).cssText
  }
}
