import TimingEngine

/// Collects every problem found while decoding a request body, each with its JSON Pointer, so
/// that one 422 can list them all (design.md "Errors are values").
struct DecodingContext {
  private(set) var problems: [Problem.FieldError] = []
  /// What the request may not mean as written but is still valid (a likely misspelt key path),
  /// answered with the result in its `warnings`; at most 200, like problems.
  private(set) var warnings: [SceneWarning] = []
  /// The request's work budget: every array element and object member the decoders look at is
  /// charged (`WorkCost.jsonValue`), where they look at it.
  private(set) var budget: WorkBudget
  /// The charge that went past the budget. From then on arrays and objects read as absent, so
  /// the decoders stop walking the body, and the request is refused with this.
  private(set) var exhausted: WorkBudget.Exhausted?

  init(budget: WorkBudget) { self.budget = budget }

  /// Charges `count` units of `cost` (`WorkCost.jsonValue` for a value looked at) at `pointer`;
  /// false once the budget is spent.
  mutating func charge(_ count: Int, _ cost: Int = WorkCost.jsonValue, at pointer: JSONPointer)
    -> Bool
  {
    guard exhausted == nil else { return false }
    do throws(WorkBudget.Exhausted) {
      try budget.charge(WorkBudget.multiplying(count, cost), .decoding, at: pointer.tokens)
      return true
    } catch {
      exhausted = error
      return false
    }
  }

  /// The message is made only when kept: a "did you mean" search is a string alignment against
  /// every property, and a hostile body could ask for it millions of times.
  mutating func fail(_ pointer: JSONPointer, _ message: @autoclosure () -> String) {
    // A hostile body could produce millions of problems; a few hundred tell the story.
    if problems.count < 200 { problems.append(.at(pointer, message())) }
  }

  /// The most warnings one answer carries: a few hundred tell the story, as with problems.
  static let warningLimit = 200

  /// Whether a warning would still be kept: work that only finds a warning's words can stop.
  var takesWarnings: Bool { warnings.count < Self.warningLimit }

  mutating func warn(_ pointer: JSONPointer, _ message: String) {
    if takesWarnings {
      warnings.append(SceneWarning(source: pointer.tokens, message: message))
    }
  }

  /// A problem built elsewhere (a query parameter's, in `DecodingContext+Query`).
  mutating func fail(_ error: Problem.FieldError) {
    if problems.count < 200 { problems.append(error) }
  }

  /// Reports members that are not cases of `Member`: the shape's whole member list.
  mutating func rejectUnknownMembers<Member: WireMember>(
    _ value: JSONValue, allowed: Member.Type, at pointer: JSONPointer
  ) {
    rejectUnknownMembers(value, at: pointer, allowedNames: Member.allCases.map(\.rawValue)) {
      Member(rawValue: $0) != nil
    }
  }

  /// Reports members that are not among `allowed`, some of a shape's cases (a script event
  /// kind's object takes some of the objects' members).
  mutating func rejectUnknownMembers<Member: WireMember>(
    _ value: JSONValue, allowed: [Member], at pointer: JSONPointer
  ) {
    rejectUnknownMembers(value, at: pointer, allowedNames: allowed.map(\.rawValue)) { name in
      allowed.contains { $0.rawValue == name }
    }
  }

  /// Reports members not in `allowed`: for a shape made of several shapes' members (an
  /// animation type's, `AnimationType.members`) or of names the engine holds (a value type's
  /// component names).
  mutating func rejectUnknownMembers(
    _ value: JSONValue, allowed: Set<String>, at pointer: JSONPointer
  ) {
    rejectUnknownMembers(value, at: pointer, allowedNames: allowed, isAllowed: allowed.contains)
  }

  /// The one loop and message of the three above; the list is sorted, so every shape's message
  /// reads alike whatever order its cases are declared in.
  private mutating func rejectUnknownMembers(
    _ value: JSONValue, at pointer: JSONPointer,
    allowedNames: @autoclosure () -> some Sequence<String>,
    isAllowed: (String) -> Bool
  ) {
    guard case .object(let members) = value, charge(members.count, at: pointer) else { return }
    // Past 200 problems none is kept (`fail`), so no message is built: a body of a million
    // unknown members would otherwise sort and compare the names a million times.
    for (name, _) in members where !isAllowed(name) && problems.count < 200 {
      let names = Set(allowedNames()).sorted()
      fail(
        pointer / name,
        "unknown member; expected one of \(names.joined(separator: ", "))"
          + NameSuggestion(names).hint(for: name))
    }
  }

