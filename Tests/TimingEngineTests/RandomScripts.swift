import TestSupport

@testable import TimingEngine

/// Random scenes with scripts, for property tests: two layers (a standalone one and a
/// view-backed one) with random clocks and animations, and events in non-decreasing time —
/// often several at one time — that set, animate, add and remove on a few key paths, so that
/// steps pile up on the same tracks, replace and remove one another, finish, fill, wait and
/// run backwards.
struct RandomScripts {
  var random: SplitMix

  init(seed: UInt64) { random = SplitMix(seed: seed) }

  static let keyPaths = [
    "opacity", "opacity", "position", "position.x", "transform", "transform.rotation.z",
    "transform.scale.x",
  ]
  static let keys = ["k0", "k1", "k2", "opacity", "position", "transform"]

  mutating func pick<T>(_ options: [T]) -> T {
    options[Int.random(in: 0..<options.count, using: &random)]
  }
  mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
  mutating func number(_ range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &random)
  }

  mutating func value(for keyPath: PropertyKeyPath) -> AnimatableValue {
    let type = keyPath.valueType
    if type == .transform {
      return .transform(
        Transform3D.rotation(number(-3...3), 0, 0, 1) * .translation(number(-50...50), 0, 0))
    }
    return AnimatableValue(
      type, (0..<type.componentCount).map { _ in number(-2...2).rounded() / 2 })
  }

  mutating func timing() -> MediaTiming {
    var timing = MediaTiming()
    timing.duration = pick([0.1, 0.25, 0.5, 1, 2])
    timing.beginTime = chance(0.6) ? 0 : number(0...3)
    timing.speed = pick([1, 1, 1, 2, 0.5, -1])
    timing.timeOffset = chance(0.8) ? 0 : number(0...1)
    if chance(0.3) { timing.repeatCount = pick([1.5, 2, 3]) }
    timing.autoreverses = chance(0.2)
    timing.fillMode = pick(FillMode.allCases)
    return timing
  }

  mutating func makeAnimation(depth: Int = 0) -> Animation {
    if depth == 0 && chance(0.1) {
      var group = Animation(
        kind: .group(
          (0..<Int.random(in: 1...2, using: &random)).map { _ in
            makeAnimation(depth: 1)
          }))
      group.timing = timing()
      group.removedOnCompletion = chance(0.5)
      if chance(0.3) { group.timingFunction = .named(.easeIn) }
      return group
    }
    let keyPath = PropertyKeyPath.resolve(pick(Self.keyPaths))!
    var animation: Animation
    if chance(0.15) {
      var values = KeyframeValues()
      values.values = (0..<3).map { _ in value(for: keyPath) }
      values.calculationMode = pick([.linear, .discrete, .cubic])
      animation = Animation(kind: .keyframe(values))
    } else {
      // Each end present or not: the ones without any start from the presentation value.
      let ends = BasicValues(
        from: chance(0.4) ? value(for: keyPath) : nil, to: chance(0.4) ? value(for: keyPath) : nil,
        by: keyPath.valueType.isAdditive && chance(0.15) ? value(for: keyPath) : nil)
      animation = Animation(kind: .basic(ends))
    }
    animation.keyPath = keyPath
    animation.timing = timing()
    animation.removedOnCompletion = chance(0.6)
    animation.additive = keyPath.valueType.isAdditive && chance(0.4)
    if chance(0.4) { animation.timingFunction = pick([.named(.linear), .named(.default)]) }
    if depth == 0 && chance(0.7) { animation.key = pick(Self.keys) }
    return animation
  }

  mutating func change(_ layer: String) -> PropertyChange {
    let keyPath = PropertyKeyPath.resolve(pick(Self.keyPaths))!
    return PropertyChange(layer: layer, keyPath: keyPath, value: value(for: keyPath), source: [])
  }

  mutating func scene(events count: Int) -> Scene {
    var standalone = Layer(name: "a")
    var view = Layer(name: "v")
    view.actionSources.delegate = .view
    for index in 0..<2 {
      var layer = index == 0 ? standalone : view
      if chance(0.4) {
        layer.speed = pick([2, 0.5, -1, 0])
        layer.beginTime = number(-1...1)
        layer.timeOffset = number(-1...1)
      }
      layer.properties = [("opacity", .scalar(1)), ("position", AnimatableValue(.point, [0, 0]))]
      layer.animations = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        var a = makeAnimation()
        a.addedAt = chance(0.5) ? 0 : number(0...2)
        return a
      }
      if index == 0 { standalone = layer } else { view = layer }
    }
    var scene = Scene()
    scene.layers = [standalone, view]
    var t = 0.0
    for i in 0..<count {
      t += pick([0, 0, 0.05, 0.1, 0.25, 0.5, 1])
      let layer = pick(["a", "v"])
      let action: ScriptAction
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4:
        var transaction = ScriptTransaction()
        transaction.animationDuration = pick([nil, 0.1, 0.5, 2])
        transaction.disableActions = chance(0.1) ? true : nil
        if chance(0.5) { transaction.animationTimingFunction = .named(.linear) }
        transaction.changes = (0..<Int.random(in: 1...2, using: &random)).map { _ in change(layer) }
        action = .transaction(transaction)
      case 4..<7:
        var block = AnimationBlock(duration: pick([0.1, 0.5, 2]))
        block.delay = chance(0.2) ? 0.3 : 0
        block.beginFromCurrentState = chance(0.4)
        block.additive = chance(0.7)
        if chance(0.15) { block.spring = (0.5, 0) }
        action = .animate(block, changes: [change(layer)], completion: chance(0.2) ? "c\(i)" : nil)
      case 7, 8:
        action = .addAnimation(layer: layer, animation: makeAnimation())
      default:
        action =
          chance(0.6)
          ? .removeAnimation(layer: layer, key: pick(Self.keys))
          : .removeAllAnimations(layer: layer)
      }
      scene.events.append(ScriptEvent(time: t, action: action, source: ["events", String(i)]))
    }
    return scene
  }

  /// Every event's time, each a hair before and after, and a grid over the script.
  static func sampleTimes(_ scene: Scene) -> [Double] {
    var times: [Double] = []
    for event in scene.events {
      times += [event.time, event.time.nextDown, event.time.nextUp, event.time + 0.03]
    }
    let end = (scene.events.last?.time ?? 0) + 3
    times += stride(from: -0.5, through: end, by: 0.1).map { $0 }
    return times
  }
}
