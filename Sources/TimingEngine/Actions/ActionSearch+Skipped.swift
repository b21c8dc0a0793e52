/// The resolutions of a lookup that never reaches the action search: the value did not change,
/// or the layer is outside a rendered tree. The plan builder records them like any other.
extension ActionSearch {
  /// semantics.md §5.1: setting a value equal to the model value triggers nothing.
  static func unchanged(key: String) -> Resolution {
    skipped(key: key, because: .unchanged, note: "the new value equals the model value")
  }

  /// ◆ semantics.md §5.1: a layer outside a rendered tree gets no implicit actions.
  static func detached(key: String) -> Resolution {
    skipped(key: key, because: .detached, note: "the layer is not in a rendered tree")
  }

  /// No action, decided by `reason`, with one skipped step of that name in the trace.
  private static func skipped(key: String, because reason: Step, note: String) -> Resolution {
    Resolution(
      key: key, action: nil, decidedBy: reason,
      trace: [
        TraceStep(step: reason, depth: nil, source: nil, answer: .skipped, note: note)
      ])
  }
}
