/// What one step of the action search answers for a key (semantics.md §5.2).
public enum ActionAnswer: Sendable {
  /// An action: stop and run it.
  case action(Animation)
  /// NSNull: stop, no action. In JSON, a key mapped to `null` (or the string "NSNull").
  case null
}

/// An `actions`-style dictionary. A key that is absent answers nil (the search goes on).
public struct ActionTable: Sendable {
  public var entries: [String: ActionAnswer]
  public init(_ entries: [String: ActionAnswer] = [:]) { self.entries = entries }
}
