/// A solid fill (`fl`): colour `c` (0–1 channels), opacity `o` (0–100), the fill rule `r` (1 non-zero, 2 even-odd).
struct LottieFill: Sendable, Equatable {
  enum Member: String, WireMember, Hashable {
    case type = "ty"
    case name = "nm"
    case matchName = "mn"
    case hidden = "hd"
    case color = "c"
    case opacity = "o"
    case fillRule = "r"
  }

  var type: String?
  var name: String?
  var matchName: String?
  var hidden: Bool?
  var color: LottieAnimated<LottieNumbers>?
  var opacity: LottieAnimated<LottieNumbers>?
  var fillRule: Int?
  var others = LottieOtherMembers()

  init() { type = LottieShapeType.fill.rawValue }

  /// Its animated properties by member (the export places each of its properties by one).
  subscript(_ member: Member) -> LottieAnimated<LottieNumbers>? {
    get {
      switch member {
      case .color: color
      case .opacity: opacity
      case .type, .name, .matchName, .hidden, .fillRule: nil
      }
    }
    set {
      switch member {
      case .color: color = newValue
      case .opacity: opacity = newValue
      case .type, .name, .matchName, .hidden, .fillRule: break
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
      case .color: color = LottieAnimated(json: item, at: at, in: &context)
      case .opacity: opacity = LottieAnimated(json: item, at: at, in: &context)
      case .fillRule: fillRule = context.lottieInteger(item, at: at)
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
      case .color:
        guard let color else { continue }
        w.key(member)
        color.write(to: &w)
      case .opacity:
        guard let opacity else { continue }
        w.key(member)
        opacity.write(to: &w)
      case .fillRule: LottieWriting.integer(fillRule, member, to: &w)
      }
    }
    others.write(to: &w)
    w.endObject()
  }
}
