/// The resolutions of a lookup that never reaches the action search: the value did not change,
/// or the layer is outside a rendered tree. The plan builder records them like any other.
extension ActionSearch {
  /// semantics.md §5.1: setting a value equal to the model value triggers nothing.
  static func unchanged(key: String) -> Resolution {
    Resolution(
      key: key, action: nil, decidedBy: "unchanged",
      trace: [
        TraceStep(
          step: "unchanged", depth: nil, source: nil, answer: .skipped,
          note: "the new value equals the model value")
      ])
  }

  /// ◆ semantics.md §5.1: a layer outside a rendered tree gets no implicit actions.
  static func detached(key: String) -> Resolution {
    Resolution(
      key: key, action: nil, decidedBy: "detached",
      trace: [
        TraceStep(
          step: "detached", depth: nil, source: nil, answer: .skipped,
          note: "the layer is not in a rendered tree")
      ])
  }
}
