/// A Lottie object's members split by the model's `Member` enum: the ones it names, read by
/// case, and the others, kept (`LottieOtherMembers`).
struct LottieMembers<Member: WireMember & Hashable> {
  private var named: [Member: JSONValue] = [:]
  private(set) var others = LottieOtherMembers()

  /// `isNamed`: whether the model reads a member (a case without a field is kept as an other).
  init(_ members: [(String, JSONValue)], isNamed: (Member) -> Bool = { _ in true }) {
    for (name, value) in members {
      if let member = Member(rawValue: name), isNamed(member) {
        named[member] = value
      } else {
        others.append(name, value)
      }
    }
  }

  subscript(_ member: Member) -> JSONValue? { named[member] }
}
