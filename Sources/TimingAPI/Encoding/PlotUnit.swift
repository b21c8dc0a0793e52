import TimingEngine

/// What a plotted component is measured in, for a timeline plot's axis labels: the layer
/// properties' units (semantics.md §3.1), with angles drawn in degrees rather than the radians
/// the values are given in, since 90° reads at a glance and 1.5707963 does not.
enum PlotUnit: Equatable {
  /// Points, which CSS calls px (one point is one CSS pixel).
  case length
  /// Degrees (the values are radians, converted for the plot).
  case angle
  /// A fraction in 0…1: opacity, colour channels, unit coordinates, stroke ends.
  case fraction
  /// A scale factor (1 is unscaled).
  case scaleFactor
  /// 0 or 1.
  case boolean
  /// A custom property or a transform's matrix entry: no unit.
  case number

  /// The axis label.
  var label: String {
    switch self {
    case .length: "px"
    case .angle: "°"
    case .fraction: "fraction"
    case .scaleFactor: "×"
    case .boolean: "0/1"
    case .number: "number"
    }
  }

  /// What a value is multiplied by to be drawn in this unit.
  var scale: Double {
    switch self {
    case .angle: 180 / Double.pi
    case .length, .fraction, .scaleFactor, .boolean, .number: 1
    }
  }

  private static let lengths: Set<String> = [
    "position", "bounds", "zPosition", "anchorPointZ", "borderWidth", "cornerRadius",
    "shadowOffset", "shadowRadius", "lineWidth",
  ]
  private static let fractions: Set<String> = [
    "opacity", "shadowOpacity", "anchorPoint", "backgroundColor", "borderColor", "shadowColor",
    "fillColor", "strokeColor", "contentsRect", "contents", "strokeStart", "strokeEnd",
  ]
  private static let booleans: Set<String> = ["hidden", "masksToBounds", "doubleSided"]

  /// The unit of component `component` of a sampled key path (as requested, e.g. `position.x`,
  /// `transform.rotation.z`); unknown and custom properties have none.
  static func of(keyPath text: String, component: Int) -> PlotUnit {
    guard let keyPath = PropertyKeyPath.resolve(text) else { return .number }
    switch keyPath.part {
    case .transform(let field):
      switch field {
      case .rotationX, .rotationY, .rotationZ: return .angle
      case .scale, .scaleX, .scaleY, .scaleZ: return .scaleFactor
      case .translation, .translationX, .translationY, .translationZ: return .length
      }
    case .whole, .components:
      if keyPath.propertyType == .transform {
        // m41, m42, m43 (indices 12–14) are the translation; the rest have no unit.
        return (12...14).contains(component) ? .length : .number
      }
      if lengths.contains(keyPath.property) { return .length }
      if fractions.contains(keyPath.property) { return .fraction }
      if booleans.contains(keyPath.property) { return .boolean }
      return .number
    }
  }
}
