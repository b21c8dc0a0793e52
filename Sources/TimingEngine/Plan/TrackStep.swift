#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one animation contributes to a property, ready to evaluate at a local time. Subclasses
/// hold their tables; the sampling loop makes one dynamic call per step and copies nothing.
class ValueSource: @unchecked Sendable {
  /// Writes the animation's value for local time `lt`, `timingFunction` being the animation's.
  /// `time` is the scene time, for values that follow the live model value.
  func write(
    _ lt: LocalTime, _ timingFunction: CompiledTimingFunction?, time: Double,
    into out: UnsafeMutablePointer<Double>
  ) {}

  @inline(__always) final func progress(_ lt: LocalTime, _ f: CompiledTimingFunction?) -> Double {
    f?.evaluate(lt.fraction, beforeFlag: lt.phase == .before) ?? lt.fraction
  }

  /// Composes the step onto a whole column of samples; each subclass forwards to the generic
  /// `Column.apply`, which the compiler specialises, so the per-sample loop has no dynamic calls.
  func apply(_ step: TrackStep, _ column: Column) {}
}

/// One track's column being sampled: scene times, the layer's local times, and the output.
struct Column {
  let times: UnsafeBufferPointer<Double>
  let layerTimes: UnsafeBufferPointer<Double>
  let out: UnsafeMutablePointer<Double>
  let width: Int
  let type: ValueType
  let scratch: UnsafeMutablePointer<Double>

  @inline(__always) func apply<Source: ValueSource>(_ step: TrackStep, _ source: Source) {
    let animation = step.animation
    let f = animation.timingFunction
    let value = scratch
    let extra = scratch + 16
    // Most animations are on their layer for the whole request: then skip the check per sample.
    let alwaysAttached = times.allSatisfy { animation.isAttached(at: $0) }
    // A whole, non-additive value is written straight into the column (it replaces what is
    // beneath); everything else goes through scratch space and Composition.
    var direct = !step.additive && step.valueFunction == nil
    if case .whole = step.part {} else { direct = false }
    for i in 0..<times.count {
      guard alwaysAttached || animation.isAttached(at: times[i]),
        let lt = animation.localTime(layerTime: layerTimes[i])
      else { continue }
      if direct {
        source.write(lt, f, time: times[i], into: out + i * width)
        continue
      }
      if let valueFunction = step.valueFunction {
        source.write(lt, f, time: times[i], into: extra)
        let m = valueFunction.transform(UnsafePointer(extra)).m
        for c in 0..<16 { value[c] = m[c] }
      } else {
        source.write(lt, f, time: times[i], into: value)
      }
      Composition.apply(step, value: value, onto: out + i * width, propertyType: type)
    }
  }
}

/// Basic and spring animations: between the resolved ends, and for `cumulative` with the value
/// at the end of one cycle added per completed cycle.
final class InterpolationSource: ValueSource, @unchecked Sendable {
  let interpolator: Interpolator
  /// For ends that follow the live model value (semantics.md §3.3): an interpolator per model epoch
  /// from the add on, one more at each model change while the script runs (in time order, so
  /// values composed during the script see the model value of their time). Appended to only
  /// by the plan builder, before the plan is shared: unchecked, since the dynamic exclusivity
  /// check its appends would otherwise cost at every sample was 8–9 % of the standard scene's
  /// sampling time.
  @exclusivity(unchecked) var epochs: [(start: Double, interpolator: Interpolator)] = []

