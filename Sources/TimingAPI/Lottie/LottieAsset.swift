/// An asset (lottie-spec 1.0 "Assets"): a precomposition (`id` and its `layers`, which
/// precomposition layers show through `refId`) or an image (`w`, `h`, and the file `u` + `p`, or
/// a data URL in `p` with `e: 1`).
struct LottieAsset: LottieObject {
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

  var id, name, directory, path: String?
  var layers: [LottieLayer]?
  var frameRate, width, height: Double?
  var embedded: Int?
  var others = LottieOtherMembers()

  init() {}

  static let fields: [Member: LottieField<Self>] = [
    .id: .string(\.id), .name: .string(\.name), .layers: .list(\.layers),
    .frameRate: .number(\.frameRate), .width: .number(\.width), .height: .number(\.height),
    .directory: .string(\.directory), .path: .string(\.path), .embedded: .integer(\.embedded),
  ]
}
