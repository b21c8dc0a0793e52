import TestSupport
import Testing

@testable import TimingEngine

/// Steps that share their local times (`SharedTimings`) and sampling through them
/// (`SharedTimingColumns`): only timings that give the same local times at every time may share
/// a slot, and a sampled scene full of shared timings has the bits of the scalar path.
@Suite struct SharedTimingsTests {
  static func fade(timeOffset: Double = 0, addedAt: Double = 0) -> Animation {
    var a = Animation(kind: .basic(BasicValues(from: .scalar(0), to: .scalar(1))))
    a.keyPath = PropertyKeyPath.resolve("opacity")
    a.timing.duration = 1.5
    a.timing.timeOffset = timeOffset
    a.addedAt = addedAt
    a.timingFunction = .named(.easeInEaseOut)
    return a
  }

  static func layer(_ name: String, speed: Double = 1, _ animations: [Animation]) -> Layer {
    var layer = Layer(name: name)
    layer.speed = speed
    layer.properties = [("opacity", .scalar(1))]
    layer.animations = animations
    return layer
  }

  /// The slot of each layer's opacity step.
  static func slots(_ layers: [Layer]) throws -> [Int] {
    var scene = Scene()
    scene.layers = layers
    let plan = try TimelinePlan(scene: scene)
    return plan.layerTracks.map { tracks in
      let track = tracks.first { plan.tracks[$0].property == "opacity" }!
      return plan.sharedTimingSlots.slots[track][0]
    }
  }

  @Test func onlyTheSameTimingOnTheSameClockShares() throws {
    let slots = try Self.slots([
      Self.layer("a", [Self.fade()]),
      Self.layer("b", [Self.fade()]),
      // Another clock, another add time, another offset (bit for bit: −0 is not +0), another
      // curve: each its own.
      Self.layer("c", speed: 2, [Self.fade()]),
      Self.layer("d", [Self.fade(addedAt: 0.5)]),
      Self.layer("e", [Self.fade(timeOffset: -0.0)]),
      Self.layer(
        "f",
        [
          {
            var a = Self.fade()
            a.timingFunction = .named(.easeIn)
            return a
          }()
        ]),
      // The same timing again, on a third layer.
      Self.layer("g", [Self.fade()]),
    ])
    #expect(slots[0] != SharedTimings.unshared)
    #expect(slots[1] == slots[0] && slots[6] == slots[0])
    #expect(slots[2...5].allSatisfy { $0 == SharedTimings.unshared }, "\(slots)")
  }

