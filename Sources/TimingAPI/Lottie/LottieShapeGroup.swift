/// A group (`gr`): its items `it`, drawn in order, the last of them usually its transform (`tr`); `np`, the number of its properties, as After Effects wrote it.
struct LottieShapeGroup: Sendable, Equatable {
  enum Member: String, WireMember, Hashable {
    case type = "ty"
    case name = "nm"
    case matchName = "mn"
    case hidden = "hd"
    case items = "it"
    case propertyCount = "np"
  }

  var type: String?
  var name: String?
  var matchName: String?
  var hidden: Bool?
  var items: [LottieShape]?
  var propertyCount: Double?
  var others = LottieOtherMembers()

  init() { type = LottieShapeType.group.rawValue }

  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
    guard let members = context.lottieMembers(value, at: pointer, as: Member.self) else {
      return nil
    }
    for member in Member.allCases {
      guard let item = members[member] else { continue }
      let at = pointer / member
      switch member {
      case .type: type = context.lottieString(item, at: at)
      case .name: name = context.lottieString(item, at: at)
      case .matchName: matchName = context.lottieString(item, at: at)
      case .hidden: hidden = context.bool(item, at: at)
      case .items:
        items = context.lottieArray(item, at: at) { item, at, context in
          LottieShape(json: item, at: at, in: &context)
        }
      case .propertyCount: propertyCount = context.lottieNumber(item, at: at)
      }
    }
    others = members.others
  }

  func write(to w: inout JSONWriter) {
    w.beginObject()
    for member in Member.allCases {
      switch member {
      case .type: LottieWriting.string(type, member, to: &w)
      case .name: LottieWriting.string(name, member, to: &w)
      case .matchName: LottieWriting.string(matchName, member, to: &w)
      case .hidden: LottieWriting.bool(hidden, member, to: &w)
      case .items:
        guard let items else { continue }
        w.key(member)
        w.beginArray()
        for item in items { item.write(to: &w) }
        w.endArray()
      case .propertyCount: LottieWriting.number(propertyCount, member, to: &w)
      }
    }
    others.write(to: &w)
    w.endObject()
  }
}
