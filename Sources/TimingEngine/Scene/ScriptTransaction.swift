/// A `CATransaction` block: its own settings (nil inherits), its changes, nested transactions, and
/// an optional completion block, named so the timeline can report when it runs (semantics.md §5.4).
public struct ScriptTransaction: Sendable {
  public var animationDuration: Double?
  public var animationTimingFunction: TimingFunction?
  public var disableActions: Bool?
  public var changes: [PropertyChange] = []
  public var nested: [ScriptTransaction] = []
  public var completion: String?
  public init() {}
}
