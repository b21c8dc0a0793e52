import TimingEngine

/// Property values in the JSON forms of semantics.md §3.1.
extension AnimatableValue {
  /// A value of `type`; `contents` names opaque contents by index.
  init?(
    json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext,
    as type: ValueType, contents: inout ContentsNames
  ) {
    let decoded: AnimatableValue?
    switch type {
    case .scalar:
      decoded = context.number(value, at: pointer, in: -1e12...1e12).map(AnimatableValue.scalar)
    case .point, .size, .rect:
      decoded = Self.pair(value, type.componentNames, type, pointer, &context)
    case .color: decoded = Self.color(value, pointer, &context)
    case .transform:
      decoded = Transform3D(json: value, at: pointer, in: &context).map(AnimatableValue.transform)
    case .bool:
      decoded = context.bool(value, at: pointer).map { AnimatableValue(.bool, [$0 ? 1 : 0]) }
    case .contents:
      decoded = context.string(value, at: pointer)
        .flatMap { contents.index(of: $0, at: pointer, in: &context) }
        .map { AnimatableValue(.contents, [Double($0), Double($0), 1]) }
    case .array(let n): decoded = Self.numbers(value, n, pointer, &context)
    }
    guard let decoded else { return nil }
    self = decoded
  }

  /// The value in the timeline's output forms (semantics.md §3.1): a number, a boolean, or its
  /// components.
  func write(to w: inout JSONWriter) {
    switch type {
    case .scalar: w.number(components[0])
    case .bool: w.bool(components[0] != 0)
    case .point, .size, .rect, .color, .transform, .contents, .array:
      w.beginArray()
      for c in components { w.number(c) }
      w.endArray()
    }
  }

  /// A custom property's `n` numbers.
  private static func numbers(
    _ value: JSONValue, _ n: Int, _ pointer: JSONPointer, _ context: inout DecodingContext
  ) -> AnimatableValue? {
    guard let items = context.array(value, at: pointer, max: 64) else { return nil }
    guard items.count == n else {
      context.fail(
        pointer, "must have \(n) numbers like the property's other values; got \(items.count)")
      return nil
    }
    var numbers: [Double] = []
    for (i, item) in items.enumerated() {
      guard let v = context.number(item, at: pointer / i, in: -1e12...1e12) else { return nil }
      numbers.append(v)
    }
    return AnimatableValue(.array(n), numbers)
  }

  /// Points, sizes and rects: an object with their components' names (`ValueType.componentNames`,
  /// as the CSV headers have them), or an array in that order.
  private static func pair(
    _ value: JSONValue, _ names: [String], _ type: ValueType, _ pointer: JSONPointer,
    _ context: inout DecodingContext
  ) -> AnimatableValue? {
    var numbers: [Double] = []
    switch value {
    case .array(let items):
      guard items.count == names.count else {
        context.fail(
          pointer,
          "must be \(type): [\(names.joined(separator: ", "))] or {\(names.map { "\"\($0)\"" }.joined(separator: ", "))}"
        )
        return nil
      }
      for (i, item) in items.enumerated() {
        guard let n = context.number(item, at: pointer / i, in: -1e12...1e12) else { return nil }
        numbers.append(n)
      }
    case .object:
      context.rejectUnknownMembers(value, allowed: Set(names), at: pointer)
      for name in names {
        guard let member = value[name] else {
          context.fail(pointer / name, "is required for \(type)")
          return nil
        }
        guard let n = context.number(member, at: pointer / name, in: -1e12...1e12) else {
          return nil
        }
        numbers.append(n)
      }
    case .null, .bool, .number, .string:
      context.fail(
        pointer,
        "must be \(type): [\(names.joined(separator: ", "))] or an object, not \(value.typeName)")
      return nil
    }
    return AnimatableValue(type, numbers)
  }

  /// `#RRGGBB`, `#RRGGBBAA`, `{"r", "g", "b", "a"}` (a defaults to 1) or `[r, g, b, a]`.
  private static func color(
    _ value: JSONValue, _ pointer: JSONPointer, _ context: inout DecodingContext
  ) -> AnimatableValue? {
    switch value {
    case .string(let text):
      let hex = Array(text.utf8)
      guard hex.first == UInt8(ascii: "#"), hex.count == 7 || hex.count == 9 else {
        context.fail(
          pointer, "a colour string must be #RRGGBB or #RRGGBBAA; got '\(text.prefix(20))'")
        return nil
      }
      guard let components = HexColor.components(text) else {
        context.fail(
          pointer, "'\(text.prefix(20))' has a character that is not a hexadecimal digit")
        return nil
      }
      return AnimatableValue(.color, components)
    case .object:
      let names = ValueType.color.componentNames
      context.rejectUnknownMembers(value, allowed: Set(names), at: pointer)
      var components: [Double] = []
      for name in names {
        let member = value[name] ?? (name == "a" ? .number(1) : nil)
        guard let member else {
          context.fail(pointer / name, "is required: a component in 0…1")
          return nil
        }
        guard
          let n = context.number(member, at: pointer / name, in: 0...1, what: "a colour component")
        else { return nil }
        components.append(n)
      }
      return AnimatableValue(.color, components)
    case .array(let items) where items.count == 4:
      var components: [Double] = []
      for (i, item) in items.enumerated() {
        guard let n = context.number(item, at: pointer / i, in: 0...1, what: "a colour component")
        else { return nil }
        components.append(n)
      }
      return AnimatableValue(.color, components)
    case .null, .bool, .number, .array:
      context.fail(
        pointer,
        "must be a colour: \"#RRGGBB\", \"#RRGGBBAA\", {\"r\", \"g\", \"b\", \"a\"} or [r, g, b, a]"
      )
      return nil
    }
  }
}
