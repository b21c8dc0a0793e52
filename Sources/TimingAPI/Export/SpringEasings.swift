import TimingEngine

/// Springs as CSS `linear()` easings for one export, each fitted once: a scene's springs often
/// share their parameters and ends (the standard scene's 1 000 width springs have 5 dampings),
/// and a fit evaluates the spring 4 097 times (a fifth of that scene's export when repeated).
struct SpringEasings {
  private struct Key: Hashable {
    let spring: SpringCurve
    let duration: Double
    let maxError: Double
  }

  private var fitted: [Key: LinearEasing?] = [:]

  /// The spring's progress as `linear()` stops over its duration, within the progress error
  /// that keeps its widest-moving component within half that component's bound (the rest is
  /// left to rounding and to the browser's interpolation). Nil when the bound asks for a
  /// progress error under 1e-6.
  mutating func stops(
    _ spring: SpringCurve, duration: Double, property: CSSProperty, from: [Double], to: [Double],
    bounds: ExportBounds
  ) -> LinearEasing? {
    var maxError = 1.0
    for c in 0..<property.componentCount where from[c] != to[c] {
      maxError = min(maxError, bounds.bound(property.unit(ofComponent: c)) / abs(to[c] - from[c]))
    }
    maxError *= 0.5
    guard maxError >= 1e-6 else { return nil }
    let key = Key(spring: spring, duration: duration, maxError: maxError)
    if let known = fitted[key] { return known }
    let fit = LinearEasingFit(span: duration, maxError: maxError) { spring.progress($0) }
    let stops = LinearEasing(
      stops: fit.stops.map { LinearEasing.Stop(output: $0.y, inputPercents: [$0.x * 100]) })
    fitted[key] = stops
    return stops
  }
}
