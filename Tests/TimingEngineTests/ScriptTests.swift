import Testing

@testable import TimingEngine

/// Script events through the action search into the timeline (semantics.md §5).
@Suite struct ScriptTests {
  func change(_ layer: String, _ keyPath: String, _ value: [Double]) -> PropertyChange {
    let path = PropertyKeyPath.resolve(keyPath)!
    return PropertyChange(
      layer: layer, keyPath: path, value: AnimatableValue(path.valueType, value), source: [])
  }

  func scene(_ layers: [Layer], _ events: [ScriptEvent]) -> TimelinePlan {
    var s = Scene()
    s.layers = layers
    s.events = events
    return try! TimelinePlan(scene: s)
  }

  func transaction(
    duration: Double? = nil, disable: Bool? = nil, _ changes: [PropertyChange],
    completion: String? = nil
  )
    -> ScriptTransaction
  {
    var t = ScriptTransaction()
    t.animationDuration = duration
    t.disableActions = disable
    t.changes = changes
    t.completion = completion
    return t
  }

  /// A standalone layer animates implicitly from the old presentation value to the new model
  /// value over the transaction's duration with the default curve.
  @Test func implicitAnimation() {
    let p = scene(
      [layer("a", properties: [("opacity", .scalar(1))])],
      [
        ScriptEvent(
          time: 1, action: .transaction(transaction(duration: 2, [change("a", "opacity", [0])])),
          source: [])
      ])
    let expected = 1 - NamedTimingFunction.default.bezier.solve(0.5)
    #expect(approximately(scalars(p, "a", "opacity", [0.5, 1, 2, 3, 4]), [1, 1, expected, 0, 0]))
    #expect(p.actionRecords.first?.resolution.decidedBy == .defaultActionForKey)
  }

  /// semantics.md §3.3: an end the animation leaves out follows the model value as the script
  /// changes it: in the sampled values (each model value from its change on) and in the
  /// presentation value a later change starts from (composed while the plan is built).
  @Test func missingEndFollowsTheModelAcrossChanges() throws {
    let fade = basic("opacity", from: [0]) { $0.timing.duration = 10 }
    let p = scene(
      [layer("a", [fade], properties: [("opacity", .scalar(1))])],
      [
        ScriptEvent(
          time: 2,
          action: .transaction(transaction(disable: true, [change("a", "opacity", [0.5])])),
          source: []),
        ScriptEvent(
          time: 4,
          action: .transaction(transaction(disable: true, [change("a", "opacity", [0.25])])),
          source: []),
        ScriptEvent(
          time: 6, action: .transaction(transaction(duration: 1, [change("a", "opacity", [1])])),
          source: []),
      ])
    #expect(approximately(scalars(p, "a", "opacity", [1, 3, 5]), [0.1, 0.15, 0.125]))
    // The implicit animation at 6 starts from the presentation value then: 0.25 × 0.6.
    let implicit = try #require(p.actionRecords.last?.resolution.action)
    guard case .basic(let values) = implicit.kind else {
      Issue.record("the change at 6 added \(implicit.kind), not a basic animation")
      return
    }
    #expect(approximately(values.from?.components ?? [], [0.15]))
  }

  /// Lockwood's experiment (iOS Core Animation, ch. 7, listing 7.4): a view-backed layer does not
  /// animate in a transaction; in a block it does, with UIKit's additive animation and the block's
  /// curve.
  @Test func viewBackedLayer() {
    var view = layer("v", properties: [("position", AnimatableValue(.point, [0, 0]))])
    view.actionSources.delegate = .view
    let outside = scene(
      [view],
      [
        ScriptEvent(
          time: 1,
          action: .transaction(transaction(duration: 1, [change("v", "position", [100, 0])])),
          source: [])
      ])
    #expect(scalars(outside, "v", "position.x", [1, 1.5]) == [100, 100])
    #expect(outside.actionRecords.first?.resolution.trace.first?.answer == .NSNull)
    var block = AnimationBlock(duration: 2)
    block.curve = .named(.linear)
    let inside = scene(
      [view],
      [
        ScriptEvent(
          time: 1,
          action: .animate(
            block, changes: [change("v", "position", [100, 0])], completion: "done"), source: [])
      ])
    #expect(approximately(scalars(inside, "v", "position.x", [0.5, 1, 2, 3]), [0, 0, 50, 100]))
    #expect(inside.completions == [CompletionEvent(time: 3, name: "done", finished: true)])
  }

