/// The member names of one JSON object shape: a `String`-backed enum whose cases are the names.
/// Decoding reads and encoding writes through the same cases, so the two cannot spell a member
/// differently, and the set of allowed members is the enum's cases.
protocol WireMember: RawRepresentable<String>, CaseIterable {}

extension WireMember {
  /// Every member's name, for `DecodingContext.rejectUnknownMembers`.
  static var names: Set<String> { Set(allCases.map(\.rawValue)) }
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

extension JSONWriter {
  mutating func key<Member: WireMember>(_ member: Member) { key(member.rawValue) }
}
