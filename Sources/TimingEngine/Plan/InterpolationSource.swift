/// Basic and spring animations: between the resolved ends, and for `cumulative` with the value
/// at the end of one cycle added per completed cycle.
final class InterpolationSource: ValueWriter {
  let interpolator: Interpolator
  /// For ends that follow the live model value (semantics.md §3.3): an interpolator per model
  /// epoch from the add on, one more at each model change while the script ran (in time order).
  /// Empty for fixed ends. The plan builder collects them in its own `LiveSource` and builds
  /// the plan's source with all of them once the script has run (`PlanBuilder.finishEpochs`),
  /// so this is a `let`: no exclusivity check at each sample (the dynamic one a `var` costs was
  /// 8–9 % of the standard scene's sampling time) and nothing to change once shared.
  let epochs: [(start: Double, interpolator: Interpolator)]
  /// While the plan is built, where the builder keeps this source's epochs
  /// (`PlanBuilder.epochs`); nil for fixed ends, and in the built plan.
  let liveIndex: Int?
  let spring: SpringCurve?
  let cycleValue: [Double]?
  let type: ValueType
  var valueType: ValueType? { type }

  init(
    _ interpolator: Interpolator, epochs: [(start: Double, interpolator: Interpolator)] = [],
    liveIndex: Int? = nil, spring: SpringCurve?, cycleValue: [Double]?, type: ValueType
  ) {
    self.interpolator = interpolator
    self.epochs = epochs
    self.liveIndex = liveIndex
    self.spring = spring
    self.cycleValue = cycleValue
    self.type = type
  }

  /// The same source with its epochs, for the built plan.
  func with(epochs: [(start: Double, interpolator: Interpolator)]) -> InterpolationSource {
    InterpolationSource(
      interpolator, epochs: epochs, spring: spring, cycleValue: cycleValue, type: type)
  }

  /// The index in `epochs` of the one in force at scene time t (with at least two).
  @inline(__always) private func epochIndex(_ t: Double) -> Int {
    var lo = 1
    var hi = epochs.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if epochs[mid].start <= t { lo = mid + 1 } else { hi = mid }
    }
    return lo - 1
  }

  var progressIsTimingFunction: Bool { spring == nil }

  /// A spring's progress is in seconds of basic local time, not a fraction (semantics.md §3.5).
  @inline(__always) func progress(_ lt: LocalTime, _ f: CompiledTimingFunction?) -> Double {
    if let spring { return spring.progress(lt.basic) }
    return CompiledTimingFunction.progress(f, lt)
  }

  @inline(__always) func progress(
    _ localTimes: UnsafePointer<LocalTime>, count: Int, _ f: CompiledTimingFunction?,
    into progress: UnsafeMutablePointer<Double>
  ) {
    guard let spring else {
      return CompiledTimingFunction.progress(f, localTimes, count: count, into: progress)
    }
    for k in 0..<count { progress[k] = spring.progress(localTimes[k].basic) }
  }

  /// Per sample: the interpolator is used where it is stored, not returned by `chosen` — each
  /// returned copy retained and released its arrays, which with the spring and cycle values
  /// bound the same way made retain/release ~20 % of the standard scene's sampling.
  func write(
    progress p: Double, _ lt: LocalTime, time: Double, into out: UnsafeMutablePointer<Double>
  ) {
    switch epochs.count {
    case 0: interpolator.write(p, into: out)
    case 1: epochs[0].interpolator.write(p, into: out)
    default: epochs[epochIndex(time)].interpolator.write(p, into: out)
    }
    if lt.cycle != 0, let cycleValue { Cumulative.add(cycleValue, lt.cycle, type, into: out) }
  }

  /// The column form: with fixed ends between two values (`Interpolator.Mode.linear`), one
  /// short loop over the samples instead of a call per sample that asks again which kind of
  /// ends and interpolation it has.
  func writeStraight(
    _ progress: UnsafePointer<Double>, shown: UnsafePointer<Int>, count: Int,
    into out: UnsafeMutablePointer<Double>, width: Int
  ) -> Bool {
    guard epochs.isEmpty, case .linear = interpolator.mode else { return false }
    interpolator.writeLinear(progress, shown: shown, count: count, into: out, width: width)
    return true
  }

  /// The value with a given interpolator: the plan builder's, for the epoch in force while the
  /// script runs.
  @inline(__always) func write(
    _ lt: LocalTime, _ f: CompiledTimingFunction?, interpolator: Interpolator,
    into out: UnsafeMutablePointer<Double>
  ) {
    interpolator.write(progress(lt, f), into: out)
    if lt.cycle != 0, let cycleValue { Cumulative.add(cycleValue, lt.cycle, type, into: out) }
  }
}
