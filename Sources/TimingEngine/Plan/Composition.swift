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
    // Angles beyond ±π still mean that many turns for the rotation matrix.
    case .rotationX: parts.eulerAngles.x = v[0]
    case .rotationY: parts.eulerAngles.y = v[0]
    case .rotationZ: parts.eulerAngles.z = v[0]
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
