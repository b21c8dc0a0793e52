/// An asset (lottie-spec 1.0 "Assets"): a precomposition (`id` and its `layers`, which
/// precomposition layers show through `refId`) or an image (`w`, `h`, and the file `u` + `p`, or
/// a data URL in `p` with `e: 1`).
struct LottieAsset: LottieObject {
  // Lottie's keys, a few to a line, as a key table reads best.
  // swift-format-ignore
  enum Member: String, WireMember, Hashable {
    case id, name = "nm", layers, frameRate = "fr", width = "w", height = "h", directory = "u"
    case path = "p", embedded = "e"
  }

  var id, name, directory, path: String?
  var layers: [LottieLayer]?
  var frameRate, width, height: Double?
  var embedded: Int?
  var others = LottieOtherMembers()

  static let fields: [Member: LottieField<Self>] = [
    .id: .string(\.id), .name: .string(\.name), .layers: .list(\.layers),
    .frameRate: .number(\.frameRate), .width: .number(\.width), .height: .number(\.height),
    .directory: .string(\.directory), .path: .string(\.path), .embedded: .integer(\.embedded),
  ]
}
