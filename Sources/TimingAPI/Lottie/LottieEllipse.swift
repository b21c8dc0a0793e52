/// An ellipse (`el`): centre `p` and size `s`, with the direction `d` of its path.
struct LottieEllipse: LottieObject {
  enum Member: String, WireMember, Hashable {
    case direction = "d"
    case position = "p"
    case size = "s"
  }

  var direction: Int?
  var position, size: LottieAnimated<LottieNumbers>?
  var others = LottieOtherMembers()

  init() {}

  static let fields: [Member: LottieField<Self>] = [
    .direction: .integer(\.direction), .position: .animated(\.position), .size: .animated(\.size),
  ]
}
