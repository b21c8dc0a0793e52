import Testing

@testable import TimingEngine

/// `TimelinePlan.drive`: which properties one animation alone drives, stated in its own terms
/// (docs/export.md "Mapped timing"), and which only samples can describe.
@Suite struct PropertyDriveTests {
  func drive(_ animations: [Animation], _ keyPath: String) -> PropertyDrive {
    let p = plan([
      layer("a", animations, properties: [("bounds", AnimatableValue(.rect, [0, 0, 100, 60]))])
    ])
    return p.drive(layer: 0, keyPath: keyPath)
  }

  @Test func nothingAnimatedIsStill() {
    guard case .still = drive([basic("opacity", from: [0], to: [1])], "position") else {
      Issue.record("position is not animated")
      return
    }
  }

  /// A partial key path's ends are whole values: bounds.size.width 100 → 200 on bounds
  /// (0, 0, 100, 60) is (0, 0, 100, 60) → (0, 0, 200, 60).
  @Test func aPartialKeyPathFillsInTheModelValue() {
    let width = basic("bounds.size.width", from: [100], to: [200]) {
      $0.timing.beginTime = 0.5
      $0.timingFunction = .named(.easeIn)
    }
    guard case .sole(let sole) = drive([width], "bounds") else {
      Issue.record("one animation drives bounds")
      return
    }
    #expect(sole.keyframes.map(\.keyTime) == [0, 1])
    #expect(sole.keyframes.map(\.value) == [[0, 0, 100, 60], [0, 0, 200, 60]])
    #expect(sole.timing.beginTime == 0.5)
    guard case .function(.named(.easeIn)) = sole.easing else {
      Issue.record("the effect's curve is its timing function")
      return
    }
  }

  /// An additive animation over a model value that does not change is one animation of whole
  /// values, model + value (semantics.md §3.2): opacity's model 1 with 0 → 1 added is 1 → 2.
  @Test func additiveOverAStillModelIsWholeValues() {
    let added = basic("opacity", from: [0], to: [1]) { $0.additive = true }
    guard case .sole(let sole) = drive([added], "opacity") else {
      Issue.record("one additive animation drives opacity")
      return
    }
    #expect(sole.keyframes.map(\.value) == [[1], [2]])
  }

  /// Two animations on one property, an additive transform (its values concatenate), or a
  /// group's child: only samples.
  @Test(arguments: [0, 1, 2])
  func anythingElseIsOther(_ which: Int) {
    let animations: [Animation]
    let keyPath = which == 1 ? "transform" : "opacity"
    switch which {
    case 0:
      animations = [
        basic("opacity", from: [0], to: [1]),
        basic("opacity", from: [1], to: [0.5]) { $0.timing.beginTime = 0.5 },
      ]
    case 1:
      let identity: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
      var turned = identity
      turned[12] = 50
      animations = [basic("transform", from: identity, to: turned) { $0.additive = true }]
    default:
      var group = Animation(kind: .group([basic("opacity", from: [0], to: [1])]))
      group.timing.duration = 1
      animations = [group]
    }
    guard case .other = drive(animations, keyPath) else {
      Issue.record("case \(which) is not one animation alone")
      return
    }
  }

  /// The one script change allowed is the one that added the animation, at its time: a
  /// transaction's implicit fade from 1 to 0 at t = 1 runs from the old value to the new
  /// (semantics.md §5), stated as whole values over the new model value.
  @Test func theChangeThatAddedTheAnimationIsAllowed() {
    var transaction = ScriptTransaction()
    transaction.animationDuration = 2
    transaction.changes = [change("opacity", [0])]
    let p = script(
      [], [ScriptEvent(time: 1, action: .transaction(transaction), source: [])])
    guard case .sole(let sole) = p.drive(layer: 0, keyPath: "opacity") else {
      Issue.record("the implicit animation alone drives opacity")
      return
    }
    #expect(sole.keyframes.map(\.value) == [[1], [0]])
    #expect(sole.timing.duration == 2)
  }

  /// A change at another time than the animation was added (here without an animation of its
  /// own) moves the model value under it: only samples describe that.
  @Test func aChangeAtAnotherTimeIsOther() {
    var transaction = ScriptTransaction()
    transaction.disableActions = true
    transaction.changes = [change("opacity", [0.5])]
    let p = script(
      [basic("opacity", from: [0], to: [1]) { $0.timing.duration = 4 }],
      [ScriptEvent(time: 1, action: .transaction(transaction), source: [])])
    guard case .other = p.drive(layer: 0, keyPath: "opacity") else {
      Issue.record("a change at 1 under an animation added at 0 is not the animation's own")
      return
    }
  }

  /// `additive` on a type that does not add (a Boolean) is ignored, as the presentation
  /// ignores it: the values are the animation's own, not model + value.
  @Test func additiveOnATypeThatDoesNotAddIsIgnored() {
    let hidden = basic("hidden", from: [0], to: [1]) { $0.additive = true }
    let p = plan([layer("a", [hidden], properties: [("hidden", AnimatableValue(.bool, [1]))])])
    guard case .sole(let sole) = p.drive(layer: 0, keyPath: "hidden") else {
      Issue.record("one animation drives hidden")
      return
    }
    #expect(sole.keyframes.map(\.value) == [[0], [1]])
  }

  func change(_ keyPath: String, _ value: [Double]) -> PropertyChange {
    let path = PropertyKeyPath.resolve(keyPath)!
    return PropertyChange(
      layer: "a", keyPath: path, value: AnimatableValue(path.valueType, value), source: [])
  }

  /// Layer `a` (opacity 1, standalone: its changes animate implicitly) with a script.
  func script(_ animations: [Animation], _ events: [ScriptEvent]) -> TimelinePlan {
    var s = Scene()
    s.layers = [layer("a", animations, properties: [("opacity", .scalar(1))])]
    s.events = events
    return try! TimelinePlan(scene: s)
  }
}
