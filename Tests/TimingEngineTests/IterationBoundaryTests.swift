import Testing

@testable import TimingEngine

/// Where a plot marks new iterations: the scene times at which p = e + timeOffset crosses a
/// multiple of the cycle (semantics.md §1.2 step 4), solved by hand through the layer's clock.
@Suite struct IterationBoundaryTests {
  func boundaries(_ animation: Animation, layerSpeed: Double = 1, in range: ClosedRange<Double>)
    -> [Double]?
  {
    var l = layer("a", [animation])
    l.speed = layerSpeed
    let p = plan([l])
    let outputs = try! p.outputs(keyPaths: ["opacity"])
    return p.iterationBoundaries(layer: 0, output: 0, of: outputs, in: range, limit: 100)
  }

  @Test func throughALayerAtDoubleSpeedWithAnOffset() throws {
    // Layer at speed 2: local time 2t. beginTime 1, duration 1, 3 repeats, timeOffset 0.25:
    // e = 2t − 1 in (0, 3); p = e + 0.25 crosses 1, 2, 3 at e = 0.75, 1.75, 2.75, that is at
    // t = (e + 1) / 2 = 0.875, 1.375, 1.875.
    let a = basic("opacity", from: [0], to: [1]) {
      $0.timing.beginTime = 1
      $0.timing.repeatCount = 3
      $0.timing.timeOffset = 0.25
    }
    let times = try #require(boundaries(a, layerSpeed: 2, in: 0...10))
    #expect(approximately(times, [0.875, 1.375, 1.875], 1e-12))
  }

  @Test func anAutoreversingCycleIsTwoLegs() throws {
    // The same with autoreverses: a cycle is 2, AD = 6; p = e + 0.25 crosses 2, 4, 6 at
    // e = 1.75, 3.75 (5.75 too, inside AD = 6): t = 1.375, 2.375, 3.375.
    let a = basic("opacity", from: [0], to: [1]) {
      $0.timing.beginTime = 1
      $0.timing.repeatCount = 3
      $0.timing.timeOffset = 0.25
      $0.timing.autoreverses = true
    }
    let times = try #require(boundaries(a, layerSpeed: 2, in: 0...10))
    #expect(approximately(times, [1.375, 2.375, 3.375], 1e-12))
  }

  @Test func onlyWithinTheRangeAndNilWhenTooDense() {
    // Forever, duration 1 from 0: boundaries at 1, 2, 3… — in 0…2.5 two of them.
    let a = basic("opacity", from: [0], to: [1]) { $0.timing.repeatCount = .infinity }
    #expect(boundaries(a, in: 0...2.5) == [1, 2])
    // 0…1000 would hold 999 of them: more than the limit of 100.
    #expect(boundaries(a, in: 0...1000) == nil)
    // One iteration: none.
    #expect(boundaries(basic("opacity", from: [0], to: [1]), in: 0...10) == [])
  }
}
