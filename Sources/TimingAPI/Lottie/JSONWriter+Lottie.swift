extension JSONWriter {
  /// `member` and its value, when the model has one: a member absent in the model is absent in
  /// the file (a player's default applies), never written as null.
  mutating func lottie<Member: WireMember, Value: LottieCoding>(_ member: Member, _ value: Value?) {
    guard let value else { return }
    key(member)
    value.write(to: &self)
  }

  /// A number, string or flag member, when the model has one.
  mutating func lottie<Member: WireMember, Value: JSONScalar>(_ member: Member, _ value: Value?) {
    guard let value else { return }
    self.member(member, value)
  }
}
