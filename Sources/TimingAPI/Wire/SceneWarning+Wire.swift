import TimingEngine

/// Warnings in JSON (api.md "Timelines"): what a request may not mean as written but is still
/// valid, each at its JSON Pointer — a timeline's, an action search's and the exports'.
extension SceneWarning {
  /// The member a document holds its warnings in.
  enum ListMember: String, WireMember {
    case warnings
  }

  /// The warnings as an array, each as a problem's field error at a pointer
  /// (`{"pointer", "message"}`, `Problem.FieldError.Member`), so a client reads both alike.
  static func write(_ warnings: [SceneWarning], to w: inout JSONWriter) {
    w.beginArray()
    for warning in warnings {
      w.beginObject()
      w.member(Problem.FieldError.Member.pointer, JSONPointer(warning.source).description)
      w.member(Problem.FieldError.Member.message, warning.message)
      w.endObject()
    }
    w.endArray()
  }
}
