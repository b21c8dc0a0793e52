import Testing

@testable import TimingEngine

/// Every place an answer can come from, with each of the two answers that stop the search.
@Suite struct ActionSearchTriStateTests {
  enum Place: String, CaseIterable { case delegate, actions, style0, style1, style2, classDefaults }

  @Test(arguments: Place.allCases, [true, false])
  func answerStopsTheSearchThere(_ place: Place, _ isAction: Bool) {
    var fade = Animation(kind: .basic(BasicValues()))
    fade.timing.duration = 2
    let answer: ActionAnswer = isAction ? .action(fade) : .null
    var sources = ActionSources()
    sources.delegate = .table(ActionTable())
    sources.style = [ActionTable(), ActionTable(), ActionTable()]
    switch place {
    case .delegate: sources.delegate = .table(ActionTable(["opacity": answer]))
    case .actions: sources.actions = ActionTable(["opacity": answer])
    case .style0: sources.style[0] = ActionTable(["opacity": answer])
    case .style1: sources.style[1] = ActionTable(["opacity": answer])
    case .style2: sources.style[2] = ActionTable(["opacity": answer])
    case .classDefaults: sources.classDefaults = ActionTable(["opacity": answer])
    }
    let r = ActionSearch.resolve(key: "opacity", sources: sources, transaction: TransactionState())
    let expectedSteps: [Place: Int] = [
      .delegate: 1, .actions: 2, .style0: 3, .style1: 4, .style2: 5, .classDefaults: 6,
    ]
    #expect(r.trace.count == expectedSteps[place])
    #expect(r.trace.dropLast().allSatisfy { $0.answer == .nil })
    #expect(r.trace.last?.answer == (isAction ? .action : .NSNull))
    #expect((r.action != nil) == isAction)
    if isAction { #expect(r.action?.timing.duration == 2) }
    let decided: [Place: String] = [
      .delegate: "delegate", .actions: "actions", .style0: "style", .style1: "style",
      .style2: "style",
      .classDefaults: "defaultActionForKey",
    ]
    #expect(r.decidedBy.rawValue == decided[place])
  }

  /// All nil: the built-in default decides, for every key that has one.
  @Test(arguments: BuiltInActions.basicKeys.sorted())
  func builtInBasicDefaults(_ key: String) {
    var sources = ActionSources()
    sources.delegate = .table(ActionTable())
    sources.style = [ActionTable()]
    let r = ActionSearch.resolve(key: key, sources: sources, transaction: TransactionState())
    #expect(r.decidedBy == .defaultActionForKey && r.trace.last?.source == .builtin)
    guard case .basic? = r.action?.kind else {
      Issue.record("\(key): no basic animation")
      return
    }
    #expect(r.action?.timing.duration == 0.25)
  }

  @Test(arguments: ["hidden", "backgroundFilters", "compositingFilter"])
  func builtInFades(_ key: String) {
    let r = ActionSearch.resolve(
      key: key, sources: ActionSources(), transaction: TransactionState())
    guard case .transition(let style)? = r.action?.kind else {
      Issue.record("\(key): no transition")
      return
    }
    #expect(style.type == .fade)
  }
}
