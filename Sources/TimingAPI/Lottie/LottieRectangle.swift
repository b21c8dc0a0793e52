/// A rectangle (`rc`): centre `p`, size `s`, corner roundness `r`, in the layer's pixels; `d`,
/// the direction its path runs (1 clockwise, 3 counter-clockwise), which trims and fills with
/// holes read.
struct LottieRectangle: LottieObject {
  // Lottie's keys, a few to a line, as a key table reads best.
  // swift-format-ignore
  enum Member: String, WireMember, Hashable {
    case direction = "d", position = "p", size = "s", roundness = "r"
  }

  var direction: Int?
  var position, size, roundness: LottieAnimated<LottieNumbers>?
  var others = LottieOtherMembers()

  static let fields: [Member: LottieField<Self>] = [
    .direction: .integer(\.direction), .position: .animated(\.position), .size: .animated(\.size),
    .roundness: .animated(\.roundness),
  ]
}
