import TimingEngine

extension ValueFunction: WireName {}

/// What a property animation animates: its `keyPath`, and the `valueFunction` that may turn
/// its values into a transform (semantics.md §3.2).
extension Animation {
  /// Sets `keyPath` and `valueFunction`; returns the type the animation's values take, nil when
  /// there is no property to animate.
  mutating func decodeTarget(
    _ value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext,
    customTypes: inout [String: ValueType], defaultKeyPath: String?
  ) -> ValueType? {
    guard
      let keyPathText = context.string(
        value[Member.keyPath] ?? defaultKeyPath.map(JSONValue.string),
        at: pointer / Member.keyPath)
    else {
      if value[Member.keyPath] == nil {
        context.fail(
          pointer / Member.keyPath, "is required: the animated property, e.g. \"opacity\"")
      }
      return nil
    }
    if let functionName = value[Member.valueFunction] {
      valueFunction = context.choice(functionName, at: pointer / Member.valueFunction)
    }
    guard
      let keyPath = Self.resolve(
        keyPathText, value, at: pointer / Member.keyPath, in: &context, customTypes: &customTypes)
    else { return nil }
    self.keyPath = keyPath
    if valueFunction != nil, keyPath.propertyType != .transform || keyPath.part != .whole {
      context.fail(
        pointer / Member.valueFunction,
        "a value function makes a whole transform; keyPath must be transform or sublayerTransform")
      return nil
    }
    let valueType = valueFunction?.inputType ?? keyPath.valueType
    if additive && !valueType.isAdditive {
      context.fail(pointer / Member.additive, "\(valueType) values cannot be added")
    }
    return valueType
  }

  /// Resolves the key path `text` (reported at `pointer`); a custom property takes its type
  /// from the layer's model value or from the first value the animation gives.
  private static func resolve(
    _ text: String, _ value: JSONValue, at pointer: JSONPointer,
    in context: inout DecodingContext, customTypes: inout [String: ValueType]
  ) -> PropertyKeyPath? {
    let property = String(text.split(separator: ".", maxSplits: 1).first ?? "")
    if LayerProperties.derived.contains(property) {
      context.fail(
        pointer, "'\(property)' is derived and cannot be animated; animate position and bounds")
      return nil
    }
    if text == "transition" {
      context.fail(
        pointer, "use an animation of type transition, not a keyPath, for transitions")
      return nil
    }
    var customType = customTypes[property]
    if customType == nil && LayerProperties.catalogue[property] == nil {
      let sample =
        value[BasicValues.Member.fromValue] ?? value[BasicValues.Member.toValue]
        ?? value[BasicValues.Member.byValue]
        ?? {
          if case .array(let items)? = value[KeyframeValues.Member.values] { return items.first }
          return nil
        }()
      customType = sample.flatMap(ValueType.init(customJSON:))
      if customType == nil {
        context.fail(
          pointer,
          "'\(text.prefix(64))' is not a layer property; a custom property needs number (or array of numbers) values"
            + (LayerProperties.suggestion(for: property).map { "; did you mean \($0)?" } ?? ""))
        return nil
      }
      customTypes[property] = customType
    }
    if LayerProperties.catalogue[property] == nil {
      context.warnIfMisspelt(property, at: pointer, taken: "animated as a custom property")
    }
    guard let keyPath = PropertyKeyPath.resolve(text, customType: customType) else {
      if let builtIn = LayerProperties.catalogue[property] {
        let subPaths = PropertyKeyPath.subPaths(of: builtIn.type)
        context.fail(
          pointer,
          "'\(text.prefix(64))' is not a key path of \(property) (\(builtIn.type))"
            + (subPaths.isEmpty
              ? "; it has no sub-paths" : "; its sub-paths are \(subPaths.joined(separator: ", "))")
            + (PropertyKeyPath.suggestion(for: text).map { "; did you mean \($0)?" } ?? "")
        )
      } else {
        context.fail(pointer, "a custom property has no sub-paths")
      }
      return nil
    }
    return keyPath
  }
}
