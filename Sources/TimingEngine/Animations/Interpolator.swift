/// Moves between two values of one type by progress (SPEC §3.1's interpolation column). Built
/// once per animation (transform ends are decomposed here, not per sample).
public enum Interpolator: Sendable {
  /// Per component: scalars, points, sizes, rects, colours, arrays; and transforms that are
  /// singular at either end (◆ element-wise fallback).
  case linear(from: [Double], delta: [Double])
  case transform(DecomposedTransform, DecomposedTransform)
  /// Booleans switch at progress ≥ 0.5 (◆).
  case step(from: [Double], to: [Double])
  /// Opaque contents cross-fade: report the two ids and the progress.
  case crossFade(from: Double, to: Double)

  public init(type: ValueType, from: [Double], to: [Double]) {
    switch type {
    case .transform:
      if let a = DecomposedTransform(Transform3D(from)),
        let b = DecomposedTransform(Transform3D(to))
      {
        self = .transform(a, b)
      } else {
        self = .linear(from: from, delta: zip(to, from).map { $0 - $1 })
      }
    case .bool: self = .step(from: from, to: to)
    case .contents: self = .crossFade(from: from[0], to: to[0])
    default: self = .linear(from: from, delta: zip(to, from).map { $0 - $1 })
    }
  }

  /// Writes the value at `progress` (which may overshoot [0, 1]) into `out`.
  @inlinable public func write(_ progress: Double, into out: UnsafeMutablePointer<Double>) {
    switch self {
    case .linear(let from, let delta):
      for i in 0..<from.count { out[i] = from[i] + delta[i] * progress }
    case .transform(let a, let b):
      let m = DecomposedTransform.interpolate(a, b, progress).matrix.m
      for i in 0..<16 { out[i] = m[i] }
    case .step(let from, let to):
      let source = progress >= 0.5 ? to : from
      for i in 0..<source.count { out[i] = source[i] }
    case .crossFade(let from, let to):
      out[0] = from
      out[1] = to
      out[2] = progress
    }
  }
}

/// Adding values (⊕ of SPEC §3.2): per component, or concatenation for transforms
/// (`CATransform3DConcat(animation, underlying)`).
public enum ValueAlgebra {
  public static func add(_ type: ValueType, _ a: [Double], _ b: [Double]) -> [Double] {
    if type == .transform { return (Transform3D(b) * Transform3D(a)).values }
    return zip(a, b).map { $0 + $1 }
  }

  public static func subtract(_ type: ValueType, _ a: [Double], _ b: [Double]) -> [Double] {
    if type == .transform {
      // a ⊖ b: the x with x ⊕ b = a, i.e. b · x = a, so x = b⁻¹ · a.
      guard let inverse = Transform3D(b).inverse else { return a }
      return (inverse * Transform3D(a)).values
    }
    return zip(a, b).map { $0 - $1 }
  }
}
