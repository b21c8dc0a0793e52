import TimingEngine

/// `POST /v1/springs`' answer for a spring (docs/springs.md), written where more than that route
/// gives it: the fitted spring of `POST /v1/fit` is answered in the same shape.
enum SpringAnswer {
  /// The CSS easing's error: 0.001 of the distance, as `?format=css` on a timing function
  /// (`TimingFunctionCSS.defaultMaxError`, which is this) and a token's `linear()`.
  static let cssMaxError = TokenCSS.defaultMaxError

  static func writer(_ spring: GivenSpring, settling: Double) -> JSONWriter {
    let fit = LinearEasingFit.spring(spring.curve, span: settling, maxError: cssMaxError)
    let conversion = SpringConversion(
      spring: spring, settling: settling, css: fit.map { ($0.css, $0.error) },
      cssMaxError: cssMaxError,
      noCSSMessage: LinearEasingFit.tooOscillatory + " (cssMaxError): no CSS is given")
    var w = JSONWriter(capacity: 8192)
    conversion.write(to: &w)
    return w
  }
}
