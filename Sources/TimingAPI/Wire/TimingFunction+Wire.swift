import TimingEngine

/// Timing functions in JSON, as a request names one and as an action's animation is written
/// back (semantics.md §2, api.md "Timing functions").
extension TimingFunction {
  /// The members of the object forms: `{"name": …}`, `{"controlPoints": [x1, y1, x2, y2]}`, and
  /// `{"type": "spring", …}` with `SpringCurve.Parameter`s.
  enum Member: String, WireMember {
    case name, controlPoints, type
  }

  /// A function given as a string (any name or CSS form) or as an object: `{"name": …}`,
  /// `{"controlPoints": [x1, y1, x2, y2]}`, or a spring
  /// `{"type": "spring", "mass", "stiffness", "damping", "initialVelocity"}` (each optional) or
  /// `{"type": "spring", "perceptualDuration", "bounce"}`, or a spring in a platform's API,
  /// `{"spring": {"swiftUI": {"response": 0.5, "dampingFraction": 0.8}}}`. Its text is charged to the budget by
  /// length: `linear()` texts parse at ~240 ns a byte. One problem at most is reported.
  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
    switch value {
    case .string(let text):
      guard context.charge(text.utf8.count, WorkCost.timingFunctionByte, at: pointer) else {
        return nil
      }
      do throws(TimingFunctionParseError) {
        self = try TimingFunction(parsing: text)
      } catch {
        context.fail(pointer, error.message)
        return nil
      }
    case .object(let members):
      guard let function = Self.object(value, members, at: pointer, in: &context) else {
        return nil
      }
      self = function
    case .null, .bool, .number, .array:
      context.fail(pointer, "must be a string or an object, not \(value.typeName)")
      return nil
    }
  }

  private static func object(
    _ value: JSONValue, _ members: [(String, JSONValue)], at pointer: JSONPointer,
    in context: inout DecodingContext
  ) -> TimingFunction? {
    let keys = Set(members.map(\.0))
    if keys == [Member.name.rawValue], case .string(let name)? = value[Member.name] {
      guard let named = NamedTimingFunction.lookUp(name) else {
        context.fail(
          pointer / Member.name,
          "unknown name '\(name.prefix(40))': use "
            + NamedTimingFunction.allCases.map(\.rawValue).joinedWithOr
            + NamedTimingFunction.suggestion.hint(for: name)
        )
        return nil
      }
      return .named(named)
    }
    if keys == [Member.controlPoints.rawValue] {
      return controlPoints(
        value[Member.controlPoints], at: pointer / Member.controlPoints, &context)
    }
    if keys == [SpringCurve.PlatformMember.spring.rawValue],
      let given = value[SpringCurve.PlatformMember.spring]
    {
      let at = pointer / SpringCurve.PlatformMember.spring
      return GivenSpring(json: given, at: at, in: &context).map { .spring($0.curve) }
    }
    if case .string("spring")? = value[Member.type] {
      guard let curve = SpringCurve(members: members, at: pointer, in: &context) else { return nil }
      return .spring(curve)
    }
    context.fail(
      pointer,
      "expected a string such as \"easeIn\" or \"cubic-bezier(0.4, 0, 0.2, 1)\", or an object with "
        + "\"name\", \"controlPoints\", \"type\": \"spring\", or \"spring\" in a platform's API")
    return nil
  }

  private static func controlPoints(
    _ value: JSONValue?, at pointer: JSONPointer, _ context: inout DecodingContext
  ) -> TimingFunction? {
    guard case .array(let items)? = value, items.count == 4 else {
      context.fail(pointer, "must be an array of 4 numbers [x1, y1, x2, y2]")
      return nil
    }
    var numbers: [Double] = []
    for (i, item) in items.enumerated() {
      guard case .number(let n) = item else {
        context.fail(pointer / i, "must be a number")
        return nil
      }
      numbers.append(n)
    }
    do throws(TimingFunctionParseError) {
      return try TimingFunction.controlPoints(numbers)
    } catch {
      context.fail(pointer, error.message)
      return nil
    }
  }

  /// The function in a request's vocabulary: its canonical text, or its control points for
  /// `CAMediaTimingFunction(controlPoints:)`, which has no text of its own.
  func write(to w: inout JSONWriter) {
    switch self {
    case .named(let named): w.string(named.rawValue)
    case .controlPoints(let b):
      w.beginObject()
      w.key(Member.controlPoints)
      w.beginArray()
      for v in [b.x1, b.y1, b.x2, b.y2] { w.number(v) }
      w.endArray()
      w.endObject()
    case .cubicBezier, .steps, .linear, .spring: w.string(cssText)
    }
  }
}
