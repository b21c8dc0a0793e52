import TimingEngine

/// Transforms in JSON (semantics.md §3.1): 16 numbers (CATransform3D order), or operations
/// applied in order like successive `CATransform3DTranslate`/`Rotate`/`Scale` calls (and like a
/// CSS transform list).
extension Transform3D {
  /// The operations of a transform list: `{"translate": [10, 0]}`, `{"scale": 2}`,
  /// `{"rotate": 0.5, "axis": [0, 0, 1]}`, `{"perspective": 500}`, `{"matrix": [16 numbers]}`.
  enum Operation: String, WireName {
    case translate, scale, rotate, perspective, matrix
  }

  /// The member a `rotate` operation takes beside its angle.
  enum RotationMember: String, WireMember {
    case axis
  }

  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
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
      self.init(numbers)
      return
    }
    guard items.count <= 64 else {
      context.fail(pointer, "at most 64 operations")
      return nil
    }
    var matrix = Transform3D.identity
    for (i, item) in items.enumerated() {
      guard let operation = Self.operation(item, pointer / i, &context) else { return nil }
      // CATransform3DTranslate(t, …) = translate · t: each operation applies before the ones so far.
      matrix = operation * matrix
    }
    self = matrix
  }

  private static func operation(
    _ value: JSONValue, _ pointer: JSONPointer, _ context: inout DecodingContext
  ) -> Transform3D? {
    guard case .object(let members) = value,
      let (name, argument) = members.first(where: { $0.0 != RotationMember.axis.rawValue })
    else {
      context.fail(
        pointer,
        "an operation is an object such as {\"translate\": [10, 0]}, {\"scale\": 2}, {\"rotate\": 0.5, \"axis\": [0, 0, 1]}"
      )
      return nil
    }
    context.rejectUnknownMembers(
      value,
      allowed: Set([name] + (name == Operation.rotate.rawValue ? RotationMember.names : [])),
      at: pointer)
    guard let operation = Operation(rawValue: name) else {
      let names = Operation.allCases.map(\.rawValue)
      context.fail(
        pointer / name,
        "unknown operation; use \(names.joinedWithOr)" + NameSuggestion(names).hint(for: name))
      return nil
    }
    let at = pointer / name
    switch operation {
    case .translate:
      guard let v = vector(argument, [0, 0, 0], at, &context) else { return nil }
      return .translation(v[0], v[1], v[2])
    case .scale:
      guard let v = vector(argument, [1, 1, 1], at, &context) else { return nil }
      return .scale(v[0], v[1], v[2])
    case .rotate:
      guard
        let angle = context.number(argument, at: at, in: -1e6...1e6, what: "an angle in radians"),
        let axis = axis(value[RotationMember.axis], pointer / RotationMember.axis, &context)
      else { return nil }
      return .rotation(angle, axis[0], axis[1], axis[2])
    case .perspective:
      guard let d = context.number(argument, at: at, in: 1e-6...1e12, what: "a distance") else {
        return nil
      }
      var m = Transform3D.identity
      m[2, 3] = -1 / d
      return m
    case .matrix:
      return Transform3D(json: argument, at: at, in: &context)
    }
  }

  /// A translation's or scale's argument: a number (a uniform scale in x and y; a translation
  /// in x) or 1 to 3 numbers, the rest from `defaults`.
  private static func vector(
    _ argument: JSONValue, _ defaults: [Double], _ pointer: JSONPointer,
    _ context: inout DecodingContext
  ) -> [Double]? {
    switch argument {
    case .number(let n):
      return defaults.count == 3 && defaults == [1, 1, 1] ? [n, n, 1] : [n] + defaults.dropFirst()
    case .array(let items) where (1...3).contains(items.count):
      var v = defaults
      for (i, item) in items.enumerated() {
        guard let n = context.number(item, at: pointer / i, in: -1e12...1e12) else { return nil }
        v[i] = n
      }
      return v
    case .null, .bool, .string, .array, .object:
      context.fail(pointer, "must be a number or an array of 2 or 3 numbers")
      return nil
    }
  }

  /// A rotation's axis, [x, y, z] and not zero; z when absent.
  private static func axis(
    _ value: JSONValue?, _ pointer: JSONPointer, _ context: inout DecodingContext
  ) -> [Double]? {
    guard let value else { return [0, 0, 1] }
    guard case .array(let items) = value, items.count == 3 else {
      context.fail(pointer, "must be [x, y, z]")
      return nil
    }
    var axis: [Double] = []
    for (i, item) in items.enumerated() {
      guard let n = context.number(item, at: pointer / i) else { return nil }
      axis.append(n)
    }
    guard axis.contains(where: { $0 != 0 }) else {
      context.fail(pointer, "must not be the zero vector")
      return nil
    }
    return axis
  }
}
