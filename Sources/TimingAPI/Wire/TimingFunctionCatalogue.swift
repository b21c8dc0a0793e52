import TimingEngine

/// `GET /v1/timing-functions`' answer (api.md "Timing functions", openapi.yaml
/// `TimingFunctionCatalogue`): every named function described, and the text forms a function
/// may be given in.
enum TimingFunctionCatalogue {
  enum Member: String, WireMember {
    case functions, forms
  }

  /// The text forms `TimingFunctionParser` reads, as a reader writes them.
  static let forms = [
    "cubic-bezier(x1, y1, x2, y2)",
    "steps(n[, jump-start|jump-end|jump-none|jump-both|start|end])",
    "step-start", "step-end", "linear(output [input%]{0,2}, …)",
    "spring(mass, stiffness, damping, initialVelocity)",
  ]

  static func write(to w: inout JSONWriter) {
    w.beginObject()
    w.key(Member.functions)
    w.beginArray()
    for named in NamedTimingFunction.allCases {
      TimingFunction.named(named).writeDescription(to: &w)
    }
    w.endArray()
    w.key(Member.forms)
    w.beginArray()
    for form in forms { w.string(form) }
    w.endArray()
    w.endObject()
  }
}
