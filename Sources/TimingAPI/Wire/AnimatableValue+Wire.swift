import TimingEngine

/// Property values in the JSON forms of semantics.md §3.1.
struct ValueDecoder {
  /// Names of opaque contents met so far; a contents value is its index here.
  var contentsNames: [String] = [LayerProperties.noContents]
  /// Each name's index in `contentsNames`: a search through 10 000 names per value made 40 000
  /// references to them take 2 s.
  private var contentsIndex: [String: Int] = [LayerProperties.noContents: 0]

  mutating func decode(
    _ value: JSONValue, as type: ValueType, at pointer: JSONPointer,
    _ context: inout DecodingContext
  )
    -> AnimatableValue?
  {
    switch type {
    case .scalar:
      guard let n = context.number(value, at: pointer, in: -1e12...1e12) else { return nil }
      return .scalar(n)
    case .point: return pair(value, ["x", "y"], type, pointer, &context)
    case .size: return pair(value, ["width", "height"], type, pointer, &context)
    case .rect: return pair(value, ["x", "y", "width", "height"], type, pointer, &context)
    case .color: return color(value, pointer, &context)
    case .transform: return transform(value, pointer, &context)
    case .bool:
      guard let b = context.bool(value, at: pointer) else { return nil }
      return AnimatableValue(.bool, [b ? 1 : 0])
    case .contents:
      guard let name = context.string(value, at: pointer) else { return nil }
      var index = contentsIndex[name]
      if index == nil {
        guard contentsNames.count < 10_000 else {
          context.fail(pointer, "more than 10000 distinct contents ids")
          return nil
        }
        contentsNames.append(name)
        index = contentsNames.count - 1
        contentsIndex[name] = index
      }
      return AnimatableValue(.contents, [Double(index!), Double(index!), 1])
    case .array(let n):
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
      return AnimatableValue(type, numbers)
    }
  }

  /// The type a custom property's value has: a number, or an array of up to 64 numbers.
  static func customType(of value: JSONValue) -> ValueType? {
    switch value {
    case .number: return .scalar
    case .array(let items)
    where (1...64).contains(items.count)
      && items.allSatisfy({ if case .number = $0 { true } else { false } }):
      return .array(items.count)
    default: return nil
    }
  }

