/// The members of a Lottie object that the model does not name, in the order the file had them:
/// kept on a round trip, so that a rewritten file (the Lottie reader's `?fix=true`) loses
/// nothing a player or an authoring tool put there — effects' settings, a plugin's metadata,
/// members of a newer lottie-spec.
struct LottieOtherMembers: Sendable, Equatable {
  private(set) var members: [(String, JSONValue)] = []

  init() {}

  var isEmpty: Bool { members.isEmpty }

  mutating func append(_ name: String, _ value: JSONValue) { members.append((name, value)) }

  /// Writes them after the model's own members, as the file had them.
  func write(to w: inout JSONWriter) {
    for (name, value) in members {
      w.key(name)
      w.value(value)
    }
  }

  static func == (a: Self, b: Self) -> Bool {
    a.members.count == b.members.count
      && zip(a.members, b.members).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
  }
}
