import TestSupport
import Testing

@testable import TimingEngine

/// The local-time pass works two samples at a time (`MediaTiming+Column.swift`). Each sample
/// must get the local time the scalar `localTime` gives it, bit for bit, or none where that
/// gives none: on random timings (speeds of both signs, offsets, autoreverse, every fill mode,
/// attached or not) at times around the interval's edges, whole iterations, huge, infinite and
/// NaN times, and iterations on both sides of 2⁵², where the column's floor stops being exact.
@Suite struct LocalTimeColumnTests {
  static func same(_ a: LocalTime, _ b: LocalTime) -> Bool {
    a.phase == b.phase && a.basic.bitPattern == b.basic.bitPattern
      && a.fraction.bitPattern == b.fraction.bitPattern
      && a.cycle.bitPattern == b.cycle.bitPattern && a.reversed == b.reversed
  }

  @Test func aColumnGetsEachSamplesLocalTime() {
    var random = SplitMix(seed: 0x10CA_17)
    var compared = 0
    for trial in 0..<400 {
      var timing = MediaTiming()
      timing.duration = [0.25, 1, 3.7, 1e-9, 1e9][trial % 5]
      timing.beginTime = Double.random(in: -5...5, using: &random)
      timing.speed =
        [1, 2.5, -1, 0.3, 1e12][trial % 5 == 4 ? 4 : Int.random(in: 0...3, using: &random)]
      timing.timeOffset = trial % 3 == 0 ? Double.random(in: -2...2, using: &random) : 0
      timing.autoreverses = trial % 2 == 1
      timing.repeatCount = [0, 2.5, 3, .infinity][trial % 4]
      timing.fillMode = FillMode.allCases[trial % 4]
      let attached = trial % 7 != 0
      let ad = timing.activeDuration
      let inv = 1 / timing.duration
      var times = (0..<200).map { _ in Double.random(in: -10...30, using: &random) }
      let edges = [timing.beginTime, timing.beginTime + ad / abs(timing.speed)]
      times += edges.flatMap { [$0, $0.nextUp, $0.nextDown] }
      times += (0..<8).map { timing.beginTime + Double($0) * timing.duration / abs(timing.speed) }
      times += [.nan, .infinity, -.infinity, 1e300, -1e300, 0, -0.0]
      // Iterations either side of 2⁵² (where `fastFloor` and the column's floor change method).
      times += [0.99, 1, 1.01, 2].map { timing.beginTime + $0 * 4.5e15 * timing.duration }
      times.shuffle(using: &random)
      let count = times.count
      var shown = Array(0..<count)
      var localTimes = [LocalTime](
        repeating: LocalTime(phase: .before, basic: -1, fraction: -1, cycle: -1), count: count)
      let kept = times.withUnsafeBufferPointer { t in
        shown.withUnsafeMutableBufferPointer { s in
          localTimes.withUnsafeMutableBufferPointer { lt in
            timing.localTimes(
              parentTimes: t.baseAddress!, shown: s.baseAddress!, count: count,
              activeDuration: ad, inverseDuration: inv, attached: attached,
              into: lt.baseAddress!)
          }
        }
      }
      var expected: [(Int, LocalTime)] = []
      for (i, t) in times.enumerated() {
        if let lt = timing.localTime(
          parentTime: t, activeDuration: ad, inverseDuration: inv, attached: attached)
        {
          expected.append((i, lt))
        }
      }
      #expect(kept == expected.count, "trial \(trial)")
      for (k, (i, lt)) in expected.enumerated() where k < kept {
        #expect(shown[k] == i && Self.same(localTimes[k], lt), "trial \(trial) at \(times[i])")
        compared += 1
      }
    }
    #expect(compared > 40_000)
  }

  @Test func theColumnFloorIsFastFloor() {
    var random = SplitMix(seed: 0xF1_0012)
    var inputs: [Double] = [0, -0.0, 0.5, -0.5, 1, -1, 0.49999999999999994, -0.49999999999999994]
    inputs += [4_503_599_627_370_495.5, -4_503_599_627_370_495.5, 2_251_799_813_685_247.5]
    inputs += (0..<10_000).map { _ in Double.random(in: -1e6...1e6, using: &random) }
    inputs += (0..<1_000).map { _ in Double(Int.random(in: -1_000...1_000, using: &random)) }
    for pair in stride(from: 0, to: inputs.count - 1, by: 2) {
      let x = SIMD2(inputs[pair], inputs[pair + 1])
      let f = fastFloor(x)
      #expect(f.x.bitPattern == fastFloor(x.x).bitPattern, "\(x.x)")
      #expect(f.y.bitPattern == fastFloor(x.y).bitPattern, "\(x.y)")
    }
  }
}
