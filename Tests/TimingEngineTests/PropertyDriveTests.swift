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
}
