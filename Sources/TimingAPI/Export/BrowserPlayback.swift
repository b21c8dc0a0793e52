import TimingEngine

/// How a browser plays one property's keyframes (Web Animations, "the effect value of a
/// keyframe effect"): the interval the iteration progress falls in, the start keyframe's
/// easing over it, and the property's own interpolation between its ends.
struct BrowserPlayback {
  let property: CSSProperty
  let offsets: [Double]
  let easings: [CSSEasing]
  /// The keyframes' values, `componentCount` numbers each, one after another.
  let values: [Double]
  /// Each keyframe's matrix taken apart, for `transform`.
  let decomposed: [DecomposedTransform]

  /// Nil where the browser would not interpolate as Core Animation does: a matrix that cannot
  /// be taken apart (CSS then switches discretely), or two neighbouring rotations about a half
  /// turn apart (either way round is a shortest arc; semantics.md §3.1 and Chromium differ).
  init?(property: CSSProperty, keyframes: [TimelineExport.Keyframe]) {
    self.property = property
    offsets = keyframes.map(\.offset)
    easings = keyframes.map(\.easing)
    values = keyframes.flatMap(\.value)
    if case .decomposedMatrix = property.interpolation {
      var parts: [DecomposedTransform] = []
      for keyframe in keyframes {
        guard let d = DecomposedTransform(Transform3D(keyframe.value)) else { return nil }
        if let last = parts.last, CSSProperty.turnApart(last, d) {
          return nil
        }
        parts.append(d)
      }
      decomposed = parts
    } else {
      decomposed = []
    }
  }

  /// The value at iteration progress p (after the effect's easing; it may leave [0, 1]), into
  /// `out` (`componentCount` numbers), as the browser computes it: a keyframe's easing gets the
  /// effect's before flag (Chromium and Gecko both pass it on), and the result is clamped as
  /// the property's computed value is (`CSSProperty.computed`).
  func value(_ p: Double, beforeFlag: Bool, into out: inout [Double]) {
    let n = offsets.count
    let w = property.componentCount
    func copy(_ keyframe: Int) {
      for c in 0..<w { out[c] = values[keyframe * w + c] }
    }
    // Before the first keyframe or past the last with several at the end: that keyframe.
    if p < 0 && offsets[1] == 0 { return copy(0) }
    if p >= 1 && offsets[n - 2] == 1 { return copy(n - 1) }
    // The last keyframe at or before p that starts an interval (offset below 1): offsets never
    // decrease, so those keyframes are a prefix, found by halving — a scan per sample cost
    // keyframes × samples, up to ~10⁹ steps for one request within the input limits.
    var lo = 0
    var hi = n - 1
    while lo < hi {
      let mid = (lo + hi) / 2
      if offsets[mid] <= p && offsets[mid] < 1 { lo = mid + 1 } else { hi = mid }
    }
    let start = max(lo - 1, 0)
    let distance = (p - offsets[start]) / (offsets[start + 1] - offsets[start])
    let t = easings[start].evaluate(distance, beforeFlag: beforeFlag)
    let matrices: (DecomposedTransform?, DecomposedTransform?) =
      decomposed.isEmpty ? (nil, nil) : (decomposed[start], decomposed[start + 1])
    let interpolated = values.withUnsafeBufferPointer { v in
      out.withUnsafeMutableBufferPointer { o in
        property.interpolate(
          v.baseAddress!, from: start * w, to: (start + 1) * w, at: t, matrices: matrices,
          into: o.baseAddress!)
      }
    }
    // Where a browser does not interpolate, it switches at the halfway point.
    if !interpolated { copy(t >= 0.5 ? start + 1 : start) }
    for c in 0..<w { out[c] = property.computed(out[c]) }
  }
}
