/// What sampling one step at one time is charged (`WorkBudget` units, ~10 ns each), from
/// `timing-bench worst-case`, where each class below is 20 million step-samples of one kind
/// (docs/performance.md, "Work budget"). The classes differ by up to 400×, so one rate for all
/// would either refuse ordinary scenes or let the slow classes run for seconds.
extension TrackStep {
  static func samplingCost(
    animation: CompiledAnimation, source: ValueSource, part: PropertyKeyPath.Part, additive: Bool,
    valueFunction: ValueFunction?, propertyType type: ValueType
  ) -> Int {
    // The local time, the attachment check and the direct write of a basic scalar.
    var units = 1
    if let f = animation.timingFunction {
      units += WorkCost.evaluating(f.function, compiled: true)
    }
    // Each enclosing group computes its own local time (and timing function) per sample.
    var ancestor = animation.parent
    while let group = ancestor {
      units += 3
      if let f = group.timingFunction {
        units += 5 + WorkCost.evaluating(f.function, compiled: true)
      }
      ancestor = group.parent
    }
    units += sourceCost(source)
    if valueFunction != nil { units += 5 }
    switch part {
    case .whole:
      if additive && type == .transform { units += 3 }
    case .components:
      break
    case .transform:
      // Non-additive: the value beneath is decomposed and rebuilt at every sample.
      units += additive ? 8 : 40
    }
    return units
  }

  private static func sourceCost(_ source: ValueSource) -> Int {
    switch source {
    case .interpolation(let source):
      // An epoch search for ends that follow the model value.
      var units = 1
      if source.spring != nil { units += 2 }
      if source.type == .transform { units += 12 }
      if source.cycleValue != nil { units += source.type == .transform ? 45 : 1 }
      return units
    case .keyframe(let source):
      return source.evaluator.samplingCost + (source.cycleValue == nil ? 0 : 45)
    case .pathRotation(let source):
      return source.evaluator.samplingCost + 3
    case .transition:
      // A few multiplications.
      return 1
    }
  }
}

extension KeyframeEvaluator {
  /// Finding the segment and writing its value, per sample.
  var samplingCost: Int {
    if path != nil {
      // Paced paths invert the arc length by 40 bisection steps of a 16-point quadrature.
      return mode == .paced || mode == .cubicPaced ? 400 : 3
    }
    var units = 1
    if type == .transform { units += 12 }
    switch mode {
    case .cubicPaced: units += 4
    case .cubic: units += 2
    case .linear, .discrete, .paced: break
    }
    // A segment's own function is solved from scratch at each sample: charge the dearest.
    units += segmentFunctions.reduce(0) { most, f in
      max(most, f.map { WorkCost.evaluating($0, compiled: false) } ?? 0)
    }
    return units
  }
}
