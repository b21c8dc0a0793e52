/// A Lottie document (lottie-spec 1.0 "Animation"): its frame rate, the frames `ip`…`op` it
/// plays, its size, assets and layers (the first drawn on top). What a file holds beyond the
/// model (fonts, characters, slots, metadata, a tool's own members) is kept on a round trip.
struct LottieAnimation: Sendable, Equatable {
  enum Member: String, WireMember, Hashable {
    /// The bodymovin version it was written for.
    case version = "v"
    /// The lottie-spec version, 10000 for 1.0.
    case specVersion = "ver"
    case name = "nm"
    case matchName = "mn"
    case threeD = "ddd"
    case frameRate = "fr"
    case inPoint = "ip"
    case outPoint = "op"
    case width = "w"
    case height = "h"
    case assets
    case layers
    case markers
  }

  var version: String?
  var specVersion: Int?
  var name: String?
  var matchName: String?
  var threeD: Int?
  var frameRate: Double?
  var inPoint: Double?
  var outPoint: Double?
  var width: Double?
  var height: Double?
  var assets: [LottieAsset]?
  var layers: [LottieLayer]?
  var markers: [LottieMarker]?
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
      case .version: version = context.lottieString(item, at: at)
      case .specVersion: specVersion = context.lottieInteger(item, at: at)
      case .name: name = context.lottieString(item, at: at)
      case .matchName: matchName = context.lottieString(item, at: at)
      case .threeD: threeD = context.lottieInteger(item, at: at)
      case .frameRate: frameRate = context.lottieNumber(item, at: at)
      case .inPoint: inPoint = context.lottieNumber(item, at: at)
      case .outPoint: outPoint = context.lottieNumber(item, at: at)
      case .width: width = context.lottieNumber(item, at: at)
      case .height: height = context.lottieNumber(item, at: at)
      case .assets:
        assets = context.lottieArray(item, at: at) { item, at, context in
          LottieAsset(json: item, at: at, in: &context)
        }
      case .layers:
        layers = context.lottieArray(item, at: at) { item, at, context in
          LottieLayer(json: item, at: at, in: &context)
        }
      case .markers:
        markers = context.lottieArray(item, at: at) { item, at, context in
          LottieMarker(json: item, at: at, in: &context)
        }
      }
    }
    others = members.others
  }

  /// Writes the document; `appending` writes members of the writer's own after the model's
  /// (the export's account of itself, which players ignore).
  func write(to w: inout JSONWriter, appending: (inout JSONWriter) -> Void = { _ in }) {
    w.beginObject()
    for member in Member.allCases {
      switch member {
      case .version: LottieWriting.string(version, member, to: &w)
      case .specVersion: LottieWriting.integer(specVersion, member, to: &w)
      case .name: LottieWriting.string(name, member, to: &w)
      case .matchName: LottieWriting.string(matchName, member, to: &w)
      case .threeD: LottieWriting.integer(threeD, member, to: &w)
      case .frameRate: LottieWriting.number(frameRate, member, to: &w)
      case .inPoint: LottieWriting.number(inPoint, member, to: &w)
      case .outPoint: LottieWriting.number(outPoint, member, to: &w)
      case .width: LottieWriting.number(width, member, to: &w)
      case .height: LottieWriting.number(height, member, to: &w)
      case .assets:
        guard let assets else { continue }
        w.key(member)
        w.beginArray()
        for item in assets { item.write(to: &w) }
        w.endArray()
      case .layers:
        guard let layers else { continue }
        w.key(member)
        w.beginArray()
        for item in layers { item.write(to: &w) }
        w.endArray()
      case .markers:
        guard let markers else { continue }
        w.key(member)
        w.beginArray()
        for item in markers { item.write(to: &w) }
        w.endArray()
      }
    }
    others.write(to: &w)
    appending(&w)
    w.endObject()
  }
}
