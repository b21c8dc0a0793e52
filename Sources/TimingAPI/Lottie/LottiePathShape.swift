/// A Bézier path (`sh`): `ks`, still or keyframed (a keyframed path is a shape morph), with the direction `d`.
struct LottiePathShape: Sendable, Equatable {
  enum Member: String, WireMember, Hashable {
    case type = "ty"
    case name = "nm"
    case matchName = "mn"
    case hidden = "hd"
    case direction = "d"
    case shape = "ks"
  }

  var type: String?
  var name: String?
  var matchName: String?
  var hidden: Bool?
  var direction: Int?
  var shape: LottieAnimated<LottiePathValue>?
  var others = LottieOtherMembers()

  init() { type = LottieShapeType.path.rawValue }

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
      case .direction: direction = context.lottieInteger(item, at: at)
      case .shape: shape = LottieAnimated(json: item, at: at, in: &context)
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
      case .direction: LottieWriting.integer(direction, member, to: &w)
      case .shape:
        guard let shape else { continue }
        w.key(member)
        shape.write(to: &w)
      }
    }
    others.write(to: &w)
    w.endObject()
  }
}
