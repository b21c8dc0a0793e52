/// An ellipse (`el`): centre `p` and size `s`, with the direction `d` of its path.
struct LottieEllipse: Sendable, Equatable {
  enum Member: String, WireMember, Hashable {
    case type = "ty"
    case name = "nm"
    case matchName = "mn"
    case hidden = "hd"
    case direction = "d"
    case position = "p"
    case size = "s"
  }

  var type: String?
  var name: String?
  var matchName: String?
  var hidden: Bool?
  var direction: Int?
  var position: LottieAnimated<LottieNumbers>?
  var size: LottieAnimated<LottieNumbers>?
  var others = LottieOtherMembers()

  init() { type = LottieShapeType.ellipse.rawValue }

  /// Its animated properties by member (the export places each of its properties by one).
  subscript(_ member: Member) -> LottieAnimated<LottieNumbers>? {
    get {
      switch member {
      case .position: position
      case .size: size
      case .type, .name, .matchName, .hidden, .direction: nil
      }
    }
    set {
      switch member {
      case .position: position = newValue
      case .size: size = newValue
      case .type, .name, .matchName, .hidden, .direction: break
      }
    }
  }

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
      case .position: position = LottieAnimated(json: item, at: at, in: &context)
      case .size: size = LottieAnimated(json: item, at: at, in: &context)
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
      case .position:
        guard let position else { continue }
        w.key(member)
        position.write(to: &w)
      case .size:
        guard let size else { continue }
        w.key(member)
        size.write(to: &w)
      }
    }
    others.write(to: &w)
    w.endObject()
  }
}
