/// `localTime(layerTime:)` over a column of samples (`Column.apply`'s first pass), each local
/// time the one it gives, bit for bit: the timing's column form (`MediaTiming+Column.swift`), and
/// a group's child from its group's column, as `childLocalTime` does sample by sample.
extension CompiledAnimation {
  /// Of the `count` samples in `shown` (indices into `layerTimes`), keeps those the animation
  /// has a local time at, in order at the front of `shown`, with their local times in
  /// `localTimes`; returns how many. `parentTimes` is working space for `count` values.
  /// `everySample` says `shown` is 0, 1, 2, … (the animation is attached at every time): then
  /// the layer times are the parent times as they stand, not gathered.
  func localTimes(
    layerTimes: UnsafePointer<Double>, shown: UnsafeMutablePointer<Int>, count: Int,
    everySample: Bool, into localTimes: UnsafeMutablePointer<LocalTime>,
    parentTimes: UnsafeMutablePointer<Double>
  ) -> Int {
    guard let parent else {
      if !everySample {
        for k in 0..<count { parentTimes[k] = layerTimes[shown[k]] }
      }
      return timing.localTimes(
        parentTimes: everySample ? layerTimes : UnsafePointer(parentTimes), shown: shown,
        count: count,
        activeDuration: activeDuration,
        inverseDuration: inverseDuration, attached: !removedOnCompletion, into: localTimes)
    }
    let kept = parent.localTimes(
      layerTimes: layerTimes, shown: shown, count: count, everySample: everySample,
      into: localTimes,
      parentTimes: parentTimes)
    parent.childTimes(localTimes, count: kept, into: parentTimes)
    return timing.localTimes(
      parentTimes: parentTimes, shown: shown, count: kept, activeDuration: activeDuration,
      inverseDuration: inverseDuration, attached: true, into: localTimes)
  }

  /// `warpedTime` of each group local time, or its basic local time when the group does not
  /// warp: its children's parent times.
  private func childTimes(
    _ groupTimes: UnsafePointer<LocalTime>, count: Int, into times: UnsafeMutablePointer<Double>
  ) {
    guard warpsTime, let timingFunction else {
      for k in 0..<count { times[k] = groupTimes[k].basic }
      return
    }
    timingFunction.evaluateFractions(groupTimes, count: count, into: times)
    let d = timing.duration
    for k in 0..<count { times[k] *= d }
  }
}
