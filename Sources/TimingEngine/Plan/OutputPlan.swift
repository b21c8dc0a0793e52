/// Which key paths to sample on each layer, resolved against the plan.
public struct OutputPlan: Sendable {
  struct Output: Sendable {
    let keyPath: String
    let track: Int?
    /// The property's model value when no animation or model value put a track on this layer.
    let model: [Double]
    /// The model value after the script's last change of it (`model` when none changes it):
    /// where the layer rests once its animations are over.
    let resting: [Double]
    let part: PropertyKeyPath.Part
    let propertyType: ValueType
    let type: ValueType
  }
  let layers: [[Output]]

  /// Property-values one sample of every layer produces (the unit of the work cap).
  public var valuesPerSample: Int { layers.reduce(0) { $0 + $1.count } }
  /// Numbers one sample produces.
  public var componentsPerSample: Int {
    layers.reduce(0) { $0 + $1.reduce(0) { $0 + $1.type.componentCount } }
  }
}
