extension ActionSearch {
  /// A step of the search (semantics.md §5.2, §5.3), named as the trace names it, and what
  /// decides a lookup: the step that answered, or `noAction` when none did. The names are the
  /// API's (`decidedBy` and each trace step's `step`).
  public enum Step: String, Sendable {
    /// The transaction disables actions: no lookup is made.
    case disableActions
    /// The layer's delegate (`actionForLayer:forKey:`), a view or a table.
    case delegate
    /// The layer's `actions` dictionary.
    case actions
    /// A level of the `style` chain.
    case style
    /// `defaultActionForKey:`: the class's defaults, then Core Animation's built-in actions.
    case defaultActionForKey
    /// The new value equals the model value (semantics.md §5.1): no lookup.
    case unchanged
    /// The layer is outside a rendered tree (◆ semantics.md §5.1): no lookup.
    case detached
    /// Every step answered nil: no action. A decision, never a step of a trace.
    case noAction = "none"
  }
}