  /// The interpolator in force at scene time t.
  @inline(__always) func chosen(_ t: Double) -> Interpolator {
    guard epochs.count > 1 else { return epochs.first?.interpolator ?? interpolator }
    var lo = 1
    var hi = epochs.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if epochs[mid].start <= t { lo = mid + 1 } else { hi = mid }
    }
    return epochs[lo - 1].interpolator
  }
  let spring: SpringCurve?
  let cycleValue: [Double]?
  let type: ValueType

  init(_ interpolator: Interpolator, spring: SpringCurve?, cycleValue: [Double]?, type: ValueType) {
    self.interpolator = interpolator
    self.spring = spring
    self.cycleValue = cycleValue
    self.type = type
  }

  override func apply(_ step: TrackStep, _ column: Column) { column.apply(step, self) }

  override func write(
    _ lt: LocalTime, _ f: CompiledTimingFunction?, time: Double,
    into out: UnsafeMutablePointer<Double>
  ) {
    // A spring's progress is in seconds of basic local time, not a fraction (semantics.md §3.5).
    let p = spring.map { $0.progress(lt.basic) } ?? progress(lt, f)
    chosen(time).write(p, into: out)
    if let cycleValue, lt.cycle != 0 { Cumulative.add(cycleValue, lt.cycle, type, into: out) }
  }
}

final class KeyframeSource: ValueSource, @unchecked Sendable {
  let evaluator: KeyframeEvaluator
  let cycleValue: [Double]?

  init(_ evaluator: KeyframeEvaluator, cycleValue: [Double]?) {
    self.evaluator = evaluator
    self.cycleValue = cycleValue
  }

  override func apply(_ step: TrackStep, _ column: Column) { column.apply(step, self) }

  override func write(
    _ lt: LocalTime, _ f: CompiledTimingFunction?, time: Double,
    into out: UnsafeMutablePointer<Double>
  ) {
    evaluator.write(progress(lt, f), into: out)
    if let cycleValue, lt.cycle != 0 {
      Cumulative.add(cycleValue, lt.cycle, evaluator.type, into: out)
    }
  }
}

/// `rotationMode` of a keyframe path: a rotation about z by the path's direction.
final class PathRotationSource: ValueSource, @unchecked Sendable {
  let evaluator: KeyframeEvaluator
  let offset: Double

  init(_ evaluator: KeyframeEvaluator, offset: Double) {
    self.evaluator = evaluator
    self.offset = offset
  }

  override func apply(_ step: TrackStep, _ column: Column) { column.apply(step, self) }

  override func write(
    _ lt: LocalTime, _ f: CompiledTimingFunction?, time: Double,
    into out: UnsafeMutablePointer<Double>
  ) {
    out[0] = evaluator.pathAngle(progress(lt, f)) + offset
  }
}

final class TransitionSource: ValueSource, @unchecked Sendable {
  let style: TransitionStyle

  init(_ style: TransitionStyle) { self.style = style }

  override func apply(_ step: TrackStep, _ column: Column) { column.apply(step, self) }

  override func write(
    _ lt: LocalTime, _ f: CompiledTimingFunction?, time: Double,
    into out: UnsafeMutablePointer<Double>
  ) {
    TransitionGeometry.write(style, progress: progress(lt, f), into: out)
  }
}

/// One animation's place on a property track.
final class TrackStep: Sendable {
  let animation: CompiledAnimation
  let source: ValueSource
  let part: PropertyKeyPath.Part
  let additive: Bool
  let valueFunction: ValueFunction?
  /// Work units one sample of this step is charged (`TrackStep+WorkCost.swift`).
  let samplingCost: Int

  init(
    animation: CompiledAnimation, source: ValueSource, part: PropertyKeyPath.Part, additive: Bool,
    valueFunction: ValueFunction?, propertyType: ValueType
  ) {
    self.animation = animation
    self.source = source
    self.part = part
    self.additive = additive
    self.valueFunction = valueFunction
    samplingCost = Self.samplingCost(
      animation: animation, source: source, part: part, additive: additive,
      valueFunction: valueFunction, propertyType: propertyType)
  }

  /// Writes the step's value at local time `lt` into `out` (through the value function, if
  /// any, using `scratch`).
  @inline(__always) func write(
    _ lt: LocalTime, time: Double, into out: UnsafeMutablePointer<Double>,
    scratch: UnsafeMutablePointer<Double>
  ) {
    guard let valueFunction else {
      source.write(lt, animation.timingFunction, time: time, into: out)
      return
    }
    source.write(lt, animation.timingFunction, time: time, into: scratch)
    let m = valueFunction.transform(UnsafePointer(scratch)).m
    for i in 0..<16 { out[i] = m[i] }
  }
}
