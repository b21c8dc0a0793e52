/// `CATransaction` state (semantics.md §5.4), after inheritance from enclosing transactions.
public struct TransactionState: Sendable {
  public var animationDuration = 0.25
  public var animationTimingFunction: TimingFunction?
  public var disableActions = false
  public init() {}
}
