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
    // What a request reserves for them (`PreparedTimeline.estimatedBytes`): both slots at 600
    // times, one at this many, never more than the cap.
    #expect(plan.sharedTimingBytes(times: 600) == 2 * 600 * bytesPerTime)
    #expect(plan.sharedTimingBytes(times: times) == times * bytesPerTime)
    #expect(plan.sharedTimingBytes(times: 10_000_000) == 0)
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
      }
    }
  }
}
