import HTTPTransport
import TimingEngine

/// `GET /v1/timing-functions/{function}?format=css&maxError=…` (docs/export.md "Easing
/// curves"): the function as a CSS easing — its own exact form when it has one
/// (`cubic-bezier()`, `steps()`, `linear()`), and for a spring, which has none, `linear()` stops
/// within `maxError` of its progress over its settling duration.
enum TimingFunctionCSS {
  /// The parameters an easing takes beside `format`.
  enum Parameter: String, WireMember {
    case maxError
  }

  static let parameters = Parameter.names.union(Representation.Parameter.names)
  /// 0.001 of progress: a thousandth of the distance animated, 0.2 px on a 200 px slide.
  static let defaultMaxError = 0.001

  static func answer(_ function: TimingFunction, _ context: RequestContext) throws(Problem)
    -> HTTPResponse
  {
    try context.acceptJSON(allowed: parameters)
    var problems = DecodingContext.query()
    _ = TimingFunctionRoutes.lookUpOffer.named(in: context.query, problems: &problems)
    var maxError = defaultMaxError
    if let text = context.query.first(Parameter.maxError) {
      // At least 1e-6: the stops are written to 6 decimals (±5e-7), so a finer bound could not
      // be kept, and a spring's grid would grow to 2^18 stops (7.5 MB) trying.
      if let value = DecodingContext.number(text, in: 1e-6...1) {
        maxError = value
      } else {
        problems.fail(
          parameter: Parameter.maxError, "must be a number in [1e-6, 1]; got '\(text.prefix(40))'")
      }
    }
    try problems.throwIfFailed()
    let answer: CSSEasingAnswer
    switch function {
    case .named, .controlPoints, .cubicBezier, .steps, .linear:
      answer = CSSEasingAnswer(function: function, css: function.cssText, form: .exact)
    case .spring(let spring):
      guard let duration = spring.settlingDuration else {
        throw Problem.invalidRequest([
          .parameter(
            Representation.Parameter.format,
            "a spring without damping never settles, so it has no CSS form")
        ])
      }
      guard let fit = LinearEasingFit.spring(spring, span: duration, maxError: maxError) else {
        throw Problem.invalidRequest([
          .parameter(Representation.Parameter.format, LinearEasingFit.tooOscillatory)
        ])
      }
      answer = CSSEasingAnswer(
        function: function, css: fit.css,
        form: .fitted(
          maxError: maxError, error: fit.error, stops: fit.stops.count, duration: duration))
    }
    var w = JSONWriter()
    answer.write(to: &w)
    return try context.json(w)
  }
}
