/// An ellipse (`el`): centre `p` and size `s`, with the direction `d` of its path.
struct LottieEllipse: LottieObject {
  // Lottie's keys, a few to a line, as a key table reads best.
  // swift-format-ignore
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
