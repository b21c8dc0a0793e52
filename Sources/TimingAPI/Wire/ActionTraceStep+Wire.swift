import TimingEngine

/// The action search's trace (api.md "Actions"): each step it took, what it asked and what
/// answered.
extension ActionSearch.TraceStep {
  /// A step's members: which step, the style level and whose defaults (when they apply), the
  /// answer, and a note.
  enum Member: String, WireMember {
    case step, depth, source, answer, note
  }

  /// The trace as an array, step by step.
  static func write(_ trace: [Self], to w: inout JSONWriter) {
    w.beginArray()
    for step in trace {
      w.beginObject()
      w.member(Member.step, step.step.rawValue)
      if let depth = step.depth {
        w.member(Member.depth, depth)
      }
      if let source = step.source {
        w.member(Member.source, source.rawValue)
      }
      w.member(Member.answer, step.answer.rawValue)
      if let note = step.note {
        w.member(Member.note, note)
      }
      w.endObject()
    }
    w.endArray()
  }
}