  /// Points, sizes and rects: an object with named members, or an array in that order.
  private func pair(
    _ value: JSONValue, _ names: [String], _ type: ValueType, _ pointer: JSONPointer,
    _ context: inout DecodingContext
  )
    -> AnimatableValue?
  {
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
          context.fail(pointer / name, "required for \(type)")
          return nil
        }
        guard let n = context.number(member, at: pointer / name, in: -1e12...1e12) else {
          return nil
        }
        numbers.append(n)
      }
    default:
      context.fail(
        pointer,
        "must be \(type): [\(names.joined(separator: ", "))] or an object, not \(value.typeName)")
      return nil
    }
    return AnimatableValue(type, numbers)
  }

  private func color(_ value: JSONValue, _ pointer: JSONPointer, _ context: inout DecodingContext)
    -> AnimatableValue?
  {
    switch value {
    case .string(let text):
      let hex = Array(text.utf8)
      guard hex.first == UInt8(ascii: "#"), hex.count == 7 || hex.count == 9 else {
        context.fail(
          pointer, "a colour string must be #RRGGBB or #RRGGBBAA; got '\(text.prefix(20))'")
        return nil
      }
      var components: [Double] = []
      var i = 1
      while i < hex.count {
        guard let h = hexValue(hex[i]), let l = hexValue(hex[i + 1]) else {
          context.fail(
            pointer, "'\(text.prefix(20))' has a character that is not a hexadecimal digit")
          return nil
        }
        components.append(Double(h * 16 + l) / 255)
        i += 2
      }
      if components.count == 3 { components.append(1) }
      return AnimatableValue(.color, components)
    case .object:
      context.rejectUnknownMembers(value, allowed: ["r", "g", "b", "a"], at: pointer)
      var components: [Double] = []
      for name in ["r", "g", "b", "a"] {
        let member = value[name] ?? (name == "a" ? .number(1) : nil)
        guard let member else {
          context.fail(pointer / name, "required: a component in 0…1")
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
    default:
      context.fail(
        pointer,
        "must be a colour: \"#RRGGBB\", \"#RRGGBBAA\", {\"r\", \"g\", \"b\", \"a\"} or [r, g, b, a]"
      )
      return nil
    }
  }

  private func hexValue(_ c: UInt8) -> Int? {
    switch c {
    case 0x30...0x39: Int(c - 0x30)
    case 0x41...0x46: Int(c - 0x41 + 10)
    case 0x61...0x66: Int(c - 0x61 + 10)
    default: nil
    }
  }

  /// 16 numbers (CATransform3D order), or operations applied in order like successive
  /// `CATransform3DTranslate`/`Rotate`/`Scale` calls (and like a CSS transform list).
  private func transform(
    _ value: JSONValue, _ pointer: JSONPointer, _ context: inout DecodingContext
  ) -> AnimatableValue? {
    guard case .array(let items) = value else {
      context.fail(
        pointer,
        "must be a transform: 16 numbers, or a list of operations such as [{\"rotate\": 1.57}]")
      return nil
    }
    if !items.isEmpty && items.allSatisfy({ if case .number = $0 { true } else { false } }) {
      guard items.count == 16 else {
        context.fail(pointer, "a matrix needs 16 numbers (m11 … m44); got \(items.count)")
        return nil
      }
      var numbers: [Double] = []
      for (i, item) in items.enumerated() {
        guard let n = context.number(item, at: pointer / i, in: -1e12...1e12) else { return nil }
        numbers.append(n)
      }
      return AnimatableValue(.transform, numbers)
    }
    guard items.count <= 64 else {
      context.fail(pointer, "at most 64 operations")
      return nil
    }
    var matrix = Transform3D.identity
    for (i, item) in items.enumerated() {
      guard let operation = self.operation(item, pointer / i, &context) else { return nil }
      // CATransform3DTranslate(t, …) = translate · t: each operation applies before the ones so far.
      matrix = operation * matrix
    }
    return .transform(matrix)
  }

  private func operation(
    _ value: JSONValue, _ pointer: JSONPointer, _ context: inout DecodingContext
  ) -> Transform3D? {
    guard case .object(let members) = value,
      let (name, argument) = members.first(where: { $0.0 != "axis" })
    else {
      context.fail(
        pointer,
        "an operation is an object such as {\"translate\": [10, 0]}, {\"scale\": 2}, {\"rotate\": 0.5, \"axis\": [0, 0, 1]}"
      )
      return nil
    }
    context.rejectUnknownMembers(
      value, allowed: Set([name] + (name == "rotate" ? ["axis"] : [])), at: pointer)
    func vector(_ defaults: [Double], _ context: inout DecodingContext) -> [Double]? {
      switch argument {
      case .number(let n):
        return defaults.count == 3 && defaults == [1, 1, 1]
          ? [n, n, 1] : [n] + defaults.dropFirst()
      case .array(let items) where (1...3).contains(items.count):
        var v = defaults
        for (i, item) in items.enumerated() {
          guard let n = context.number(item, at: pointer / name / i, in: -1e12...1e12) else {
            return nil
          }
          v[i] = n
        }
        return v
      default:
        context.fail(pointer / name, "must be a number or an array of 2 or 3 numbers")
        return nil
      }
    }
    switch name {
    case "translate":
      guard let v = vector([0, 0, 0], &context) else { return nil }
      return .translation(v[0], v[1], v[2])
    case "scale":
      guard let v = vector([1, 1, 1], &context) else { return nil }
      return .scale(v[0], v[1], v[2])
    case "rotate":
      guard
        let angle = context.number(
          argument, at: pointer / name, in: -1e6...1e6, what: "an angle in radians")
      else { return nil }
      var axis: [Double] = [0, 0, 1]
      if let axisValue = value["axis"] {
        guard case .array(let items) = axisValue, items.count == 3 else {
          context.fail(pointer / "axis", "must be [x, y, z]")
          return nil
        }
        axis = []
        for (i, item) in items.enumerated() {
          guard let n = context.number(item, at: pointer / "axis" / i) else { return nil }
          axis.append(n)
        }
        guard axis.contains(where: { $0 != 0 }) else {
          context.fail(pointer / "axis", "must not be the zero vector")
          return nil
        }
      }
      return .rotation(angle, axis[0], axis[1], axis[2])
    case "perspective":
      guard
        let d = context.number(argument, at: pointer / name, in: 1e-6...1e12, what: "a distance")
      else { return nil }
      var m = Transform3D.identity
      m[2, 3] = -1 / d
      return m
    case "matrix":
      guard let v = transform(argument, pointer / name, &context) else { return nil }
      return Transform3D(v.components)
    default:
      context.fail(
        pointer / name, "unknown operation; use translate, scale, rotate, perspective or matrix")
      return nil
    }
  }
}
