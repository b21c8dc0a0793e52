import TimingEngine

/// Mapped timing (docs/export.md "Mapped timing"): where one Core Animation animation alone
/// drives a CSS property and its timing maps one-to-one onto CSS, the export states that
/// animation — its key times, its values, its timing functions as CSS easings and its timing as
/// the animation's options — instead of baking samples. It is kept only if the browser's
/// rendering of it, computed here by Web Animations' rules, is within the bounds at every
/// sample; otherwise the property is baked.
extension TimelineExport {
  /// The mapped track of `property` on `layer`, or nil to bake it. `drives` and `models` are
  /// the layer's drives (`TimelinePlan.drive`) and model values in `ExportedLayerProperty`
  /// order, `series` the CSS value at every sample (`componentCount` numbers each), unrounded.
  static func mapped(
    _ property: CSSProperty, layer: Int, drives: [PropertyDrive], models: [[Double]],
    series: [Double], times: [Double], bounds: ExportBounds, form: Form,
    springEasings: inout SpringEasings
  ) -> Track? {
    // Held properties keep their halfway step keyframes: a CSS discrete animation flips at
    // its own halfway point, Core Animation's booleans at progress 0.5, and nothing is gained.
    if case .discrete = property.interpolation { return nil }
    var sole: (input: ExportedLayerProperty, animation: SoleAnimation)? = nil
    for input in property.layerProperties {
      switch drives[input.index] {
      case .still: continue
      case .other: return nil
      case .sole(let animation):
        guard sole == nil else { return nil }
        sole = (input, animation)
      }
    }
    guard let (input, animation) = sole else { return nil }
    let inputIndex = input.index

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
    switch (form, effectEasing) {
    case (.webAnimations, _), (.styleSheet, .linear): break
    case (.styleSheet, .stepEnd), (.styleSheet, .function):
      // A CSS animation's timing function is each keyframe's: the effect's easing can move
      // onto the one keyframe of a two-keyframe animation (browsers give a keyframe's easing
      // the effect's before flag too), and nowhere else.
      guard keyframes.count == 2, case .linear = keyframes[0].easing else { return nil }
      keyframes[0] = Keyframe(
        offset: keyframes[0].offset, value: keyframes[0].value, easing: effectEasing)
      effectEasing = .linear
    }
    guard
      let timing = CSSTiming(
        animation.timing, removedOnCompletion: animation.removedOnCompletion,
        easing: effectEasing, until: times.last ?? 0)
    else { return nil }

    // The proof: the browser's value at every sample against the sample — and a sample within
    // 2 µs of a phase's or an iteration's edge, but not on it exactly in both Core Animation's
    // arithmetic and the browser's, against the browser's value on either side too, since
    // which side a browser shows there depends on its rounding (a repeat of 0.2 s sampled at
    // 30 fps: 0.6 / 0.2 is 2.9999999999999996 in a browser's seconds, the end of the third
    // iteration, where Core Animation has the start of the fourth).
    let ca = animation.timing
    // A keyframe's steps() on an edge cannot be proven either way (`CSSEasing.jumps`).
    let keyframesJump = keyframes.dropLast().contains { $0.easing.jumps }
    /// Core Animation's position in iterations (semantics.md §1.2 steps 1 and 4), as sampled.
    func caPosition(_ t: Double) -> Double { (t - ca.beginTime) * ca.speed * (1 / ca.duration) }
    let resting = rounded(property, cssValue(property, models))
    guard let playback = BrowserPlayback(property: property, keyframes: keyframes) else {
      return nil
    }
    let w = property.componentCount
    // Limits and worst errors by component and unit index, not in a dictionary: hashing a unit
    // per component and sample was a tenth of the standard scene's export.
    let limits = (0..<w).map { bounds.bound(property.unit(ofComponent: $0)) }
    let unitIndex = (0..<w).map {
      property.unit(ofComponent: $0).index
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
      let ambiguous =
        timing.edge(near: t).map {
          $0.position != $0.edge || caPosition(t) != $0.edge || keyframesJump
        } ?? false
      // The sample's time, and on an ambiguous edge the times just before and after it: a
      // range of steps, not an array made for every sample.
      let side = ambiguous ? 1 : 0
      for step in -side...side {
        let seen = t + Double(step) * CSSTiming.edgeTolerance
        if let (p, beforeFlag) = timing.position(at: seen) {
          playback.value(p, beforeFlag: beforeFlag, into: &shown)
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
    }
    var worst = [ExportUnit: Double]()
    for unit in property.units {
      worst[unit] = worstByUnit[unit.index]
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