  mutating func object(_ value: JSONValue?, at pointer: JSONPointer) -> [(String, JSONValue)]? {
    guard let value else { return nil }
    guard case .object(let members) = value else {
      fail(pointer, "must be an object, not \(value.typeName)")
      return nil
    }
    guard charge(members.count, at: pointer) else { return nil }
    return members
  }

  mutating func array(_ value: JSONValue?, at pointer: JSONPointer, max: Int) -> [JSONValue]? {
    guard let value else { return nil }
    guard case .array(let items) = value else {
      fail(pointer, "must be an array, not \(value.typeName)")
      return nil
    }
    guard items.count <= max else {
      fail(pointer, "has \(items.count) entries; at most \(max) are allowed")
      return nil
    }
    guard charge(items.count, at: pointer) else { return nil }
    return items
  }

  /// A finite number within `range` (for times: ±1e9 s keeps the arithmetic exact enough).
  mutating func number(
    _ value: JSONValue?, at pointer: JSONPointer, in range: ClosedRange<Double> = -1e9...1e9,
    what: String = "a number"
  ) -> Double? {
    guard let value else { return nil }
    guard case .number(let n) = value else {
      fail(pointer, "must be \(what), not \(value.typeName)")
      return nil
    }
    guard range.contains(n) else {
      fail(
        pointer,
        "must be \(what) in [\(numberText(range.lowerBound)), \(numberText(range.upperBound))]; got \(numberText(n))"
      )
      return nil
    }
    return n
  }

  mutating func bool(_ value: JSONValue?, at pointer: JSONPointer) -> Bool? {
    guard let value else { return nil }
    guard case .bool(let b) = value else {
      fail(pointer, "must be true or false, not \(value.typeName)")
      return nil
    }
    return b
  }

  mutating func string(_ value: JSONValue?, at pointer: JSONPointer, maxLength: Int = 256)
    -> String?
  {
    guard let value else { return nil }
    guard case .string(let s) = value else {
      fail(pointer, "must be a string, not \(value.typeName)")
      return nil
    }
    guard s.utf8.count <= maxLength else {
      fail(pointer, "is longer than \(maxLength) bytes")
      return nil
    }
    return s
  }

  /// A member that must be there: "is required" with what it is when absent (the message every
  /// missing required field gets, rather than a complaint about an empty value).
  mutating func required(_ value: JSONValue?, at pointer: JSONPointer, _ what: String)
    -> JSONValue?
  {
    if value == nil { fail(pointer, "is required: \(what)") }
    return value
  }

  /// A required string: "is required: what" when absent.
  mutating func requiredString(
    _ value: JSONValue?, at pointer: JSONPointer, _ what: String, maxLength: Int = 256
  ) -> String? {
    required(value, at: pointer, what).flatMap { string($0, at: pointer, maxLength: maxLength) }
  }

  /// A required object's members: "is required: what" when absent.
  mutating func requiredObject(_ value: JSONValue?, at pointer: JSONPointer, _ what: String)
    -> [(String, JSONValue)]?
  {
    required(value, at: pointer, what).flatMap { object($0, at: pointer) }
  }

  /// A required one of a closed set of names: absent is "is required: one of …".
  mutating func requiredChoice<Name: WireName>(
    _ value: JSONValue?, at pointer: JSONPointer, as _: Name.Type = Name.self
  ) -> Name? {
    guard
      let value = required(
        value, at: pointer, "one of \(Name.sortedWireNames.joined(separator: ", "))")
    else { return nil }
    return choice(value, at: pointer, as: Name.self)
  }

  /// One of a closed set of names (or its Core Animation constant's name).
  mutating func choice<Name: WireName>(
    _ value: JSONValue?, at pointer: JSONPointer, as _: Name.Type = Name.self
  ) -> Name? {
    guard let text = string(value, at: pointer) else { return nil }
    guard let chosen = Name(wireName: text) else {
      let names = Name.sortedWireNames
      fail(
        pointer,
        "'\(text.prefix(40))' is not one of \(names.joined(separator: ", "))"
          + NameSuggestion(names).hint(for: text))
      return nil
    }
    return chosen
  }
}
