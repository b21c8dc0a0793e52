/// A key path an animation can target: a layer property, or a part of one (semantics.md §3.1).
public struct PropertyKeyPath: Sendable, Hashable, CustomStringConvertible {
  /// The part of the property that is addressed.
  public enum Part: Sendable, Hashable {
    case whole
    /// A run of components (`position.x` is component 0 of 2; `bounds.size` is 2..<4).
    case components(Range<Int>)
    /// A field of a decomposed transform (`transform.rotation.z`, `transform.scale`, …).
    case transform(TransformField)
  }

  public enum TransformField: String, Sendable, Hashable, CaseIterable {
    case rotationX = "rotation.x"
    case rotationY = "rotation.y"
    case rotationZ = "rotation.z"
    case scale
    case scaleX = "scale.x"
    case scaleY = "scale.y"
    case scaleZ = "scale.z"
    case translation
    case translationX = "translation.x"
    case translationY = "translation.y"
    case translationZ = "translation.z"

    /// The type of the values an animation of this field provides.
    public var valueType: ValueType { self == .translation ? .size : .scalar }
  }

  /// The stored property (`position` for `position.x`).
  public let property: String
  public let part: Part
  /// The type of the property as a whole.
  public let propertyType: ValueType
  /// The type of the values at this key path.
  public let valueType: ValueType
  public let text: String

  public var description: String { text }

  /// Resolves a key path. Custom properties (not in the catalogue) take `customType`, the type
  /// of the values given for them; nil when the key path names no part of a known property.
  public static func resolve(_ text: String, customType: ValueType? = nil) -> PropertyKeyPath? {
    let pieces = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let name = String(pieces[0])
    guard !name.isEmpty else { return nil }
    let rest = pieces.count > 1 ? String(pieces[1]) : nil
    guard let builtIn = LayerProperties.catalogue[name] else {
      // A custom property: scalar or array, addressed whole.
      guard rest == nil, let customType else { return nil }
      switch customType {
      case .scalar, .array:
        return PropertyKeyPath(
          property: name, part: .whole, propertyType: customType, valueType: customType, text: text)
      case .point, .size, .rect, .color, .transform, .bool, .contents: return nil
      }
    }
    let type = builtIn.type
    guard let rest else {
      return PropertyKeyPath(
        property: name, part: .whole, propertyType: type, valueType: type, text: text)
    }
    let range: Range<Int>?
    var partType = ValueType.scalar
    switch (type, rest) {
    case (.point, "x"): range = 0..<1
    case (.point, "y"): range = 1..<2
    case (.size, "width"): range = 0..<1
    case (.size, "height"): range = 1..<2
    case (.rect, "origin"):
      range = 0..<2
      partType = .point
    case (.rect, "size"):
      range = 2..<4
      partType = .size
    case (.rect, "origin.x"): range = 0..<1
    case (.rect, "origin.y"): range = 1..<2
    case (.rect, "size.width"): range = 2..<3
    case (.rect, "size.height"): range = 3..<4
    case (.transform, _):
      let field = rest == "rotation" ? TransformField.rotationZ : TransformField(rawValue: rest)
      guard let field else { return nil }
      return PropertyKeyPath(
        property: name, part: .transform(field), propertyType: type, valueType: field.valueType,
        text: text)
    default: range = nil
    }
    guard let range else { return nil }
    return PropertyKeyPath(
      property: name, part: .components(range), propertyType: type, valueType: partType, text: text)
  }

  /// Every sub-path a property of `type` has, for error messages.
  public static func subPaths(of type: ValueType) -> [String] {
    switch type {
    case .point: ["x", "y"]
    case .size: ["width", "height"]
    case .rect: ["origin", "size", "origin.x", "origin.y", "size.width", "size.height"]
    case .transform: ["rotation"] + TransformField.allCases.map(\.rawValue)
    case .scalar, .color, .bool, .contents, .array: []
    }
  }
}
