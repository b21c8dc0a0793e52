import TimingEngine

/// The action search's trace (api.md "Actions"): each step it took, what it asked and what
/// answered.
enum TraceJSON {
  static func write(_ trace: [ActionSearch.TraceStep], into w: inout JSONWriter) {
    w.beginArray()
    for step in trace {
      w.beginObject()
      w.key("step")
      w.string(step.step.rawValue)
      if let depth = step.depth {
        w.key("depth")
        w.number(depth)
      }
      if let source = step.source {
        w.key("source")
        w.string(source.rawValue)
      }
      w.key("answer")
      w.string(step.answer.rawValue)
      if let note = step.note {
        w.key("note")
        w.string(note)
      }
      w.endObject()
    }
    w.endArray()
  }
}
