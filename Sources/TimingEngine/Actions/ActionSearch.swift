/// `actionForKey:` step by step (semantics.md §5.2, §5.3): the delegate, the `actions` dictionary,
/// the
/// `style` chain, then `defaultActionForKey:` (the class's own defaults, then Core Animation's
/// built-in implicit actions). Every step is traced, so a client can see why a change did or did
/// not animate.
public enum ActionSearch {
  public struct TraceStep: Sendable, Equatable {
    public enum Answer: String, Sendable { case action, NSNull, `nil`, skipped }
    /// Whose defaults `defaultActionForKey:` consulted: the layer class's own
    /// (`defaultActions`), or Core Animation's built-in actions.
    public enum Source: String, Sendable { case `class`, builtin }
    public let step: Step
    public let depth: Int?
    public let source: Source?
    public let answer: Answer
    public let note: String?
  }

  public struct Resolution: Sendable {
    public let key: String
    /// The action to run, ready to add (keyPath and duration filled in); nil for none.
    public let action: Animation?
    /// Which step decided: the one that answered, or `noAction`.
    public let decidedBy: Step
    public let trace: [TraceStep]
  }

  public static func resolve(
    key: String, sources: ActionSources, transaction: TransactionState, block: AnimationBlock? = nil
  ) -> Resolution {
    var trace: [TraceStep] = []
    func step(
      _ name: Step, _ answer: TraceStep.Answer, depth: Int? = nil,
      source: TraceStep.Source? = nil,
      note: String? = nil
    ) {
      trace.append(TraceStep(step: name, depth: depth, source: source, answer: answer, note: note))
    }
    if transaction.disableActions {
      step(.disableActions, .skipped, note: "the transaction disables actions: no lookup is made")
      return Resolution(key: key, action: nil, decidedBy: .disableActions, trace: trace)
    }
    // 1. The delegate.
    switch sources.delegate {
    case .view?:
      if let block,
        let action = UIKitActions.action(for: key, block: block, transaction: transaction)
      {
        step(
          .delegate, .action,
          note: "a UIView inside an animation block animates its animatable properties")
        return Resolution(key: key, action: action, decidedBy: .delegate, trace: trace)
      }
      step(
        .delegate, .NSNull,
        note: block == nil
          ? "a UIView answers NSNull outside animation blocks"
          : "a UIView does not animate '\(key)' even in a block")
      return Resolution(key: key, action: nil, decidedBy: .delegate, trace: trace)
    case .table(let table)?:
      if let answer = table.entries[key] {
        return decide(
          answer, .delegate, key: key, transaction: transaction, trace: &trace, depth: nil,
          source: nil)
      }
      step(.delegate, .nil)
    case nil: break
    }
    // 2. The layer's actions dictionary.
    if let answer = sources.actions.entries[key] {
      return decide(
        answer, .actions, key: key, transaction: transaction, trace: &trace, depth: nil,
        source: nil)
    }
    step(.actions, .nil)
    // 3. The style chain, shallowest first.
    for (depth, table) in sources.style.enumerated() {
      if let answer = table.entries[key] {
        return decide(
          answer, .style, key: key, transaction: transaction, trace: &trace, depth: depth,
          source: nil)
      }
      step(.style, .nil, depth: depth)
    }
    // 4. defaultActionForKey: the class's own defaults, then Core Animation's.
    if let answer = sources.classDefaults.entries[key] {
      return decide(
        answer, .defaultActionForKey, key: key, transaction: transaction, trace: &trace,
        depth: nil, source: .class)
    }
    if let builtIn = BuiltInActions.action(for: key, transaction: transaction) {
      step(.defaultActionForKey, .action, source: .builtin)
      return Resolution(key: key, action: builtIn, decidedBy: .defaultActionForKey, trace: trace)
    }
    step(
      .defaultActionForKey, .nil, source: .builtin,
      note: "Core Animation has no implicit action for '\(key)'")
    return Resolution(key: key, action: nil, decidedBy: .noAction, trace: trace)
  }

  private static func decide(
    _ answer: ActionAnswer, _ name: Step, key: String, transaction: TransactionState,
    trace: inout [TraceStep],
    depth: Int?, source: TraceStep.Source?
  ) -> Resolution {
    switch answer {
    case .null:
      trace.append(TraceStep(step: name, depth: depth, source: source, answer: .NSNull, note: nil))
      return Resolution(key: key, action: nil, decidedBy: name, trace: trace)
    case .action(let animation):
      trace.append(TraceStep(step: name, depth: depth, source: source, answer: .action, note: nil))
      return Resolution(
        key: key, action: prepared(animation, key: key, transaction: transaction), decidedBy: name,
        trace: trace)
    }
  }

  /// An action runs as an animation added under its key: without a keyPath it takes the key
  /// (semantics.md §3.2), and a zero duration takes the transaction's (semantics.md §1.3).
  static func prepared(_ animation: Animation, key: String, transaction: TransactionState)
    -> Animation
  {
    var a = animation
    if a.keyPath == nil {
      switch a.kind {
      case .group, .transition: break
      case .basic, .keyframe, .spring: a.keyPath = PropertyKeyPath.resolve(key, customType: .scalar)
      }
    }
    if a.timing.duration <= 0 { a.timing.duration = transaction.animationDuration }
    if a.key == nil { a.key = key }
    return a
  }
}
