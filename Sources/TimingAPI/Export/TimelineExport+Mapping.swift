import TimingEngine

/// Mapped timing (docs/export.md "Mapped timing"): where one Core Animation animation alone
/// drives a CSS property and its timing maps one-to-one onto CSS, the export states that
/// animation — its key times, its values, its timing functions as CSS easings and its timing as
/// the animation's options — instead of baking samples. It is kept only if the browser's
/// rendering of it, computed here by Web Animations' rules, is within the bounds at every
/// sample; otherwise the property is baked.
extension TimelineExport {
  /// The mapped track of `property` on `layer`, or nil to bake it. `models` are the layer's
  /// model values in `ExportedLayerProperty` order, `series` the CSS value at every sample
  /// (`componentCount` numbers each), unrounded.
  static func mapped(
    _ property: CSSProperty, layer: Int, plan: TimelinePlan, models: [[Double]],
    series: [Double], times: [Double], bounds: ExportBounds, form: Form,
    springEasings: inout SpringEasings
  ) -> Track? {
    // Held properties keep their halfway step keyframes: a CSS discrete animation flips at
    // its own halfway point, Core Animation's booleans at progress 0.5, and nothing is gained.
    if case .discrete = property.interpolation { return nil }
    var sole: (input: ExportedLayerProperty, animation: SoleAnimation)? = nil
    for input in property.layerProperties {
      switch plan.drive(layer: layer, keyPath: input.rawValue) {
      case .still: continue
      case .other: return nil
      case .sole(let animation):
        guard sole == nil else { return nil }
        sole = (input, animation)
      }
    }
    guard let (input, animation) = sole,
      let inputIndex = ExportedLayerProperty.allCases.firstIndex(of: input)
    else { return nil }

    // Keyframes: the CSS value with the driven layer property at each keyframe's value.
    var keyframes: [Keyframe] = []
    for keyframe in animation.keyframes {
      var values = models
      values[inputIndex] = keyframe.value
      let easing: CSSEasing
      if animation.discrete {
        easing = .stepEnd
      } else if let function = keyframe.timingFunction {
        guard let css = cssEasing(function) else { return nil }
        easing = css
      } else {
        easing = .linear
      }
      keyframes.append(
        Keyframe(
          offset: keyframe.keyTime, value: rounded(property, cssValue(property, values)),
          easing: easing))
    }
    guard keyframes.count >= 2 else { return nil }

    var effectEasing: CSSEasing
    switch animation.easing {
    case .function(nil): effectEasing = .linear
    case .function(let function?):
      guard let css = cssEasing(function) else { return nil }
      effectEasing = css
    case .spring(let spring):
      guard
        let stops = springEasings.stops(
          spring, duration: animation.timing.duration, property: property,
          from: keyframes[0].value, to: keyframes[keyframes.count - 1].value, bounds: bounds)
      else { return nil }
      effectEasing = .function(.linear(stops))
    }
    switch form {
    case .webAnimations: break
    case .styleSheet:
      // A CSS animation's timing function is each keyframe's: the effect's easing can move
      // onto the one keyframe of a two-keyframe animation, and nowhere else.
      if case .linear = effectEasing {
      } else if keyframes.count == 2, case .linear = keyframes[0].easing {
        keyframes[0] = Keyframe(
          offset: keyframes[0].offset, value: keyframes[0].value, easing: effectEasing)
        effectEasing = .linear
      } else {
        return nil
      }
    }
    guard
      let timing = CSSTiming(
        animation.timing, removedOnCompletion: animation.removedOnCompletion,
        easing: effectEasing, until: times.last ?? 0)
    else { return nil }

    // The proof: the browser's value at every sample against the sample.
    let resting = rounded(property, cssValue(property, models))
    guard let playback = BrowserPlayback(property: property, keyframes: keyframes) else {
      return nil
    }
    let w = property.componentCount
    // Limits and worst errors by component and unit index, not in a dictionary: hashing a unit
    // per component and sample was a tenth of the standard scene's export.
    let limits = (0..<w).map { bounds.bound(property.unit(ofComponent: $0)) }
    let unitIndex = (0..<w).map {
      ExportUnit.allCases.firstIndex(of: property.unit(ofComponent: $0))!
    }
    var worstByUnit = [Double](repeating: 0, count: ExportUnit.allCases.count)
    var shown = [Double](repeating: 0, count: w)
    let transparentIgnored: Bool
    if case .premultipliedColor = property.interpolation {
      transparentIgnored = true
    } else {
      transparentIgnored = false
    }
    for (k, t) in times.enumerated() {
      if let p = timing.progress(at: t) {
        playback.value(p, into: &shown)
      } else {
        for c in 0..<w { shown[c] = resting[c] }
      }
      // A fully transparent colour shows rgba(0, 0, 0, 0), whatever its channels.
      let first = transparentIgnored && series[k * w + 3] == 0 ? 3 : 0
      for c in first..<w {
        let error = abs(shown[c] - series[k * w + c])
        guard error <= limits[c] else { return nil }
        worstByUnit[unitIndex[c]] = max(worstByUnit[unitIndex[c]], error)
      }
    }
    var worst = [ExportUnit: Double]()
    for unit in property.units {
      worst[unit] = worstByUnit[ExportUnit.allCases.firstIndex(of: unit)!]
    }
    return Track(
      layer: layer, property: property, keyframes: keyframes, maxError: worst, timing: timing)
  }

  /// The CSS easing of a timing function that has a CSS form; nil for a spring, which has none.
  static func cssEasing(_ function: TimingFunction) -> CSSEasing? {
    switch function {
    case .named, .controlPoints, .cubicBezier, .steps, .linear: .function(function)
    case .spring: nil
    }
  }

}

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
        if let last = parts.last, abs((last.quaternion * d.quaternion).sum()) < 0.05 {
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
  /// `out` (`componentCount` numbers).
  func value(_ p: Double, into out: inout [Double]) {
    let n = offsets.count
    let w = property.componentCount
    func copy(_ keyframe: Int) {
      for c in 0..<w { out[c] = values[keyframe * w + c] }
    }
    // Before the first keyframe or past the last with several at the end: that keyframe.
    if p < 0 && offsets[1] == 0 { return copy(0) }
    if p >= 1 && offsets[n - 2] == 1 { return copy(n - 1) }
    var start = 0
    for i in 0..<(n - 1) where offsets[i] <= p && offsets[i] < 1 { start = i }
    let distance = (p - offsets[start]) / (offsets[start + 1] - offsets[start])
    let t = easings[start].evaluate(distance, beforeFlag: false)
    let (a, b) = (start * w, (start + 1) * w)
    switch property.interpolation {
    case .linear:
      for c in 0..<w { out[c] = values[a + c] * (1 - t) + values[b + c] * t }
    case .premultipliedColor:
      let alpha = values[a + 3] * (1 - t) + values[b + 3] * t
      guard alpha > 0 else {
        for c in 0..<4 { out[c] = 0 }
        return
      }
      for c in 0..<3 {
        out[c] =
          (values[a + c] * values[a + 3] * (1 - t) + values[b + c] * values[b + 3] * t) / alpha
      }
      out[3] = alpha
    case .decomposedMatrix:
      let m = DecomposedTransform.interpolate(decomposed[start], decomposed[start + 1], t).matrix.m
      for c in 0..<16 { out[c] = m[c] }
    case .discrete:
      copy(t >= 0.5 ? start + 1 : start)
    }
  }
}
