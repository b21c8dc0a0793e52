import Testing

@testable import TimingEngine

/// Layers on the same clock share their times (`ClockTimes`); a layer on another clock — even
/// one that differs only by the sign of a zero offset, which maps −0 differently — gets its
/// own.
@Suite struct ClockTimesTests {
  @Test func eachClockGetsItsOwnTimes() {
    let times = [-0.0, 0, 0.5, 1, 2.25]
    func clock(_ layer: Int, offset: Double = 0, speed: Double = 1) -> LayerClock {
      LayerClock(levels: [.init(layer: layer, beginTime: 0, speed: speed, timeOffset: offset)])
    }
    let clocks = [clock(0), clock(1), clock(2, offset: -0.0), clock(3, speed: 2), clock(4)]
    #expect(clocks[0].localTime(-0.0).bitPattern != clocks[2].localTime(-0.0).bitPattern)
    var cache = ClockTimes(times)
    for c in clocks {
      let got = cache.times(on: c)
      #expect(got.map(\.bitPattern) == times.map { c.localTime($0).bitPattern }, "\(c.levels)")
    }
  }
}
