/// What one animation contributes to a property, ready to evaluate at a local time: a closed set,
/// so an enum whose cases hold immutable tables (built whole by the plan builder, never changed
/// after). The sampling loop switches once per step and column, then runs `Column.apply`
/// specialised for the case's payload, so the per-sample loop has no dynamic calls and copies
/// nothing.
enum ValueSource: Sendable {
  /// Basic and spring animations.
  case interpolation(InterpolationSource)
  case keyframe(KeyframeSource)
  /// `rotationMode` of a keyframe path.
  case pathRotation(PathRotationSource)
  case transition(TransitionSource)

  /// Writes the animation's value for local time `lt`, `timingFunction` being the animation's.
  /// `time` is the scene time, for values that follow the live model value.
  @inline(__always) func write(
    _ lt: LocalTime, _ timingFunction: CompiledTimingFunction?, time: Double,
    into out: UnsafeMutablePointer<Double>
  ) {
    switch self {
    case .interpolation(let source): source.write(lt, timingFunction, time: time, into: out)
    case .keyframe(let source): source.write(lt, timingFunction, time: time, into: out)
    case .pathRotation(let source): source.write(lt, timingFunction, time: time, into: out)
    case .transition(let source): source.write(lt, timingFunction, time: time, into: out)
    }
  }

  /// Composes the step onto a whole column of samples: one switch, then the generic
  /// `Column.apply`, which the compiler specialises for each case's payload.
  func apply(_ step: TrackStep, _ column: Column, shared: SharedColumn?) {
    switch self {
    case .interpolation(let source): column.apply(step, source, shared: shared)
    case .keyframe(let source): column.apply(step, source, shared: shared)
    case .pathRotation(let source): column.apply(step, source, shared: shared)
    case .transition(let source): column.apply(step, source, shared: shared)
    }
  }
}

/// A `ValueSource` case's payload: what `Column.apply` is specialised over. A value is made in
/// two parts — the progress through the animation at a local time, then the value at that
/// progress — so that the sampling loop can run each part over a whole column
/// (`Column.apply`).
protocol ValueWriter: Sendable {
  /// Progress through the animation at local time `lt`: its timing function at the local time's
  /// fraction (the default), or a spring's own curve.
  func progress(_ lt: LocalTime, _ timingFunction: CompiledTimingFunction?) -> Double

  /// The progress at each of `count` local times, into `progress`.
  func progress(
    _ localTimes: UnsafePointer<LocalTime>, count: Int, _ timingFunction: CompiledTimingFunction?,
    into progress: UnsafeMutablePointer<Double>)

  /// Whether `progress` is the timing function's (steps with the same timing then have the same
  /// progress, `SharedTimingColumns`); false for a spring's own curve. Every source states it
  /// (no default): one that replaced `progress` and inherited `true` would be given another
  /// step's progress.
  var progressIsTimingFunction: Bool { get }

  /// The value at progress `p` (from `progress`) and local time `lt` (for the cycle of a
  /// cumulative animation); `time` is the scene time, for values that follow the model value.
  func write(
    progress p: Double, _ lt: LocalTime, time: Double, into out: UnsafeMutablePointer<Double>)

  /// The type of the values `write` writes, when the source knows it: a step on a run of
  /// components writes straight into the column only then (`Column.directOffset`).
  var valueType: ValueType? { get }

  /// For `cumulative`: the value added per completed cycle (nil for none).
  var cycleValue: [Double]? { get }

  /// A column's values before their cycles, in one short loop, for a source that has one:
  /// row `shown[k]` of `out`, `width` apart, gets the value at `progress[k]`. False, with
  /// nothing written, when the source must go sample by sample (`writeEach`).
  func writeStraight(
    _ progress: UnsafePointer<Double>, shown: UnsafePointer<Int>, count: Int,
    into out: UnsafeMutablePointer<Double>, width: Int
  ) -> Bool
}

extension ValueWriter {
  var valueType: ValueType? { nil }
  var cycleValue: [Double]? { nil }

  func writeStraight(
    _ progress: UnsafePointer<Double>, shown: UnsafePointer<Int>, count: Int,
    into out: UnsafeMutablePointer<Double>, width: Int
  ) -> Bool { false }

  @inline(__always) func progress(_ lt: LocalTime, _ f: CompiledTimingFunction?) -> Double {
    CompiledTimingFunction.progress(f, lt)
  }

  @inline(__always) func progress(
    _ localTimes: UnsafePointer<LocalTime>, count: Int, _ f: CompiledTimingFunction?,
    into progress: UnsafeMutablePointer<Double>
  ) {
    CompiledTimingFunction.progress(f, localTimes, count: count, into: progress)
  }

  /// The values at the `count` shown samples of a column, straight into its rows (non-additive
  /// steps on the whole value or on a run of components as wide as it, `Column.directOffset`):
  /// row `shown[k]` of `out`, `width` apart, gets `write(progress:)` at `progress[k]` and
  /// `localTimes[k]` — through the source's loop and then its cycles where it has one, else
  /// one sample at a time.
  @inline(__always) func write(
    progress: UnsafePointer<Double>, _ localTimes: UnsafePointer<LocalTime>,
    shown: UnsafePointer<Int>, count: Int, times: UnsafeBufferPointer<Double>,
    into out: UnsafeMutablePointer<Double>, width: Int
  ) {
    guard writeStraight(progress, shown: shown, count: count, into: out, width: width) else {
      return writeEach(
        progress: progress, localTimes, shown: shown, count: count, times: times, into: out,
        width: width)
    }
    guard let cycleValue, let type = valueType else { return }
    Cumulative.add(
      cycleValue, localTimes, shown: shown, count: count, type, into: out, width: width)
  }

  /// `write(progress:)` per shown sample: the column form of a source without a faster one,
  /// and the fallback of those with one.
  @inline(__always) func writeEach(
    progress: UnsafePointer<Double>, _ localTimes: UnsafePointer<LocalTime>,
    shown: UnsafePointer<Int>, count: Int, times: UnsafeBufferPointer<Double>,
    into out: UnsafeMutablePointer<Double>, width: Int
  ) {
    for k in 0..<count {
      let i = shown[k]
      write(progress: progress[k], localTimes[k], time: times[i], into: out + i * width)
    }
  }

  /// Writes the animation's value for local time `lt`, `f` being the animation's timing function.
  @inline(__always) func write(
    _ lt: LocalTime, _ f: CompiledTimingFunction?, time: Double,
    into out: UnsafeMutablePointer<Double>
  ) {
    write(progress: progress(lt, f), lt, time: time, into: out)
  }
}