  /// One thing changed at a time, each a field the local times or the attachment depend on:
  /// the changed animation, on two layers, gets a slot of its own, apart from the unchanged one
  /// on two others, and every track samples as the scalar path (so a key missing that field
  /// would give the changed layers the unchanged timing's local times).
  @Test func eachTimingFieldKeepsItsOwnSlot() throws {
    var base = Animation(kind: .basic(BasicValues(from: .scalar(0), to: .scalar(1))))
    base.keyPath = PropertyKeyPath.resolve("opacity")
    base.key = "fade"
    base.timing.duration = 1.5
    base.timing.repeatCount = 2
    base.timing.timeOffset = 0.1
    base.timing.fillMode = .forwards
    base.removedOnCompletion = false
    base.timingFunction = .named(.easeInEaseOut)
    func changed(_ change: (inout Animation) -> Void) -> Animation {
      var a = base
      change(&a)
      return a
    }
    func group(_ child: Animation, _ change: (inout Animation) -> Void = { _ in }) -> Animation {
      var g = Animation(kind: .group([child]))
      g.timing.duration = 4
      change(&g)
      return g
    }
    // (what changes, the animation on the first two layers, the one on the other two, their
    // layer speed, whether they replace their animation by key at 1 s)
    let cases: [(String, Animation, Animation, Double, Bool)] = [
      ("duration", base, changed { $0.timing.duration = 1.25 }, 1, false),
      ("speed", base, changed { $0.timing.speed = 2 }, 1, false),
      ("timeOffset", base, changed { $0.timing.timeOffset = 0.3 }, 1, false),
      ("repeatCount", base, changed { $0.timing.repeatCount = 3 }, 1, false),
      ("repeatDuration", base, changed { $0.timing.repeatDuration = 2.2 }, 1, false),
      ("autoreverses", base, changed { $0.timing.autoreverses = true }, 1, false),
      ("fillMode", base, changed { $0.timing.fillMode = .backwards }, 1, false),
      ("beginTime", base, changed { $0.timing.beginTime = 0.25 }, 1, false),
      ("removedOnCompletion", base, changed { $0.removedOnCompletion = true }, 1, false),
      ("timingFunction", base, changed { $0.timingFunction = .named(.easeIn) }, 1, false),
      ("addedAt", base, changed { $0.addedAt = 0.4 }, 1, false),
      ("layer clock", base, base, 0.5, false),
      ("removal by key", base, base, 1, true),
      ("group timing", group(base), group(base) { $0.timing.duration = 5 }, 1, false),
      ("group curve", group(base), group(base) { $0.timingFunction = .named(.easeIn) }, 1, false),
      // The inner group alike, the outer one not: a key that looked only at the innermost
      // group would share.
      (
        "outer group", group(group(base)), group(group(base)) { $0.timing.duration = 3.5 }, 1, false
      ),
    ]
    let times = (0..<700).map { -0.5 + Double($0) / 100 }
    for (field, same, other, speed, replaced) in cases {
      var scene = Scene()
      scene.layers = [
        Self.layer("a0", [same]), Self.layer("a1", [same]),
        Self.layer("b0", speed: speed, [other]), Self.layer("b1", speed: speed, [other]),
      ]
      if replaced {
        var replacement = Animation(kind: .basic(BasicValues(from: .scalar(1), to: .scalar(0.5))))
        replacement.keyPath = PropertyKeyPath.resolve("opacity")
        replacement.key = "fade"
        replacement.timing.duration = 0.5
        scene.events = ["b0", "b1"].enumerated().map { i, name in
          ScriptEvent(
            time: 1, action: .addAnimation(layer: name, animation: replacement),
            source: ["events", String(i)])
        }
      }
      let plan = try TimelinePlan(scene: scene)
      let slots = plan.layerTracks.map { tracks in
        plan.sharedTimingSlots.slots[tracks.first { plan.tracks[$0].property == "opacity" }!][0]
      }
      #expect(
        slots[0] == slots[1] && slots[2] == slots[3] && slots[0] != slots[2]
          && !slots.contains(SharedTimings.unshared), "\(field): \(slots)")
      let samples = plan.sample(times: times, outputs: try plan.outputs(keyPaths: nil))
      for (layer, tracks) in plan.layerTracks.enumerated() {
        for (output, index) in tracks.enumerated() {
          ScalarSamplingTests.expectScalar(
            samples.layers[layer].columns[output].values, plan, index, times, field)
        }
      }
    }
  }

  @Test func groupChildrenShareOnlyUnderTheSameGroupTiming() throws {
    func group(duration: Double) -> Animation {
      var g = Animation(kind: .group([Self.fade()]))
      g.timing.duration = duration
      return g
    }
    let slots = try Self.slots([
      Self.layer("a", [group(duration: 3)]),
      Self.layer("b", [group(duration: 3)]),
      Self.layer("c", [group(duration: 4)]),
      // The child's timing alone, outside any group.
      Self.layer("d", [Self.fade()]),
    ])
    #expect(slots[0] != SharedTimings.unshared && slots[1] == slots[0])
    #expect(slots[2] == SharedTimings.unshared && slots[3] == SharedTimings.unshared)
  }

  @Test func aMemoryCapKeepsTheMostUsedSlots() throws {
    // Three layers with one timing, two with another: slot 0 is the one used three times.
    var other = Self.fade()
    other.timing.duration = 2
    let layers =
      (0..<3).map { Self.layer("a\($0)", [Self.fade()]) }
      + (0..<2).map { Self.layer("b\($0)", [other]) }
    let slots = try Self.slots(layers)
    #expect(slots == [0, 0, 0, 1, 1])
    var scene = Scene()
    scene.layers = layers
    let plan = try TimelinePlan(scene: scene)
    let bytesPerTime =
      MemoryLayout<Int>.stride + MemoryLayout<LocalTime>.stride + MemoryLayout<Double>.stride
    // Room for one slot only at this many times: the second timing is worked out per step.
    let times = SharedTimingColumns.memoryCap / bytesPerTime / 2 + 1
    let columns = SharedTimingColumns(plan.sharedTimingSlots, times: times, chunk: 1_024)
    #expect(columns.slots.flatMap { $0 }.filter { $0 != SharedTimings.unshared }.count == 3)
    // What a request reserves for them (`PreparedTimeline.estimatedBytes`), for its times or
    // any block of them: both slots' times at 600, then never more than the cap, and the two
    // marks (9 bytes) of each slot's chunks — of at most 74 chunks, since no slot is kept past
    // 74 898 times.
    #expect(plan.sharedTimingBytes(times: 600) == 2 * 600 * bytesPerTime + 2 * 9)
    let cap = SharedTimingColumns.memoryCap
    #expect(plan.sharedTimingBytes(times: times) == cap + 2 * 37 * 9)
    #expect(plan.sharedTimingBytes(times: 10_000_000) == cap + 2 * 74 * 9)
    #expect(
      SharedTimingColumns(plan.sharedTimingSlots, times: 600, chunk: 600).slots
        == plan.sharedTimingSlots.slots)
  }

  /// A spring and a basic animation with one timing and no timing function share their local
  /// times but not their progress (the spring's is its own curve), whichever is sampled first.
  @Test func aSpringSharesLocalTimesNotProgress() throws {
    var spring = Animation(
      kind: .spring(
        BasicValues(from: .scalar(100), to: .scalar(220)),
        SpringCurve(mass: 1, stiffness: 120, damping: 9, initialVelocity: 0)))
    spring.keyPath = PropertyKeyPath.resolve("bounds.size.width")
    spring.timing.duration = 2
    var basic = Animation(kind: .basic(BasicValues(from: .scalar(0), to: .scalar(1))))
    basic.keyPath = PropertyKeyPath.resolve("opacity")
    basic.timing.duration = 2
    for springFirst in [false, true] {
      var scene = Scene()
      scene.layers = (0..<2).map { i in
        var layer = Layer(name: "l\(i)")
        let properties: [(String, AnimatableValue)] = [
          ("opacity", .scalar(1)), ("bounds", AnimatableValue(.rect, [0, 0, 100, 50])),
        ]
        layer.properties = springFirst ? properties.reversed() : properties
        layer.animations = springFirst ? [spring, basic] : [basic, spring]
        return layer
      }
      let plan = try TimelinePlan(scene: scene)
      let slots = Set(plan.sharedTimingSlots.slots.joined())
      #expect(slots == [0], "every step shares the one timing")
      let times = (0..<300).map { -0.2 + Double($0) / 100 }
      let samples = plan.sample(times: times, outputs: try plan.outputs(keyPaths: nil))
      for (layer, tracks) in plan.layerTracks.enumerated() {
        for (output, index) in tracks.enumerated() {
          ScalarSamplingTests.expectScalar(
            samples.layers[layer].columns[output].values, plan, index, times,
            "spring first: \(springFirst)")
        }
      }
    }
  }

  /// Random scripts' layers each repeated on copies (same clock, same animations), and the
  /// extra animations of `ScalarSamplingTests` drawn from three seeds per scene, so most
  /// timings have several steps — among them springs, whose progress is their own, beside
  /// basics with the same timing — sampled whole (`sample`, which shares) and compared with
  /// the scalar path bit for bit.
  static func sharingScene(seed: UInt64) -> Scene {
    var generator = RandomScripts(seed: seed)
    let base = generator.scene(events: 20)
    var scene = base
    for copy in 0..<4 {
      for var layer in base.layers {
        layer.name += "-\(copy)"
        scene.layers.append(layer)
      }
    }
    for i in scene.layers.indices {
      var random = SplitMix(seed: seed &* 31 &+ UInt64(i % 3))
      scene.layers[i].properties.append(("bounds", AnimatableValue(.rect, [0, 0, 100, 50])))
      scene.layers[i].animations += ScalarSamplingTests.extras(&random)
    }
    return scene
  }

  @Test func sharedSamplingIsTheScalarPath() throws {
    var compared = 0
    var sharedSteps = 0
    for seed: UInt64 in 1...12 {
      let scene = Self.sharingScene(seed: seed)
      let plan = try TimelinePlan(scene: scene)
      sharedSteps +=
        plan.sharedTimingSlots.slots.joined().filter { $0 != SharedTimings.unshared }.count
      let end = (RandomScripts.sampleTimes(scene).max() ?? 0) + 1
      let count = TimelinePlan.columnChunk + 300
      let times =
        RandomScripts.sampleTimes(scene)
        + (0..<count).map { -0.5 + (end + 0.5) * Double($0) / Double(count) }
      let samples = plan.sample(times: times, outputs: try plan.outputs(keyPaths: nil))
      for (layer, tracks) in plan.layerTracks.enumerated() {
        for (output, index) in tracks.enumerated() {
          ScalarSamplingTests.expectScalar(
            samples.layers[layer].columns[output].values, plan, index, times, "seed \(seed)")
          compared += 1
        }
      }
    }
    #expect(compared > 300)
    #expect(sharedSteps > 200)
  }

  /// Streamed answers' blocks (`TimelineBlockSampler`), output after output and layer after
  /// layer as the JSON answer takes them: blocks of whole chunks share local times across
  /// layers, blocks of fewer samples than a chunk do not, and both have the scalar path's bits.
  @Test func blocksShareAsTheScalarPath() throws {
    for seed: UInt64 in [3, 7] {
      let scene = Self.sharingScene(seed: seed)
      let plan = try TimelinePlan(scene: scene)
      let end = (RandomScripts.sampleTimes(scene).max() ?? 0) + 1
      let count = 3 * TimelinePlan.columnChunk + 123
      let times = (0..<count).map { -0.5 + (end + 0.5) * Double($0) / Double(count) }
      let outputs = try plan.outputs(keyPaths: nil)
      // 2 500 values a block: 2 048 rows of one number (two whole chunks), 1 024 of two, 625 of
      // four (not a chunk, no sharing); 700 values: 700 rows, never a chunk.
      for values in [2_500, 700] {
        let sampler = TimelineBlockSampler(plan: plan, times: times)
        #expect(
          TimelineBlockSampler.rows(values: values, width: 1) == (values == 700 ? 700 : 2_048))
        for (layer, tracks) in plan.layerTracks.enumerated() {
          for (output, index) in tracks.enumerated() {
            let rows = TimelineBlockSampler.rows(
              values: values, width: plan.tracks[index].type.componentCount)
            var column: [Double] = []
            for from in stride(from: 0, to: count, by: rows) {
              column +=
                sampler.column(
                  layer: layer, output: output, of: outputs, rows: from..<min(count, from + rows)
                ).values
            }
            ScalarSamplingTests.expectScalar(
              column, plan, index, times, "seed \(seed), \(values) values a block")
          }
        }
        // Blocks of whole chunks worked shared timings out; blocks of 700 samples could not.
        #expect((sampler.sharing.filledChunks > 0) == (values == 2_500))
      }
    }
  }
}
