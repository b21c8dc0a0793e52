/// One track's column being sampled: scene times, the layer's local times, and the output, with
/// working space for one step at a time (`times.count` entries each).
struct Column {
  let times: UnsafeBufferPointer<Double>
  /// The earliest and latest of `times`; nil if one is NaN.
  let timeRange: ClosedRange<Double>?
  let layerTimes: UnsafeBufferPointer<Double>
  let out: UnsafeMutablePointer<Double>
  let width: Int
  let type: ValueType
  let scratch: UnsafeMutablePointer<Double>
  /// The samples the step shows at (index into `times`), with its local time and progress there.
  let shown: UnsafeMutablePointer<Int>
  let localTimes: UnsafeMutablePointer<LocalTime>
  let progress: UnsafeMutablePointer<Double>

  /// The earliest and latest time, once per chunk for all its steps' attachment checks (each
  /// step looked at every time before, ~3 % of the standard scene's sampling).
  static func range(_ times: UnsafeBufferPointer<Double>) -> ClosedRange<Double>? {
    guard var lo = times.first else { return nil }
    var hi = lo
    for t in times {
      if t.isNaN { return nil }
      lo = min(lo, t)
      hi = max(hi, t)
    }
    return lo...hi
  }

  /// Where in each row a step's value goes when it only replaces components (nil when it must be
  /// composed): a step on a run of components writes there only if its value has exactly
  /// that many (every writer writes its value type's component count).
  @inline(__always) func directOffset<Source: ValueWriter>(_ step: TrackStep, _ source: Source)
    -> Int?
  {
    guard !step.additive, step.valueFunction == nil else { return nil }
    switch step.part {
    case .whole: return 0
    case .components(let range):
      return source.valueType?.componentCount == range.count ? range.lowerBound : nil
    case .transform: return nil
    }
  }

  /// Composes one step onto every sample, in three passes over the column — local times, then
  /// progress, then values — instead of one pass doing all three per sample. Each pass is a
  /// short loop whose iterations do not depend on each other, so the processor works on
  /// several samples at once, where one sample's whole chain (clock, Newton step,
  /// interpolation, composition) was too long for that; and the progress pass can solve a
  /// timing curve two samples at a time (`CubicBezier+Column.swift`). The standard scene's
  /// sampling ran 1.13× faster from the passes alone, 1.26× with the column solve and each
  /// layer's times computed once (`TimelinePlan.sample`; now once per clock, `ClockTimes`),
  /// alternating binaries on `timing-bench profile-sampling`.
  ///
  /// With `shared`, the step's timing is one other steps have (`SharedTimings`): the first of
  /// them to reach this chunk works out the local times (and the timing function's progress)
  /// into `shared`, the others read them there.
  @inline(__always) func apply<Source: ValueWriter>(
    _ step: TrackStep, _ source: Source, shared: SharedColumn?
  ) {
    let animation = step.animation
    let shown: UnsafeMutablePointer<Int>
    let localTimes: UnsafeMutablePointer<LocalTime>
    let count: Int
    if let shared, shared.count.pointee >= 0 {
      // Another step with this timing has worked its local times out (`SharedTimings`).
      (shown, localTimes, count) = (shared.shown, shared.localTimes, shared.count.pointee)
    } else {
      (shown, localTimes) = (shared?.shown ?? self.shown, shared?.localTimes ?? self.localTimes)
      // Most animations are on their layer for the whole request: then skip the check per
      // sample.
      let alwaysAttached =
        timeRange.map {
          animation.isAttached(at: $0.lowerBound) && animation.isAttached(at: $0.upperBound)
        } ?? false
      var attached = 0
      for i in 0..<times.count where alwaysAttached || animation.isAttached(at: times[i]) {
        shown[attached] = i
        attached += 1
      }
      // `progress` is free until the progress pass: the local-time pass's working space.
      count = animation.localTimes(
        layerTimes: layerTimes.baseAddress!, shown: shown, count: attached,
        everySample: alwaysAttached, into: localTimes,
        parentTimes: self.progress)
      shared?.count.pointee = count
    }
    // A shared timing's timing-function progress is shared too; a spring's own is not.
    let progress: UnsafeMutablePointer<Double>
    if let shared, source.progressIsTimingFunction {
      progress = shared.progress
      if !shared.progressReady.pointee {
        source.progress(localTimes, count: count, animation.timingFunction, into: progress)
        shared.progressReady.pointee = true
      }
    } else {
      progress = self.progress
      source.progress(localTimes, count: count, animation.timingFunction, into: progress)
    }
    // A non-additive value of the whole property, or of a run of its components exactly as
    // wide as the value (`bounds.size.width`, `position.x`), is written straight into the
    // column: it replaces what is beneath, which is all `Composition` would do with it.
    // Everything else goes through scratch space and Composition.
    if let offset = directOffset(step, source) {
      source.write(
        progress: progress, localTimes, shown: shown, count: count, times: times,
        into: out + offset, width: width)
      return
    }
    let value = scratch
    let extra = scratch + 16
    for k in 0..<count {
      let i = shown[k]
      if let valueFunction = step.valueFunction {
        source.write(progress: progress[k], localTimes[k], time: times[i], into: extra)
        let m = valueFunction.transform(UnsafePointer(extra)).m
        for c in 0..<16 { value[c] = m[c] }
      } else {
        source.write(progress: progress[k], localTimes[k], time: times[i], into: value)
      }
      Composition.apply(step, value: value, onto: out + i * width, propertyType: type)
    }
  }
}
