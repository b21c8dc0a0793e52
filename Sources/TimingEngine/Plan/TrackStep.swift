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

/// `cumulative`: value = cycle × V(1) ⊕ V(x) (◆ semantics.md §3.2); for transforms V(1)^cycle
/// concatenated before V(x).
enum Cumulative {
  static func add(
    _ end: [Double], _ cycle: Double, _ type: ValueType, into out: UnsafeMutablePointer<Double>
  ) {
    guard cycle.isFinite else { return }
    if type == .transform {
      // Cycles come from repeatCount ≤ 1e9, but past a million turns of V(1) the matrix power
      // is rounding noise anyway; 1e6 also bounds the squarings (20).
      let n = Int(truncating: cycle, clampedTo: -1_000_000...1_000_000, ifNaN: 0)
      var current = SIMD16<Double>()
      for i in 0..<16 { current[i] = out[i] }
      let m = (Transform3D(current) * Transform3D(end).power(n)).m
      for i in 0..<16 { out[i] = m[i] }
    } else {
      for i in 0..<end.count { out[i] += cycle * end[i] }
    }
  }
}

/// Where the incoming and outgoing content of a transition are (semantics.md §3.7), as fractions of
/// the layer's size: [progress, incoming x, incoming y, outgoing x, outgoing y].
enum TransitionGeometry {
  static func write(
    _ style: TransitionStyle, progress f: Double, into out: UnsafeMutablePointer<Double>
  ) {
    let p = style.startProgress + (style.endProgress - style.startProgress) * f
    out[0] = p
    // The direction the content travels: fromLeft moves rightwards (+x), fromTop downwards.
    let direction: SIMD2<Double>
    switch style.subtype {
    case .fromLeft: direction = SIMD2(1, 0)
    case .fromRight: direction = SIMD2(-1, 0)
    case .fromTop: direction = SIMD2(0, 1)
    case .fromBottom: direction = SIMD2(0, -1)
    }
    var incoming = SIMD2<Double>(0, 0)
    var outgoing = SIMD2<Double>(0, 0)
    switch style.type {
    case .fade: break
    case .moveIn: incoming = -direction * (1 - p)
    case .push:
      incoming = -direction * (1 - p)
      outgoing = direction * p
    case .reveal: outgoing = direction * p
    }
    out[1] = incoming.x
    out[2] = incoming.y
    out[3] = outgoing.x
    out[4] = outgoing.y
  }
}

/// Putting a step's value onto the value beneath it (semantics.md §4): non-additive replaces,
/// additive adds (concatenates, for transforms); sub-paths change only their part.
enum Composition {
  static func apply(
    _ step: TrackStep, value: UnsafeMutablePointer<Double>,
    onto buffer: UnsafeMutablePointer<Double>, propertyType: ValueType
  ) {
    switch step.part {
    case .whole:
      let count = propertyType.componentCount
      if step.additive && propertyType.isAdditive {
        if propertyType == .transform {
          let m = (load16(value) * load16(buffer)).m
          for i in 0..<16 { buffer[i] = m[i] }
        } else {
          for i in 0..<count { buffer[i] += value[i] }
        }
      } else {
        for i in 0..<count { buffer[i] = value[i] }
      }
    case .components(let range):
      for (offset, index) in range.enumerated() {
        buffer[index] = step.additive ? buffer[index] + value[offset] : value[offset]
      }
    case .transform(let field):
      let underlying = load16(buffer)
      let result: Transform3D
      if step.additive {
        result = fieldMatrix(field, value) * underlying
      } else {
        var parts = DecomposedTransform(underlying) ?? DecomposedTransform()
        set(field, value, on: &parts)
        result = parts.matrix
      }
      for i in 0..<16 { buffer[i] = result.m[i] }
    }
  }

  @inline(__always) static func load16(_ p: UnsafeMutablePointer<Double>) -> Transform3D {
    var m = SIMD16<Double>()
    for i in 0..<16 { m[i] = p[i] }
    return Transform3D(m)
  }

  /// The transform a field's value stands for on its own (for additive sub-path animations).
  static func fieldMatrix(
    _ field: PropertyKeyPath.TransformField, _ v: UnsafeMutablePointer<Double>
  ) -> Transform3D {
    switch field {
    case .rotationX: .rotation(v[0], 1, 0, 0)
    case .rotationY: .rotation(v[0], 0, 1, 0)
    case .rotationZ: .rotation(v[0], 0, 0, 1)
    case .scale: .scale(v[0], v[0], v[0])
    case .scaleX: .scale(v[0], 1, 1)
    case .scaleY: .scale(1, v[0], 1)
    case .scaleZ: .scale(1, 1, v[0])
    case .translation: .translation(v[0], v[1], 0)
    case .translationX: .translation(v[0], 0, 0)
    case .translationY: .translation(0, v[0], 0)
    case .translationZ: .translation(0, 0, v[0])
    }
  }

  static func set(
    _ field: PropertyKeyPath.TransformField, _ v: UnsafeMutablePointer<Double>,
    on parts: inout DecomposedTransform
  ) {
    switch field {
    case .rotationX, .rotationY, .rotationZ:
      var angles = parts.eulerAngles
      switch field {
      case .rotationX: angles.x = v[0]
      case .rotationY: angles.y = v[0]
      default: angles.z = v[0]
      }
      // Angles beyond ±π still mean that many turns for the rotation matrix.
      parts.eulerAngles = angles
    case .scale: parts.scale = SIMD3(v[0], v[0], v[0])
    case .scaleX: parts.scale.x = v[0]
    case .scaleY: parts.scale.y = v[0]
    case .scaleZ: parts.scale.z = v[0]
    case .translation:
      parts.translation.x = v[0]
      parts.translation.y = v[1]
    case .translationX: parts.translation.x = v[0]
    case .translationY: parts.translation.y = v[0]
    case .translationZ: parts.translation.z = v[0]
    }
  }

  /// Reads a part of a composed property value (for sub-path outputs).
  static func read(
    _ part: PropertyKeyPath.Part, from buffer: UnsafePointer<Double>,
    into out: UnsafeMutablePointer<Double>
  ) {
    switch part {
    case .whole: break
    case .components(let range):
      for (offset, index) in range.enumerated() { out[offset] = buffer[index] }
    case .transform(let field):
      var m = SIMD16<Double>()
      for i in 0..<16 { m[i] = buffer[i] }
      let parts = DecomposedTransform(Transform3D(m)) ?? DecomposedTransform()
      switch field {
      case .rotationX: out[0] = parts.eulerAngles.x
      case .rotationY: out[0] = parts.eulerAngles.y
      case .rotationZ: out[0] = parts.eulerAngles.z
      case .scale, .scaleX: out[0] = parts.scale.x
      case .scaleY: out[0] = parts.scale.y
      case .scaleZ: out[0] = parts.scale.z
      case .translation:
        out[0] = parts.translation.x
        out[1] = parts.translation.y
      case .translationX: out[0] = parts.translation.x
      case .translationY: out[0] = parts.translation.y
      case .translationZ: out[0] = parts.translation.z
      }
    }
  }
}
