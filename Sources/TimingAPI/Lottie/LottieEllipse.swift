/// An ellipse (`el`): centre `p` and size `s`, with the direction `d` of its path.
struct LottieEllipse: LottieObject {
  // swift-format-ignore: Lottie's keys, packed a few to a line
  enum Member: String, WireMember, Hashable {
    case direction = "d", position = "p", size = "s"
  }

  var direction: Int?
  var position, size: LottieAnimated<LottieNumbers>?
  var others = LottieOtherMembers()

  static let fields: [Member: LottieField<Self>] = [
    .direction: .integer(\.direction), .position: .animated(\.position), .size: .animated(\.size),
  ]
}
