/// The optional members every Lottie object writes alike: a member that is absent in the model
/// is absent in the file (a player's default applies), never written as null.
enum LottieWriting {
  static func string<Member: WireMember>(
    _ value: String?, _ member: Member, to w: inout JSONWriter
  ) {
    guard let value else { return }
    w.key(member)
    w.string(value)
  }

  static func bool<Member: WireMember>(_ value: Bool?, _ member: Member, to w: inout JSONWriter) {
    guard let value else { return }
    w.key(member)
    w.bool(value)
  }

  static func number<Member: WireMember>(
    _ value: Double?, _ member: Member, to w: inout JSONWriter
  ) {
    guard let value else { return }
    w.key(member)
    w.number(value)
  }

  static func integer<Member: WireMember>(_ value: Int?, _ member: Member, to w: inout JSONWriter) {
    guard let value else { return }
    w.key(member)
    w.number(value)
  }

  /// A member held as the file wrote it (masks, effects, text: kept, not evaluated).
  static func json<Member: WireMember>(
    _ value: JSONValue?, _ member: Member, to w: inout JSONWriter
  ) {
    guard let value else { return }
    w.key(member)
    w.value(value)
  }
}
