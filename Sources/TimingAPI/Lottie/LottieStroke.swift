/// A solid stroke (`st`): colour `c`, opacity `o`, width `w`, line cap `lc` and join `lj` (1
/// butt/miter, 2 round, 3 square/bevel), miter limit `ml`, and dashes `d` (kept as written).
struct LottieStroke: LottieObject {
  // Lottie's keys, a few to a line, as a key table reads best.
  // swift-format-ignore
  enum Member: String, WireMember, Hashable {
    case color = "c", opacity = "o", width = "w", lineCap = "lc", lineJoin = "lj"
    case miterLimit = "ml", dashes = "d"
  }

  var color, opacity, width: LottieAnimated<LottieNumbers>?
  var lineCap, lineJoin: Int?
  var miterLimit: Double?
  var dashes: JSONValue?
  var others = LottieOtherMembers()

  static let fields: [Member: LottieField<Self>] = [
    .color: .animated(\.color), .opacity: .animated(\.opacity), .width: .animated(\.width),
    .lineCap: .integer(\.lineCap), .lineJoin: .integer(\.lineJoin),
    .miterLimit: .number(\.miterLimit), .dashes: .json(\.dashes),
  ]
}
