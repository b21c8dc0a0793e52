/// A solid stroke (`st`): colour `c`, opacity `o`, width `w`, line cap `lc` and join `lj` (1
/// butt/miter, 2 round, 3 square/bevel), miter limit `ml`, and dashes `d` (kept as written).
struct LottieStroke: LottieObject {
  enum Member: String, WireMember, Hashable {
    case color = "c"
    case opacity = "o"
    case width = "w"
    case lineCap = "lc"
    case lineJoin = "lj"
    case miterLimit = "ml"
    case dashes = "d"
  }

  var color, opacity, width: LottieAnimated<LottieNumbers>?
  var lineCap, lineJoin: Int?
  var miterLimit: Double?
  var dashes: JSONValue?
  var others = LottieOtherMembers()

  init() {}

  static let fields: [Member: LottieField<Self>] = [
    .color: .animated(\.color), .opacity: .animated(\.opacity), .width: .animated(\.width),
    .lineCap: .integer(\.lineCap), .lineJoin: .integer(\.lineJoin),
    .miterLimit: .number(\.miterLimit), .dashes: .json(\.dashes),
  ]
}
