/// A solid stroke (`st`): colour `c`, opacity `o`, width `w`, line cap `lc` and join `lj` (1 butt/miter, 2 round, 3 square/bevel), miter limit `ml`, and dashes `d` (kept as written).
struct LottieStroke: Sendable, Equatable {
  enum Member: String, WireMember, Hashable {
    case type = "ty"
    case name = "nm"
    case matchName = "mn"
    case hidden = "hd"
    case color = "c"
    case opacity = "o"
    case width = "w"
    case lineCap = "lc"
    case lineJoin = "lj"
    case miterLimit = "ml"
    case dashes = "d"
  }

  var type: String?
  var name: String?
  var matchName: String?
  var hidden: Bool?
  var color: LottieAnimated<LottieNumbers>?
  var opacity: LottieAnimated<LottieNumbers>?
  var width: LottieAnimated<LottieNumbers>?
  var lineCap: Int?
  var lineJoin: Int?
  var miterLimit: Double?
  var dashes: JSONValue?
  var others = LottieOtherMembers()

  init() { type = LottieShapeType.stroke.rawValue }

  /// Its animated properties by member (the export places each of its properties by one).
  subscript(_ member: Member) -> LottieAnimated<LottieNumbers>? {
    get {
      switch member {
      case .color: color
      case .opacity: opacity
      case .width: width
      case .type, .name, .matchName, .hidden, .lineCap, .lineJoin, .miterLimit, .dashes: nil
      }
    }
    set {
      switch member {
      case .color: color = newValue
      case .opacity: opacity = newValue
      case .width: width = newValue
      case .type, .name, .matchName, .hidden, .lineCap, .lineJoin, .miterLimit, .dashes: break
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
      case .width: width = LottieAnimated(json: item, at: at, in: &context)
      case .lineCap: lineCap = context.lottieInteger(item, at: at)
      case .lineJoin: lineJoin = context.lottieInteger(item, at: at)
      case .miterLimit: miterLimit = context.lottieNumber(item, at: at)
      case .dashes: dashes = item
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
      case .width:
        guard let width else { continue }
        w.key(member)
        width.write(to: &w)
      case .lineCap: LottieWriting.integer(lineCap, member, to: &w)
      case .lineJoin: LottieWriting.integer(lineJoin, member, to: &w)
      case .miterLimit: LottieWriting.number(miterLimit, member, to: &w)
      case .dashes: LottieWriting.json(dashes, member, to: &w)
      }
    }
    others.write(to: &w)
    w.endObject()
  }
}
