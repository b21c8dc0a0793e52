#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one animation contributes to a property, ready to evaluate at a local time.
enum StepValue: Sendable {
  /// Basic (and spring) animations: an interpolator between the resolved ends, and for
  /// `cumulative` the value at the end of one cycle.
  case interpolate(Interpolator, spring: SpringCurve?, cycleValue: [Double]?)
  case keyframe(KeyframeEvaluator, cycleValue: [Double]?)
  /// `rotationMode` of a keyframe path: a rotation about z by the path's direction.
  case pathRotation(KeyframeEvaluator, offset: Double)
  case transition(TransitionStyle)
}

/// One animation's place on a property track.
struct TrackStep: Sendable {
  let animation: CompiledAnimation
  let value: StepValue
  let part: PropertyKeyPath.Part
  let additive: Bool
  /// The type the step writes before any value function.
  let valueType: ValueType
  let valueFunction: ValueFunction?

  /// Writes the animation's value at local time `lt` into `out` (valueType components, or 16
  /// for a value function).
  @inline(__always) func write(
    _ lt: LocalTime, into out: UnsafeMutablePointer<Double>, scratch: UnsafeMutablePointer<Double>
  ) {
    let f = animation.timingFunction
    let target = valueFunction == nil ? out : scratch
    switch value {
    case .interpolate(let interpolator, let spring, let cycleValue):
      let progress: Double
      if let spring {
        progress = spring.progress(lt.basic)
      } else {
        progress = f?.evaluate(lt.fraction, beforeFlag: lt.phase == .before) ?? lt.fraction
      }
      interpolator.write(progress, into: target)
      if let cycleValue, lt.cycle != 0 { accumulate(cycleValue, lt.cycle, into: target) }
    case .keyframe(let evaluator, let cycleValue):
      let u = f?.evaluate(lt.fraction, beforeFlag: lt.phase == .before) ?? lt.fraction
      evaluator.write(u, into: target)
      if let cycleValue, lt.cycle != 0 { accumulate(cycleValue, lt.cycle, into: target) }
    case .pathRotation(let evaluator, let offset):
      let u = f?.evaluate(lt.fraction, beforeFlag: lt.phase == .before) ?? lt.fraction
      target[0] = evaluator.pathAngle(u) + offset
    case .transition(let style):
      let progress = f?.evaluate(lt.fraction, beforeFlag: lt.phase == .before) ?? lt.fraction
      TransitionGeometry.write(style, progress: progress, into: target)
    }
    if let valueFunction {
      let m = valueFunction.transform(UnsafePointer(scratch)).m
      for i in 0..<16 { out[i] = m[i] }
    }
  }

  /// `cumulative`: value = cycle × V(1) ⊕ V(x) (◆ SPEC §3.2); for transforms V(1)^cycle
  /// concatenated before V(x).
  @inline(__always) private func accumulate(
    _ end: [Double], _ cycle: Double, into out: UnsafeMutablePointer<Double>
  ) {
    if valueType == .transform {
      let n = Int(max(min(cycle, 1e6), -1e6))
      var current = SIMD16<Double>()
      for i in 0..<16 { current[i] = out[i] }
      let m = (Transform3D(current) * Transform3D(end).power(n)).m
      for i in 0..<16 { out[i] = m[i] }
    } else {
      for i in 0..<end.count { out[i] += cycle * end[i] }
    }
  }
}

/// Where the incoming and outgoing content of a transition are (SPEC §3.7), as fractions of the
/// layer's size: [progress, incoming x, incoming y, outgoing x, outgoing y].
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

/// Putting a step's value onto the value beneath it (SPEC §4): non-additive replaces, additive
/// adds (concatenates, for transforms); sub-paths change only their part.
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
