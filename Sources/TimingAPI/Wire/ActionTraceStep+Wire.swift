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
      w.key(Member.step)
      w.string(step.step.rawValue)
      if let depth = step.depth {
        w.key(Member.depth)
        w.number(depth)
      }
      if let source = step.source {
        w.key(Member.source)
        w.string(source.rawValue)
      }
      w.key(Member.answer)
      w.string(step.answer.rawValue)
      if let note = step.note {
        w.key(Member.note)
        w.string(note)
      }
      w.endObject()
    }
    w.endArray()
  }
}
