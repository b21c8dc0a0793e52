import TimingEngine

/// A property change in a script (`set`): `{"layer", "keyPath", "value"}`; `frame` becomes
/// position and bounds (semantics.md §5.1).
extension PropertyChange {
  enum Member: String, WireMember {
    case layer, keyPath, value
  }

  /// At most this many changes in one `set`.
  static let maxPerList = 10_000

  /// The changes of a `set` array: one per entry, two for a `frame`.
  static func list(
    json value: JSONValue?, at pointer: JSONPointer, in context: inout DecodingContext,
    script: inout ScriptContext
  ) -> [PropertyChange] {
    guard let items = context.array(value, at: pointer, max: maxPerList) else { return [] }
    var result: [PropertyChange] = []
    for (i, item) in items.enumerated() {
      result += changes(json: item, at: pointer / i, in: &context, script: &script)
    }
    return result
  }

  /// One entry of a `set` array.
  private static func changes(
    json item: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext,
    script: inout ScriptContext
  ) -> [PropertyChange] {
    guard case .object = item else {
      context.fail(pointer, "a change is {\"layer\", \"keyPath\", \"value\"}")
      return []
    }
    context.rejectUnknownMembers(item, allowed: Member.self, at: pointer)
    let keyPathPointer = pointer / Member.keyPath
    let valuePointer = pointer / Member.value
    guard let layerName = script.layer(item[Member.layer], at: pointer / Member.layer, &context),
      let keyPathText = context.string(item[Member.keyPath], at: keyPathPointer, maxLength: 128)
    else {
      if item[Member.keyPath] == nil {
        context.fail(keyPathPointer, "is required: the property to set")
      }
      return []
    }
    guard let newValue = item[Member.value] else {
      context.fail(valuePointer, "is required: the new value")
      return []
    }
    if keyPathText == "frame" {
      guard
        let rect = AnimatableValue(
          json: newValue, at: valuePointer, in: &context, as: .rect, contents: &script.values)
      else {
        return []
      }
      let c = rect.components
      // ◆ The default anchor point (0.5, 0.5): position is the frame's centre.
      return [
        PropertyChange(
          layer: layerName, keyPath: PropertyKeyPath.resolve("position")!,
          value: AnimatableValue(.point, [c[0] + 0.5 * c[2], c[1] + 0.5 * c[3]]),
          source: pointer.tokens),
        PropertyChange(
          layer: layerName, keyPath: PropertyKeyPath.resolve("bounds")!,
          value: AnimatableValue(.rect, [0, 0, c[2], c[3]]),
          source: pointer.tokens),
      ]
    }
    let property = String(keyPathText.split(separator: ".", maxSplits: 1).first ?? "")
    let customType =
      script.layers[layerName]?[property]
      ?? (LayerProperties.catalogue[property] == nil
        ? ValueType(customJSON: newValue) : nil)
    guard let keyPath = PropertyKeyPath.resolve(keyPathText, customType: customType) else {
      // The "did you mean" search runs only for a problem that is kept (`fail`'s autoclosure).
      let customProperties = script.layers[layerName]?.keys.map { $0 } ?? []
      context.fail(
        keyPathPointer,
        "'\(keyPathText.prefix(64))' is not a key path this layer has (for its value type)"
          + (PropertyKeyPath.suggestion(for: keyPathText, customProperties: customProperties)
            .map { "; did you mean \($0)?" } ?? ""))
      return []
    }
    if LayerProperties.catalogue[property] == nil {
      context.warnIfMisspelt(property, at: keyPathPointer, taken: "set as a custom property")
    }
    guard
      let decoded = AnimatableValue(
        json: newValue, at: valuePointer, in: &context, as: keyPath.valueType,
        contents: &script.values)
    else { return [] }
    return [
      PropertyChange(layer: layerName, keyPath: keyPath, value: decoded, source: pointer.tokens)
    ]
  }
}
