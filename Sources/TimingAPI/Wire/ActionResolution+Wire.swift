import TimingEngine

/// One action lookup in JSON (api.md "Actions"): the key asked for, the action that runs
/// (null for none), the step that decided and the trace — an action search's result and the
/// middle of a timeline's action record.
extension ActionSearch.Resolution {
  enum Member: String, WireMember {
    case key, action, decidedBy, trace
  }

  /// The members, without the braces around them; `key` is the key as the caller asked it.
  func writeMembers(key: String, to w: inout JSONWriter) {
    w.member(Member.key, key)
    w.key(Member.action)
    if let action { action.write(to: &w) } else { w.null() }
    w.member(Member.decidedBy, decidedBy.rawValue)
    w.key(Member.trace)
    ActionSearch.TraceStep.write(trace, to: &w)
  }
}
