import Testing

@testable import TimingEngine

/// semantics.md §5.2's tri-state at every step, and §5.3's built-in defaults.
@Suite struct ActionSearchTests {
  static let push: Animation = {
    var style = TransitionStyle()
    style.type = .push
    style.subtype = .fromLeft
    return Animation(kind: .transition(style))
  }()

  func answers(_ resolution: ActionSearch.Resolution) -> [String] {
    resolution.trace.map { "\($0.step)\($0.depth.map { "[\($0)]" } ?? ""):\($0.answer.rawValue)" }
  }

  @Test func builtInBasicActionUsesTheTransaction() {
    var transaction = TransactionState()
    transaction.animationDuration = 0.5
    let r = ActionSearch.resolve(
      key: "backgroundColor", sources: ActionSources(), transaction: transaction)
    #expect(r.decidedBy == .defaultActionForKey)
    #expect(r.trace.last?.source == .builtin)
    #expect(r.action?.timing.duration == 0.5)
    #expect(r.action?.timingFunction == .named(.default))
    #expect(r.action?.keyPath?.text == "backgroundColor")
    transaction.animationTimingFunction = .named(.linear)
    #expect(
      ActionSearch.resolve(key: "opacity", sources: ActionSources(), transaction: transaction)
        .action?.timingFunction == .named(.linear))
  }

  @Test(arguments: ["doubleSided", "onOrderIn", "onOrderOut", "transition", "myCustomKey"])
  func keysWithoutImplicitActions(_ key: String) {
    let r = ActionSearch.resolve(
      key: key, sources: ActionSources(), transaction: TransactionState())
    #expect(r.action == nil)
    #expect(r.decidedBy == .noAction)
  }

  @Test func hiddenFades() {
    let r = ActionSearch.resolve(
      key: "hidden", sources: ActionSources(), transaction: TransactionState())
    guard case .transition(let style)? = r.action?.kind else {
      Issue.record("no transition")
      return
    }
    #expect(style.type == .fade)
  }

  /// NSNull at each step stops the search there; nil goes on.
  @Test func nullAtEachStep() {
    var sources = ActionSources()
    sources.delegate = .table(ActionTable(["position": .null]))
    var r = ActionSearch.resolve(key: "position", sources: sources, transaction: TransactionState())
    #expect(r.decidedBy == .delegate && r.action == nil && answers(r) == ["delegate:NSNull"])

    sources.delegate = .table(ActionTable())
    sources.actions = ActionTable(["position": .null])
    r = ActionSearch.resolve(key: "position", sources: sources, transaction: TransactionState())
    #expect(answers(r) == ["delegate:nil", "actions:NSNull"])

    sources.actions = ActionTable()
    sources.style = [
      ActionTable(), ActionTable(["position": .null]),
      ActionTable(["position": .action(Self.push)]),
    ]
    r = ActionSearch.resolve(key: "position", sources: sources, transaction: TransactionState())
    #expect(answers(r) == ["delegate:nil", "actions:nil", "style[0]:nil", "style[1]:NSNull"])
    #expect(r.decidedBy == .style)

    sources.style = [ActionTable(), ActionTable(), ActionTable(["position": .action(Self.push)])]
    r = ActionSearch.resolve(key: "position", sources: sources, transaction: TransactionState())
    #expect(
      answers(r) == [
        "delegate:nil", "actions:nil", "style[0]:nil", "style[1]:nil", "style[2]:action",
      ])
    #expect(r.action?.key == "position")

    sources.style = []
    sources.classDefaults = ActionTable(["position": .null])
    r = ActionSearch.resolve(key: "position", sources: sources, transaction: TransactionState())
    #expect(r.trace.last?.source == .class && r.trace.last?.answer == .NSNull && r.action == nil)
  }

  /// The shallowest style level with the key wins, even over a deeper one.
  @Test func shallowestStyleWins() {
    var sources = ActionSources()
    var fade = Animation(kind: .basic(BasicValues()))
    fade.timing.duration = 3
    sources.style = [ActionTable(["opacity": .action(fade)]), ActionTable(["opacity": .null])]
    let r = ActionSearch.resolve(key: "opacity", sources: sources, transaction: TransactionState())
    #expect(r.decidedBy == .style && r.trace.last?.depth == 0)
    #expect(r.action?.timing.duration == 3)
    #expect(r.action?.keyPath?.text == "opacity")  // took the action key
  }

  @Test func disableActionsSkipsTheLookup() {
    var transaction = TransactionState()
    transaction.disableActions = true
    var sources = ActionSources()
    sources.actions = ActionTable(["opacity": .action(Self.push)])
    let r = ActionSearch.resolve(key: "opacity", sources: sources, transaction: transaction)
    #expect(r.action == nil && answers(r) == ["disableActions:skipped"])
  }

  /// Lockwood's experiment (iOS Core Animation, ch. 7, listing 7.4): a view-backed layer answers
  /// NSNull outside a block, an animation inside one.
  @Test func viewDelegate() {
    var sources = ActionSources()
    sources.delegate = .view
    var transaction = TransactionState()
    transaction.animationDuration = 1
    let outside = ActionSearch.resolve(
      key: "backgroundColor", sources: sources, transaction: transaction)
    #expect(outside.action == nil && answers(outside) == ["delegate:NSNull"])
    var block = AnimationBlock(duration: 0.3)
    block.curve = .named(.easeOut)
    let inside = ActionSearch.resolve(
      key: "backgroundColor", sources: sources, transaction: transaction, block: block)
    #expect(inside.action?.timing.duration == 0.3)
    #expect(inside.action?.timingFunction == .named(.easeOut))
    #expect(inside.action?.additive == true)
    #expect(inside.action?.timing.fillMode == .backwards)
  }
}
