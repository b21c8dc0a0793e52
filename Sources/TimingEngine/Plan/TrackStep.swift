/// One animation's place on a property track.
final class TrackStep: Sendable {
  let animation: CompiledAnimation
  let source: ValueSource
  let part: PropertyKeyPath.Part
  let additive: Bool
  let valueFunction: ValueFunction?
  /// Work units one sample of this step is charged (`TrackStep+WorkCost.swift`).
  let samplingCost: Int

  init(
    animation: CompiledAnimation, source: ValueSource, part: PropertyKeyPath.Part, additive: Bool,
    valueFunction: ValueFunction?, propertyType: ValueType
  ) {
    self.animation = animation
    self.source = source
    self.part = part
    self.additive = additive
    self.valueFunction = valueFunction
    samplingCost = Self.samplingCost(
      animation: animation, source: source, part: part, additive: additive,
      valueFunction: valueFunction, propertyType: propertyType)
  }

  /// Writes the step's value at local time `lt` into `out` (through the value function, if
  /// any, using `scratch`). While the plan is built, `interpolator` is the epoch in force for
  /// ends that follow the model value (`PlanBuilder+Presentation.swift`).
  @inline(__always) func write(
    _ lt: LocalTime, time: Double, into out: UnsafeMutablePointer<Double>,
    scratch: UnsafeMutablePointer<Double>, interpolator: Interpolator? = nil
  ) {
    let target = valueFunction == nil ? out : scratch
    if let interpolator, case .interpolation(let source) = source {
      source.write(lt, animation.timingFunction, interpolator: interpolator, into: target)
    } else {
      source.write(lt, animation.timingFunction, time: time, into: target)
    }
    guard let valueFunction else { return }
    let m = valueFunction.transform(UnsafePointer(scratch)).m
    for i in 0..<16 { out[i] = m[i] }
  }
}
