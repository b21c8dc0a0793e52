/// The member names of one JSON object shape (or the parameters of one query): a
/// `String`-backed enum whose cases are the names.
/// Decoding reads and encoding writes through the same cases, so the two cannot spell a member
/// differently, and the set of allowed members is the enum's cases.
protocol WireMember: RawRepresentable<String>, CaseIterable {}

extension WireMember {
  /// Every member's name, for a static list made of several shapes' members. It builds a set:
  /// not on a request's path (one built per request was ~4 % of a small GET).
  static var names: Set<String> { Set(allCases.map(\.rawValue)) }
}

extension Array where Element: WireMember {
  /// These members' names: some of a shape's, for a resource that takes only those.
  var names: Set<String> { Set(map(\.rawValue)) }
}

extension JSONValue {
  /// The object's member named by `member`; nil when absent or when this is not an object.
  subscript<Member: WireMember>(_ member: Member) -> JSONValue? { self[member.rawValue] }
}

extension JSONPointer {
  static func / <Member: WireMember>(p: JSONPointer, member: Member) -> JSONPointer {
    p.appending(member.rawValue)
  }
}

extension QueryString {
  /// The first value of the parameter `parameter` names; nil when absent.
  func first<Parameter: WireMember>(_ parameter: Parameter) -> String? {
    first(parameter.rawValue)
  }

  /// Every value of the parameter `parameter` names, in order.
  func values<Parameter: WireMember>(_ parameter: Parameter) -> [String] {
    values(parameter.rawValue)
  }
}

extension Problem.FieldError {
  static func parameter<Parameter: WireMember>(_ parameter: Parameter, _ message: String) -> Self {
    .parameter(parameter.rawValue, message)
  }
}

extension DecodingContext {
  mutating func fail<Parameter: WireMember>(parameter: Parameter, _ message: String) {
    fail(parameter: parameter.rawValue, message)
  }

  mutating func number<Parameter: WireMember>(
    parameter: Parameter, in query: QueryString, range: ClosedRange<Double>,
    message: String? = nil
  ) -> Double? {
    number(parameter: parameter.rawValue, in: query, range: range, message: message)
  }

  mutating func flag<Parameter: WireMember>(parameter: Parameter, in query: QueryString) -> Bool {
    flag(parameter: parameter.rawValue, in: query)
  }

  mutating func count<Parameter: WireMember>(
    parameter: Parameter, in query: QueryString, minimum: Int
  ) -> Int? {
    count(parameter: parameter.rawValue, in: query, minimum: minimum)
  }
}

extension JSONWriter {
  mutating func key<Member: WireMember>(_ member: Member) { key(member.rawValue) }

  /// A member and its value, on one line of the writer's code.
  mutating func member<Member: WireMember>(_ member: Member, _ value: some JSONScalar) {
    key(member.rawValue)
    value.write(to: &self)
  }
}
