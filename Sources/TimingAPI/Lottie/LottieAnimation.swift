/// A Lottie document (lottie-spec 1.0 "Animation"): its frame rate, the frames `ip`…`op` it
/// plays, its size, assets and layers (the first drawn on top). What a file holds beyond the
/// model (fonts, characters, slots, metadata, a tool's own members) is kept on a round trip.
struct LottieAnimation: LottieObject {
  /// Lottie's keys: `v` the bodymovin version it was written for, `ver` the lottie-spec
  /// version (10000 for 1.0).
  // Lottie's keys, a few to a line, as a key table reads best.
  // swift-format-ignore
  enum Member: String, WireMember, Hashable {
    case version = "v", specVersion = "ver", name = "nm", matchName = "mn", threeD = "ddd"
    case frameRate = "fr", inPoint = "ip", outPoint = "op", width = "w", height = "h", assets
    case layers, markers
  }

  var version, name, matchName: String?
  var specVersion, threeD: Int?
  var frameRate, inPoint, outPoint, width, height: Double?
  var assets: [LottieAsset]?
  var layers: [LottieLayer]?
  var markers: [LottieMarker]?
  var others = LottieOtherMembers()

  static let fields: [Member: LottieField<Self>] = [
    .version: .string(\.version), .specVersion: .integer(\.specVersion), .name: .string(\.name),
    .matchName: .string(\.matchName), .threeD: .integer(\.threeD), .frameRate: .number(\.frameRate),
    .inPoint: .number(\.inPoint), .outPoint: .number(\.outPoint), .width: .number(\.width),
    .height: .number(\.height), .assets: .list(\.assets), .layers: .list(\.layers),
    .markers: .list(\.markers),
  ]
}
