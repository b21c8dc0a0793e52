import Testing

@testable import TimingEngine

/// The incremental presentation value during scripts (live lists, hiding, epochs only while
/// attached; `PlanBuilder+Presentation.swift`) against the reference strategy — every step at
/// every change, an epoch at every model change — on random scripts: the plans must agree to
/// the bit, in the ends each action was given (which hold the presentation values at the
/// changes) and in every sampled value.
@Suite struct IncrementalPresentationTests {
  static let seeds: [UInt64] = Array(1...150)

  static func plan(_ scene: Scene, _ strategy: PlanBuilder.Strategy) -> TimelinePlan {
    var budget = WorkBudget.unlimited
    return try! TimelinePlan(scene: scene, budget: &budget, strategy: strategy)
  }

  /// The numbers an action record holds, as bit patterns (so NaN equals NaN).
  static func ends(_ record: ActionRecord) -> [UInt64] {
    guard let action = record.resolution.action else { return [] }
    switch action.kind {
    case .basic(let values), .spring(let values, _):
      return [values.from, values.to, values.by].flatMap { value in
        [UInt64(value?.components.count ?? 99)] + (value?.components.map(\.bitPattern) ?? [])
      }
    case .keyframe, .group, .transition:
      return []
    }
  }

  static func samples(_ plan: TimelinePlan, _ times: [Double]) -> [UInt64] {
    let outputs = try! plan.outputs(keyPaths: nil)
    return plan.sample(times: times, outputs: outputs).layers.flatMap { layer in
      layer.columns.flatMap { $0.values.map(\.bitPattern) }
    }
  }

  @Test func incrementalEqualsReference() {
    var steps = 0
    for seed in Self.seeds {
      var generator = RandomScripts(seed: seed)
      let scene = generator.scene(events: 30)
      let reference = Self.plan(scene, .reference)
      let incremental = Self.plan(scene, .incremental)
      #expect(reference.actionRecords.count == incremental.actionRecords.count, "seed \(seed)")
      for (r, i) in zip(reference.actionRecords, incremental.actionRecords) {
        #expect(Self.ends(r) == Self.ends(i), "seed \(seed): \(r.layer).\(r.key) at \(r.time)")
      }
      let times = RandomScripts.sampleTimes(scene)
      let expected = Self.samples(reference, times)
      let got = Self.samples(incremental, times)
      let first = expected.indices.first { $0 >= got.count || expected[$0] != got[$0] }
      #expect(
        expected.count == got.count && first == nil,
        "seed \(seed): value \(first ?? -1) is \(first.map { Double(bitPattern: got[$0]) } ?? 0), not \(first.map { Double(bitPattern: expected[$0]) } ?? 0)"
      )
      #expect(reference.events == incremental.events, "seed \(seed)")
      steps += incremental.stepCount
    }
    // The scripts do pile steps up (about 20 a scene), or the test would show nothing.
    #expect(steps > 10 * Self.seeds.count)
  }

  /// Sampling is charged for the times each step may contribute (`contributionWindow`, from
  /// the clock as one affine map): on the same random scripts, no time at which a step does
  /// contribute may fall outside its window, or a request would be charged less than it costs.
  @Test func contributionWindowsHoldEveryContribution() {
    var checked = 0
    for seed in Self.seeds {
      var generator = RandomScripts(seed: seed)
      let scene = generator.scene(events: 30)
      let plan = Self.plan(scene, .incremental)
      let times = RandomScripts.sampleTimes(scene)
      for track in plan.tracks {
        let clock = plan.clocks[track.layer]
        for step in track.steps {
          let window = step.animation.contributionWindow(clock.affine)
          for t in times where step.animation.isAttached(at: t) {
            guard step.animation.localTime(layerTime: clock.localTime(t)) != nil else { continue }
            checked += 1
            #expect(
              window.from <= t && t <= window.to,
              "seed \(seed): \(track.property) contributes at \(t), outside \(window)")
          }
        }
      }
    }
    #expect(checked > 1000)
  }

  /// The reference strategy really is the straightforward one: a step that has finished, and a
  /// step hidden beneath a newer one, are still looked at (and charged), so the same script costs
  /// it more work than the incremental strategy, which drops the first and skips the second.
  @Test func incrementalLooksAtFewerSteps() {
    var scene = Scene()
    scene.layers = [Layer(name: "a")]
    scene.layers[0].properties = [("opacity", .scalar(1))]
    // 100 changes 1 s apart, each an implicit animation of 0.25 s under the key "opacity".
    scene.events = (0..<100).map { i in
      var transaction = ScriptTransaction()
      transaction.changes = [
        PropertyChange(
          layer: "a", keyPath: PropertyKeyPath.resolve("opacity")!,
          value: .scalar(Double(i % 2)), source: [])
      ]
      return ScriptEvent(time: Double(i), action: .transaction(transaction), source: [])
    }
    var reference = WorkBudget.unlimited
    var incremental = WorkBudget.unlimited
    _ = try! TimelinePlan(scene: scene, budget: &reference, strategy: .reference)
    _ = try! TimelinePlan(scene: scene, budget: &incremental, strategy: .incremental)
    let script = WorkBudget.Stage.script.rawValue
    // Reference: change i looks at the i steps before it, 3 units each: 3 × (0 + … + 99).
    // Incremental: the one step before it, gone (removed at the change's time) or not.
    let looks = reference.spentByStage[script] - incremental.spentByStage[script]
    #expect(looks >= 3 * (4950 - 2 * 100))
  }
}
