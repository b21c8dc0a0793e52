/// Moves between two values of one type by progress (semantics.md §3.1's interpolation column).
/// Built once per animation (transform ends are decomposed here, not per sample); a class, so the
/// sampling loop reads its tables without copying them.
public final class Interpolator: Sendable {
  enum Mode: Sendable {
    /// Per component: scalars, points, sizes, rects, colours, arrays; and transforms that are
    /// singular at either end (◆ element-wise fallback).
    case linear
    case transform
    /// Booleans switch at progress ≥ 0.5 (◆).
    case step
    /// Opaque contents cross-fade: report the two ids and the progress.
    case crossFade
  }

  let mode: Mode
  let from: [Double]
  let to: [Double]
  let delta: [Double]
  let fromParts: DecomposedTransform
  let toParts: DecomposedTransform

  public init(type: ValueType, from: [Double], to: [Double]) {
    self.from = from
    self.to = to
    delta = zip(to, from).map { $0 - $1 }
    var mode = Mode.linear
    var fromParts = DecomposedTransform()
    var toParts = DecomposedTransform()
    switch type {
    case .transform:
      if let a = DecomposedTransform(Transform3D(from)),
        let b = DecomposedTransform(Transform3D(to))
      {
        mode = .transform
        fromParts = a
        toParts = b
      }
    case .bool: mode = .step
    case .contents: mode = .crossFade
    case .scalar, .point, .size, .rect, .color, .array: break
    }
    self.mode = mode
    self.fromParts = fromParts
    self.toParts = toParts
  }

  /// Writes the value at `progress` (which may overshoot [0, 1]) into `out`.
  @inline(__always) public func write(_ progress: Double, into out: UnsafeMutablePointer<Double>) {
    switch mode {
    case .linear:
      // At progress 1, the end value itself: from + (to − from)·1 can miss it in the last bit
      // (0.2 → 0.9 ends at 0.8999999999999999), and an animation's end or a key time should
      // show the value it was given.
      if progress == 1 {
        for i in 0..<to.count { out[i] = to[i] }
        return
      }
      from.withUnsafeBufferPointer { f in
        delta.withUnsafeBufferPointer { d in
          for i in 0..<f.count { out[i] = f[i] + d[i] * progress }
        }
      }
    case .transform:
      let m = DecomposedTransform.interpolate(fromParts, toParts, progress).matrix.m
      for i in 0..<16 { out[i] = m[i] }
    case .step:
      let source = progress >= 0.5 ? to : from
      for i in 0..<source.count { out[i] = source[i] }
    case .crossFade:
      out[0] = from[0]
      out[1] = to[0]
      out[2] = progress
    }
  }
}

/// Adding values (⊕ of semantics.md §3.2): per component, or concatenation for transforms
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