  /// A change while an implicit animation runs starts from where that animation is, with its
  /// live end at the model value of the time: opacity 1, set to 0 at t = 0 and to 1 at
  /// t = 0.125 (0.25 s, linear). At 0.125 the first is half-way from 1 to 0: 0.5. The second
  /// goes 0.5 → 1, so at 0.1875 (a quarter) 0.625 and at 0.375 the model value 1. (The plan
  /// used to compose the running animation with the scene's initial model value, 1, and start
  /// the second from 1.)
  @Test func changeStartsFromTheRunningAnimation() {
    var linear = ScriptTransaction()
    linear.animationTimingFunction = .named(.linear)
    var first = linear
    first.changes = [change("a", "opacity", [0])]
    var second = linear
    second.changes = [change("a", "opacity", [1])]
    let p = scene(
      [layer("a", properties: [("opacity", .scalar(1))])],
      [
        ScriptEvent(time: 0, action: .transaction(first), source: []),
        ScriptEvent(time: 0.125, action: .transaction(second), source: []),
      ])
    #expect(
      approximately(
        scalars(p, "a", "opacity", [0.0625, 0.125, 0.1875, 0.375]), [0.75, 0.5, 0.625, 1]))
    guard case .basic(let values)? = p.actionRecords.last?.resolution.action?.kind else {
      Issue.record("no basic animation recorded")
      return
    }
    #expect(values.from?.components == [0.5])
  }

  /// A block's delay: the view keeps showing its old value until the animation begins.
  @Test func blockDelay() {
    var view = layer("v", properties: [("opacity", .scalar(1))])
    view.actionSources.delegate = .view
    var block = AnimationBlock(duration: 1)
    block.delay = 1
    block.curve = .named(.linear)
    let p = scene(
      [view],
      [
        ScriptEvent(
          time: 1, action: .animate(block, changes: [change("v", "opacity", [0])], completion: nil),
          source: [])
      ])
    #expect(approximately(scalars(p, "v", "opacity", [1.5, 2, 2.5, 3]), [1, 1, 0.5, 0]))
  }

  @Test func disableActionsAndEqualValues() {
    let p = scene(
      [layer("a", properties: [("opacity", .scalar(1))])],
      [
        ScriptEvent(
          time: 1,
          action: .transaction(transaction(disable: true, [change("a", "opacity", [0.5])])),
          source: []),
        ScriptEvent(
          time: 2,
          action: .transaction(transaction([change("a", "opacity", [0.5])], completion: "c")),
          source: []),
      ])
    #expect(scalars(p, "a", "opacity", [0.5, 1, 1.1]) == [1, 0.5, 0.5])
    #expect(p.actionRecords.map(\.resolution.decidedBy) == [.disableActions, .unchanged])
    #expect(p.completions == [CompletionEvent(time: 2, name: "c", finished: true)])
  }

  /// Nested transactions inherit and override; all start at the event's time.
  @Test func nestedTransactions() {
    var outer = transaction(duration: 2, [change("a", "opacity", [0])])
    outer.nested = [transaction(duration: 1, [change("a", "cornerRadius", [10])])]
    let p = scene(
      [layer("a", properties: [("opacity", .scalar(1))])],
      [ScriptEvent(time: 0, action: .transaction(outer), source: [])])
    let events = p.events.filter { $0.kind == .didStop }.map(\.time).sorted()
    #expect(events == [1, 2])
  }

  @Test func addAndRemoveAnimations() {
    var spin = basic("opacity", from: [0], to: [1]) {
      $0.key = "spin"
      $0.timing.duration = 10
    }
    spin.source = ["events", "0"]
    let p = scene(
      [layer("a")],
      [
        ScriptEvent(time: 1, action: .addAnimation(layer: "a", animation: spin), source: []),
        ScriptEvent(time: 3, action: .removeAnimation(layer: "a", key: "spin"), source: []),
      ])
    #expect(approximately(scalars(p, "a", "opacity", [0.5, 2, 4]), [1, 0.1, 1]))
    #expect(
      p.events.map(\.kind) == [.didStart, .didStop] && p.events.last?.finished == false
        && p.events.last?.time == 3)
  }
}
