import TimingEngine

/// `GET /v1/timing-functions/{function}?format=css`'s answer (docs/export.md "Easing curves",
/// openapi.yaml `CSSEasing`): the function's description and its CSS easing — its own form,
/// exact, or for a spring `linear()` stops within a bound over its settling duration.
struct CSSEasingAnswer {
  /// The answer's members; `function`, the description, is named as an evaluation names it
  /// (`PointsRequest.Member`).
  enum Member: String, WireMember {
    case css, exact, maxError, error, stops, duration
  }

  /// How the CSS text stands for the function.
  enum Form {
    /// The function's own CSS form: no error.
    case exact
    /// A spring's `linear()` stops: the bound asked for, the error reached, the stop count, and
    /// the settling duration the easing runs over (the CSS animation's duration).
    case fitted(maxError: Double, error: Double, stops: Int, duration: Double)
  }

  let function: TimingFunction
  let css: String
  let form: Form

  func write(to w: inout JSONWriter) {
    w.beginObject()
    w.key(PointsRequest.Member.function)
    function.writeDescription(to: &w)
    w.member(Member.css, css)
    switch form {
    case .exact:
      w.member(Member.exact, true)
      w.member(Member.error, 0)
    case .fitted(let maxError, let error, let stops, let duration):
      w.member(Member.exact, false)
      w.member(Member.maxError, maxError)
      w.member(Member.error, error)
      w.member(Member.stops, stops)
      // The CSS animation's duration: linear()'s input runs over the settling duration.
      w.member(Member.duration, duration)
    }
    w.endObject()
  }
}
