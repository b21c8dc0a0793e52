import TimingEngine

/// A motion token as a CSS value (the tokens compiler's `css` target): a duration in `ms`, a
/// cubic Bézier or any CSS easing as it is (exact), and what CSS has no function for — a spring,
/// an easing path — as `linear()` with the fewest stops within `maxError` of the exact curve,
/// its largest error measured on a grid 16 times finer than the fit's and stated.
struct TokenCSS: Sendable {
  /// The value, as a custom property holds it.
  let text: String
  /// The largest difference from the exact curve in progress (a fraction of the distance),
  /// measured; 0 where the value is exact.
  let maxError: Double
  /// What CSS cannot say of the token (a spring's duration is its settling time; a bounce-only
  /// spring's is the one it is paired with).
  var notes: [String] = []
  /// The easing the value states, for the source targets, which write it as their platform's
  /// curve; nil for a duration or a transition.
  var function: TimingFunction? = nil

  /// The default bound on a `linear()`'s error: 0.001 of the distance, as `?format=css` on a
  /// timing function.
  static let defaultMaxError = 0.001

  /// Checking grid: `linear()` is fitted on 4 096 intervals and its error measured on 16 times
  /// as many points, where a curve between two fit points shows.
  static let checkFactor = 16

  /// The token's CSS; nil, with why in `failure`, where it has none (a spring that oscillates
  /// too long for `linear()` stops within `maxError`).
  static func css(_ meaning: MotionToken.Meaning, maxError: Double) -> Result<TokenCSS, Failure> {
    switch meaning {
    case .duration(let seconds):
      return .success(TokenCSS(text: MillisecondsText.text(seconds), maxError: 0))
    case .cubicBezier(let bezier):
      let function = TimingFunction.cubicBezier(bezier)
      return .success(TokenCSS(text: function.cssText, maxError: 0, function: function))
    case .easing(let function):
      return .success(TokenCSS(text: function.cssText, maxError: 0, function: function))
    case .transition(let duration, let delay, let function):
      // The `transition` shorthand's order: duration, timing function, delay.
      return .success(
        TokenCSS(
          text: MillisecondsText.text(duration) + " " + TimingFunction.cubicBezier(function).cssText
            + " "
            + MillisecondsText.text(delay), maxError: 0))
    case .spring(let given, _): return spring(given.curve, maxError: maxError)
    case .physicalSpring(let curve): return spring(curve, maxError: maxError)
    case .bounce(let bounce):
      // A spring's shape over its settling time does not depend on its time scale: SwiftUI's
      // spring of that bounce over 1 s has the same linear() as over any duration.
      guard let curve = bounceCurve(bounce) else {
        return .failure(.noCSS("a bounce of \(numberText(bounce)) gives no spring CSS can follow"))
      }
      var css = spring(curve, maxError: maxError)
      if case .success(var value) = css {
        value.notes.append(
          "a bounce-only spring's time scale is the duration it is used with; Figma does not publish how it stretches a spring over its segment"
        )
        css = .success(value)
      }
      return css
    case .pathEasing(let path):
      let fit = LinearEasingFit(span: 1, maxError: maxError) { path.progress($0) }
      let function = TimingFunction.linear(
        LinearEasing(stops: fit.stops.map { .init(output: $0.y, inputPercents: [$0.x * 100]) }))
      return .success(
        TokenCSS(
          text: function.cssText,
          maxError: measuredError(function, against: path.progress), function: function))
    }
  }

  /// SwiftUI's spring of `bounce` over 1 s: a bounce-only spring's shape.
  static func bounceCurve(_ bounce: Double) -> SpringCurve? {
    let p = PlatformSpring(
      api: .swiftUIDurationBounce, [.duration: 1, .bounce: bounce, .initialVelocity: 0]
    ).physical(distance: 1)
    return try? TimingFunction.checkedSpring(
      mass: p.mass, stiffness: p.stiffness, damping: p.damping, initialVelocity: p.initialVelocity)
  }

  /// The work units making `meaning`'s CSS takes (`WorkCost`: measured per kind of fit),
  /// charged before it is made.
  static func cost(_ meaning: MotionToken.Meaning, maxError: Double) -> Int {
    func spring(_ curve: SpringCurve?) -> Int {
      guard let curve, let settling = curve.settlingDuration, settling.isFinite, settling > 0 else {
        return 0
      }
      let intervals =
        LinearEasingFit.springIntervals(curve, span: settling, maxError: maxError) ?? 0
      return WorkBudget.adding(
        WorkCost.tokenSpringFit, WorkBudget.multiplying(intervals, WorkCost.tokenSpringInterval))
    }
    switch meaning {
    case .duration, .cubicBezier, .transition, .easing: return 0
    case .spring(let given, _): return spring(given.curve)
    case .physicalSpring(let curve): return spring(curve)
    case .bounce(let bounce): return spring(bounceCurve(bounce))
    case .pathEasing: return WorkCost.tokenPathFit
    }
  }

  enum Failure: Error, Sendable {
    case noCSS(String)
  }

  private static func spring(_ curve: SpringCurve, maxError: Double) -> Result<TokenCSS, Failure> {
    guard let settling = curve.settlingDuration, settling.isFinite, settling > 0 else {
      return .failure(.noCSS("an undamped spring never settles: it has no CSS form"))
    }
    guard let fit = LinearEasingFit.spring(curve, span: settling, maxError: maxError) else {
      return .failure(.noCSS(LinearEasingFit.tooOscillatory))
    }
    let function = TimingFunction.linear(
      LinearEasing(stops: fit.stops.map { .init(output: $0.y, inputPercents: [$0.x * 100]) }))
    return .success(
      TokenCSS(
        text: function.cssText,
        maxError: max(fit.error, measuredError(function) { curve.progress($0 * settling) }),
        notes: [
          "linear() runs over the spring's settling duration, \(MillisecondsText.text(settling)): the CSS animation's duration"
        ], function: function))
  }

  /// The largest |css(x) − exact(x)| on the checking grid.
  static func measuredError(_ css: TimingFunction, against exact: (Double) -> Double) -> Double {
    let n = LinearEasingFit.gridIntervals * checkFactor
    var worst = 0.0
    for i in 0...n {
      let x = Double(i) / Double(n)
      worst = max(worst, abs(css.evaluate(x) - exact(x)))
    }
    return worst
  }
}
