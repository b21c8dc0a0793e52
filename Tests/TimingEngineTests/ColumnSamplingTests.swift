import Testing

@testable import TimingEngine

/// The sampler works a column of times at once (`Column.apply`: local times, then progress —
/// Bézier curves two at a time — then values, in chunks of `TimelinePlan.columnChunk`). Each
/// sample must come out as it does alone: on random scripts (all animation classes, groups,
/// layer clocks, live ends, removals), every value sampled in one request of more than two
/// chunks must have the bits of the same time sampled by itself, where the column is one
/// sample long and every curve takes the scalar solve. (A one-sample column still takes the
/// column writers and the direct writes; `ScalarSamplingTests` compares those with the scalar
/// path.)
@Suite struct ColumnSamplingTests {
  @Test func aColumnSamplesAsEachTimeAlone() throws {
    for seed: UInt64 in 1...20 {
      var generator = RandomScripts(seed: seed)
      let scene = generator.scene(events: 30)
      var budget = WorkBudget.unlimited
      let plan = try TimelinePlan(scene: scene, budget: &budget)
      let outputs = try plan.outputs(keyPaths: nil)
      let random = RandomScripts.sampleTimes(scene)
      let end = (random.max() ?? 0) + 1
      // Dense times make 2 chunks and a part; the random ones sit on the script's edges.
      let count = 2 * TimelinePlan.columnChunk + 301
      let times = random + (0..<count).map { -0.5 + (end + 0.5) * Double($0) / Double(count) }
      let column = plan.sample(times: times, outputs: outputs)
      var mismatches: [String] = []
      for (i, t) in times.enumerated() {
        let alone = plan.sample(times: [t], outputs: outputs)
        for (layer, single) in zip(column.layers, alone.layers) {
          for (a, b) in zip(layer.columns, single.columns) {
            let n = b.values.count
            let slice = a.values[(i * n)..<((i + 1) * n)].map(\.bitPattern)
            if slice != b.values.map(\.bitPattern) {
              mismatches.append("\(layer.name).\(a.keyPath) at \(t)")
            }
          }
        }
      }
      #expect(mismatches.isEmpty, "seed \(seed): \(mismatches.prefix(5))")
    }
  }
}
