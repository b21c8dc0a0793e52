/// The request's times on one layer clock after another, each worked out once for the layers
/// that run on the same clock (`TimelinePlan.sample`): most layers of a scene share their
/// parent's timing, and mapping every time again for each layer was ~5 % of the standard
/// scene's sampling (1 000 layers, one clock).
struct ClockTimes {
  /// The last clock's levels (begin time, speed, offset as bit patterns: −0 and +0 map times
  /// differently) and its times.
  private var last: (levels: [UInt64], times: [Double])?

  /// `clock.localTime` at each of `times`.
  mutating func times(on clock: LayerClock, at times: [Double]) -> [Double] {
    let levels = clock.levels.flatMap {
      [$0.beginTime.bitPattern, $0.speed.bitPattern, $0.timeOffset.bitPattern]
    }
    if let last, last.levels == levels { return last.times }
    let mapped = times.map { clock.localTime($0) }
    last = (levels, mapped)
    return mapped
  }
}
