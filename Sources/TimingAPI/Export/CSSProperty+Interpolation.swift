import TimingEngine

extension CSSProperty {
  /// The browser's value t of the way from one value of this property to another
  /// (`componentCount` numbers each, at `values + a` and `values + b`), into `out`, by the
  /// property's own interpolation (docs/export.md "Property mapping"); `matrices` are the two
  /// values taken apart, for `transform`. False where a browser does not interpolate as Core
  /// Animation does: a discrete property, a matrix that cannot be taken apart (CSS then
  /// switches at the halfway point), or two rotations about a half turn apart. Shared by the
  /// fit of baked keyframes and the proof of mapped ones (`BrowserPlayback`).
  @inline(__always) func interpolate(
    _ values: UnsafePointer<Double>, from a: Int, to b: Int, at t: Double,
    matrices: (DecomposedTransform?, DecomposedTransform?),
    into out: UnsafeMutablePointer<Double>
  ) -> Bool {
    switch interpolation {
    case .linear:
      for c in 0..<componentCount { out[c] = values[a + c] * (1 - t) + values[b + c] * t }
    case .premultipliedColor:
      let alpha = values[a + 3] * (1 - t) + values[b + 3] * t
      guard alpha > 0 else {
        for c in 0..<4 { out[c] = 0 }
        return true
      }
      for c in 0..<3 {
        out[c] =
          (values[a + c] * values[a + 3] * (1 - t) + values[b + c] * values[b + 3] * t) / alpha
      }
      out[3] = alpha
    case .decomposedMatrix:
      guard let qa = matrices.0, let qb = matrices.1 else { return false }
      // Two rotations about a half turn apart may turn either way: Core Animation's rule
      // (semantics.md §3.1 ◆) and Chromium's differ (from π to 2π about z, Chromium turns
      // back through π/2). Within 0.05 of a half turn (|qa·qb| = cos(θ/2) < 0.05, θ > 174°)
      // the two are not allowed to be neighbouring keyframes.
      if Self.turnApart(qa, qb) { return false }
      let m = DecomposedTransform.interpolate(qa, qb, t).matrix.m
      for c in 0..<16 { out[c] = m[c] }
    case .discrete:
      return false
    }
    return true
  }

  /// Whether two rotations are within 0.05 of a half turn apart (`interpolate`).
  static func turnApart(_ a: DecomposedTransform, _ b: DecomposedTransform) -> Bool {
    abs((a.quaternion * b.quaternion).sum()) < 0.05
  }
}
