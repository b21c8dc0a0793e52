/// An asset (lottie-spec 1.0 "Assets"): a precomposition (`id` and its `layers`, which
/// precomposition layers show through `refId`) or an image (`w`, `h`, and the file `u` + `p`, or
/// a data URL in `p` with `e: 1`).
struct LottieAsset: Sendable, Equatable {
  enum Member: String, WireMember, Hashable {
    case id
    case name = "nm"
    case layers
    case frameRate = "fr"
    case width = "w"
    case height = "h"
    case directory = "u"
    case path = "p"
    case embedded = "e"
  }

  var id: String?
  var name: String?
  var layers: [LottieLayer]?
  var frameRate: Double?
  var width: Double?
  var height: Double?
  var directory: String?
  var path: String?
  var embedded: Int?
  var others = LottieOtherMembers()

  init() {}

  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
    guard let members = context.lottieMembers(value, at: pointer, as: Member.self) else {
      return nil
    }
    for member in Member.allCases {
      guard let item = members[member] else { continue }
      let at = pointer / member
      switch member {
      case .id: id = context.lottieString(item, at: at)
      case .name: name = context.lottieString(item, at: at)
      case .layers:
        layers = context.lottieArray(item, at: at) { item, at, context in
          LottieLayer(json: item, at: at, in: &context)
        }
      case .frameRate: frameRate = context.lottieNumber(item, at: at)
      case .width: width = context.lottieNumber(item, at: at)
      case .height: height = context.lottieNumber(item, at: at)
      case .directory: directory = context.lottieString(item, at: at)
      case .path: path = context.lottieString(item, at: at)
      case .embedded: embedded = context.lottieInteger(item, at: at)
      }
    }
    others = members.others
  }

  func write(to w: inout JSONWriter) {
    w.beginObject()
    for member in Member.allCases {
      switch member {
      case .id: LottieWriting.string(id, member, to: &w)
      case .name: LottieWriting.string(name, member, to: &w)
      case .layers:
        guard let layers else { continue }
        w.key(member)
        w.beginArray()
        for item in layers { item.write(to: &w) }
        w.endArray()
      case .frameRate: LottieWriting.number(frameRate, member, to: &w)
      case .width: LottieWriting.number(width, member, to: &w)
      case .height: LottieWriting.number(height, member, to: &w)
      case .directory: LottieWriting.string(directory, member, to: &w)
      case .path: LottieWriting.string(path, member, to: &w)
      case .embedded: LottieWriting.integer(embedded, member, to: &w)
      }
    }
    others.write(to: &w)
    w.endObject()
  }
}
