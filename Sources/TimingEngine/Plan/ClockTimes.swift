/// The request's times on one layer clock after another, each worked out once for the layers
/// that run on the same clock (`TimelinePlan.sample`): most layers of a scene share their
/// parent's timing, and mapping every time again for each layer was ~5 % of the standard
/// scene's sampling (1 000 layers, one clock).
struct ClockTimes {
  /// The scene times every clock maps.
  let times: [Double]
  /// The last clock's levels and its times.
  private var last: (levels: [LayerClock.Level], times: [Double])?

  init(_ times: [Double]) { self.times = times }

  /// `clock.localTime` at each of `times`.
  mutating func times(on clock: LayerClock) -> [Double] {
    if let last, Self.sameMapping(last.levels, clock.levels) { return last.times }
    let mapped = times.map { clock.localTime($0) }
    last = (clock.levels, mapped)
    return mapped
  }

  /// What `sameMapping` compares, as a key (`SharedTimings` numbers clocks by it): each level's
  /// begin time, speed and offset, bit for bit.
  static func mappingKey(_ levels: [LayerClock.Level]) -> [UInt64] {
    levels.flatMap { [$0.beginTime.bitPattern, $0.speed.bitPattern, $0.timeOffset.bitPattern] }
  }

  /// Whether two chains of levels map every time alike: the same begin times, speeds and
  /// offsets bit for bit (−0 and +0 map a time differently), whichever layers they belong to —
  /// equal `mappingKey`s, compared without making them.
  static func sameMapping(_ a: [LayerClock.Level], _ b: [LayerClock.Level]) -> Bool {
    a.count == b.count
      && zip(a, b).allSatisfy {
        $0.beginTime.bitPattern == $1.beginTime.bitPattern
          && $0.speed.bitPattern == $1.speed.bitPattern
          && $0.timeOffset.bitPattern == $1.timeOffset.bitPattern
      }
  }
}
