import Testing

@testable import TimingEngine

/// Inserting, removing and replacing layers (semantics.md §5.1).
@Suite struct LayerTreeScriptTests {
  func scene(_ layers: [Layer], _ events: [ScriptEvent]) -> TimelinePlan {
    var s = Scene()
    s.layers = layers
    s.events = events
    return try! TimelinePlan(scene: s)
  }

  /// An inserted layer looks up onOrderIn (its own custom fade-in here) and its superlayer
  /// looks up sublayers; its own animations start when it enters the tree.
  @Test func insertLayer() {
    var badge = layer("badge", [basic("cornerRadius", from: [0], to: [10])])
    var fade = Animation(kind: .basic(BasicValues(from: .scalar(0), to: .scalar(1))))
    fade.keyPath = PropertyKeyPath.resolve("opacity")
    fade.timing.duration = 1
    badge.actionSources.actions = ActionTable(["onOrderIn": .action(fade)])
    var parent = layer("parent")
    parent.actionSources.actions = ActionTable(["sublayers": .null])
    let p = scene(
      [parent],
      [
        ScriptEvent(
          time: 2, action: .insertLayer(badge, parent: "parent"), source: ["events", "0"])
      ])
    #expect(
      p.actionRecords.map { "\($0.layer).\($0.key):\($0.resolution.decidedBy.rawValue)" } == [
        "badge.onOrderIn:actions", "parent.sublayers:actions",
      ])
    #expect(approximately(scalars(p, "badge", "opacity", [2.5]), [0.5]))
    #expect(approximately(scalars(p, "badge", "cornerRadius", [1, 2.5]), [0, 5]))
  }

  /// A removed layer's animations stop (not finished) and it gets no further implicit actions.
  @Test func removeLayer() {
    let spinner = layer(
      "spinner",
      [
        basic("opacity", from: [0], to: [1]) {
          $0.key = "spin"; $0.timing.duration = 10
        }
      ])
    let p = scene(
      [spinner],
      [
        ScriptEvent(time: 1, action: .removeLayer("spinner"), source: []),
        ScriptEvent(
          time: 2,
          action: .transaction(
            {
              var t = ScriptTransaction()
              t.changes = [
                PropertyChange(
                  layer: "spinner", keyPath: PropertyKeyPath.resolve("cornerRadius")!,
                  value: .scalar(5), source: [])
              ]
              return t
            }()), source: []),
      ])
    #expect(
      p.events.map { "\($0.time) \($0.kind.rawValue) \($0.finished.map { "\($0)" } ?? "")" } == [
        "0.0 didStart ", "1.0 didStop false",
      ])
    #expect(p.actionRecords.last?.resolution.decidedBy == .detached)
  }

  /// replaceSublayer looks up kCATransition on the new layer.
  @Test func replaceLayer() {
    var new = layer("new")
    var fade = TransitionStyle()
    fade.type = .fade
    var transition = Animation(kind: .transition(fade))
    transition.timing.duration = 1
    new.actionSources.actions = ActionTable(["transition": .action(transition)])
    let p = scene(
      [layer("root", sublayers: [layer("old")])],
      [ScriptEvent(time: 1, action: .replaceLayer("old", with: new), source: [])])
    #expect(p.actionRecords.first?.key == "transition" && p.actionRecords.first?.layer == "new")
    #expect(approximately(sampled(p, "new", "transition", [1.5])[0], [0.5, 0, 0, 0, 0]))
  }
}
