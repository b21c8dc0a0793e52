import TestSupport
import Testing

@testable import TimingEngine

/// The sampler against the one it replaced: every track's column must have the bits the scalar
/// path gives — per sample, the model in force, then each step in add order with its local time
/// (`CompiledAnimation.localTime`), its value (`TrackStep.write`: the per-sample writers and
/// the scalar curve solve) and `Composition.apply`. `ColumnSamplingTests` compares a column
/// with one-sample columns, which take the same column writers; this one does not share them.
///
/// On random scripts (`RandomScripts`: groups, layer clocks, live ends, removals, sub-key-paths,
/// additive steps) with, added to each layer, the kinds those scripts lack: cumulative keyframe
/// and basic animations that repeat, a spring on `bounds.size.width`, a keyframe path on
/// `position` and a paced one, each on a run of components or the whole value.
@Suite struct ScalarSamplingTests {
  static func extras(_ random: inout SplitMix) -> [Animation] {
    func timing(_ duration: Double, repeats: Double) -> MediaTiming {
      var timing = MediaTiming()
      timing.duration = duration
      timing.repeatCount = repeats
      timing.autoreverses = Bool.random(using: &random)
      timing.beginTime = Double.random(in: -0.5...0.5, using: &random)
      timing.fillMode = FillMode.allCases.randomElement(using: &random)!
      return timing
    }
    var cumulativeX = KeyframeValues()
    cumulativeX.values = [.scalar(0), .scalar(30), .scalar(10), .scalar(50)]
    cumulativeX.keyTimes = [0, 0.2, 0.2, 1]
    var a = Animation(kind: .keyframe(cumulativeX))
    a.keyPath = PropertyKeyPath.resolve("position.x")
    a.cumulative = true
    a.timing = timing(0.7, repeats: 4)
    a.timingFunction = .named(.easeInEaseOut)

    var b = Animation(kind: .basic(BasicValues(from: .scalar(0.2), to: .scalar(0.9))))
    b.keyPath = PropertyKeyPath.resolve("opacity")
    b.cumulative = true
    b.additive = Bool.random(using: &random)
    b.timing = timing(0.4, repeats: 2.5)

    var c = Animation(
      kind: .spring(
        BasicValues(from: .scalar(100), to: .scalar(220)),
        SpringCurve(mass: 1, stiffness: 120, damping: 9, initialVelocity: 0)))
    c.keyPath = PropertyKeyPath.resolve("bounds.size.width")
    c.timing = timing(2, repeats: 0)

    var path = KeyframeValues()
    path.path = KeyframePath(segments: [
      .init(p0: [0, 0], c1: [40, 90], c2: [80, -30], p3: [120, 20]),
      .init(p0: [120, 20], c1: [150, 40], c2: [160, 80], p3: [200, 100]),
    ])
    path.calculationMode = Bool.random(using: &random) ? .paced : .linear
    var d = Animation(kind: .keyframe(path))
    d.keyPath = PropertyKeyPath.resolve("position")
    d.timing = timing(1.3, repeats: 2)
    d.additive = Bool.random(using: &random)

    var size = KeyframeValues()
    size.values = [AnimatableValue(.size, [10, 20]), AnimatableValue(.size, [40, 5])]
    size.calculationMode = .paced
    var e = Animation(kind: .keyframe(size))
    e.keyPath = PropertyKeyPath.resolve("bounds.size")
    e.timing = timing(0.9, repeats: 3)
    e.cumulative = true
    return [a, b, c, d, e].filter { _ in Double.random(in: 0..<1, using: &random) < 0.7 }
  }

  /// The scalar path's column for one track.
  static func scalarColumn(_ plan: TimelinePlan, _ index: Int, _ times: [Double]) -> [Double] {
    let track = plan.tracks[index]
    let width = track.type.componentCount
    let clock = plan.clocks[track.layer]
    var column: [Double] = []
    var row = [Double](repeating: 0, count: width)
    var scratch = [Double](repeating: 0, count: 32)
    var extra = [Double](repeating: 0, count: 32)
    for t in times {
      row = track.model(at: t)
      for step in track.steps where step.animation.isAttached(at: t) {
        guard let lt = step.animation.localTime(layerTime: clock.localTime(t)) else { continue }
        scratch.withUnsafeMutableBufferPointer { value in
          extra.withUnsafeMutableBufferPointer { extra in
            step.write(lt, time: t, into: value.baseAddress!, scratch: extra.baseAddress!)
            row.withUnsafeMutableBufferPointer { row in
              Composition.apply(
                step, value: value.baseAddress!, onto: row.baseAddress!, propertyType: track.type)
            }
          }
        }
      }
      column += row
    }
    return column
  }

  /// Expects `column` to be track `index`'s scalar column at `times`, bit for bit.
  static func expectScalar(
    _ column: [Double], _ plan: TimelinePlan, _ index: Int, _ times: [Double], _ context: String
  ) {
    let scalar = scalarColumn(plan, index, times)
    let wrong = zip(column, scalar).enumerated().first { $1.0.bitPattern != $1.1.bitPattern }
    #expect(
      column.count == scalar.count && wrong == nil,
      "\(context), layer \(plan.layerNames[plan.tracks[index].layer]) \(plan.tracks[index].property): value \(wrong.map { "\($0.offset): \($0.element)" } ?? "-")"
    )
  }

  @Test func everyTrackSamplesAsTheScalarPath() throws {
    var random = SplitMix(seed: 0x5CA1A4)
    var compared = 0
    for seed: UInt64 in 1...20 {
      var generator = RandomScripts(seed: seed)
      var scene = generator.scene(events: 30)
      for i in scene.layers.indices {
        scene.layers[i].properties.append(("bounds", AnimatableValue(.rect, [0, 0, 100, 50])))
        scene.layers[i].animations += Self.extras(&random)
      }
      var budget = WorkBudget.unlimited
      let plan = try TimelinePlan(scene: scene, budget: &budget)
      let end = (RandomScripts.sampleTimes(scene).max() ?? 0) + 1
      let count = 2 * TimelinePlan.columnChunk + 77
      let times =
        RandomScripts.sampleTimes(scene)
        + (0..<count).map { -0.5 + (end + 0.5) * Double($0) / Double(count) }
      for index in plan.tracks.indices where !plan.tracks[index].steps.isEmpty {
        Self.expectScalar(plan.sampleTrack(index, times: times), plan, index, times, "seed \(seed)")
        compared += 1
      }
    }
    #expect(compared > 60)
  }
}
