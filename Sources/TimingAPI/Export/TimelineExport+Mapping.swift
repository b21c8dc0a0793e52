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
    series: [Double], times: [Double], bounds: ExportBounds, form: Form
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
        let stops = springStops(
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
    var worst = [ExportUnit: Double]()
    for (k, t) in times.enumerated() {
      let shown = timing.progress(at: t).flatMap(playback.value) ?? resting
      for c in 0..<w {
        let sample = series[k * w + c]
        // A fully transparent colour shows rgba(0, 0, 0, 0), whatever its channels.
        if case .premultipliedColor = property.interpolation, c < 3, series[k * w + 3] == 0 {
          continue
        }
        let unit = property.unit(ofComponent: c)
        let error = abs(shown[c] - sample)
        guard error <= bounds.bound(unit) else { return nil }
        worst[unit] = max(worst[unit] ?? 0, error)
      }
    }
    for unit in property.units where worst[unit] == nil { worst[unit] = 0 }
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

  /// A spring animation's progress as `linear()` stops over its duration, within the progress
  /// error that keeps its widest-moving component within that component's bound (half of it,
  /// leaving the rest to rounding and to the browser's interpolation). Nil when the bound
  /// asks for a progress error under 1e-6.
  static func springStops(
    _ spring: SpringCurve, duration: Double, property: CSSProperty, from: [Double], to: [Double],
    bounds: ExportBounds
  ) -> LinearEasing? {
    var maxError = 1.0
    for c in 0..<property.componentCount where from[c] != to[c] {
      maxError = min(maxError, bounds.bound(property.unit(ofComponent: c)) / abs(to[c] - from[c]))
    }
    maxError *= 0.5
    guard maxError >= 1e-6 else { return nil }
    let fit = LinearEasingFit(span: duration, maxError: maxError) { spring.progress($0) }
    return LinearEasing(
      stops: fit.stops.map { LinearEasing.Stop(output: $0.y, inputPercents: [$0.x * 100]) })
  }
}

/// How a browser plays one property's keyframes (Web Animations, "the effect value of a
/// keyframe effect"): the interval the iteration progress falls in, the start keyframe's
/// easing over it, and the property's own interpolation between its ends.
struct BrowserPlayback {
  let property: CSSProperty
  let keyframes: [TimelineExport.Keyframe]
  /// Each keyframe's matrix taken apart, for `transform`.
  let decomposed: [DecomposedTransform]

  /// Nil where the browser would not interpolate as Core Animation does: a matrix that cannot
  /// be taken apart (CSS then switches discretely), or two neighbouring rotations about a half
  /// turn apart (either way round is a shortest arc; semantics.md §3.1 and Chromium differ).
  init?(property: CSSProperty, keyframes: [TimelineExport.Keyframe]) {
    self.property = property
    self.keyframes = keyframes
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

  /// The value at iteration progress p (after the effect's easing; it may leave [0, 1]).
  func value(_ p: Double) -> [Double] {
    let n = keyframes.count
    var start = 0
    if p < 0 && keyframes[1].offset == 0 {
      return keyframes[0].value
    } else if p >= 1 && keyframes[n - 2].offset == 1 {
      return keyframes[n - 1].value
    }
    for i in 0..<(n - 1) where keyframes[i].offset <= p && keyframes[i].offset < 1 { start = i }
    let (a, b) = (keyframes[start], keyframes[start + 1])
    let distance = (p - a.offset) / (b.offset - a.offset)
    let t = a.easing.evaluate(distance, beforeFlag: false)
    switch property.interpolation {
    case .linear:
      return zip(a.value, b.value).map { $0 * (1 - t) + $1 * t }
    case .premultipliedColor:
      let alpha = a.value[3] * (1 - t) + b.value[3] * t
      guard alpha > 0 else { return [0, 0, 0, 0] }
      return (0..<3).map {
        (a.value[$0] * a.value[3] * (1 - t) + b.value[$0] * b.value[3] * t) / alpha
      } + [alpha]
    case .decomposedMatrix:
      let m = DecomposedTransform.interpolate(decomposed[start], decomposed[start + 1], t).matrix.m
      return (0..<16).map { m[$0] }
    case .discrete:
      return t >= 0.5 ? b.value : a.value
    }
  }
}
