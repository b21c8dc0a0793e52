/// A Bézier path (`sh`): `ks`, still or keyframed (a keyframed path is a shape morph), with
/// the direction `d`.
struct LottiePathShape: LottieObject {
  // Lottie's keys, a few to a line, as a key table reads best.
  // swift-format-ignore
  enum Member: String, WireMember, Hashable {
    case direction = "d", shape = "ks"
  }

  var direction: Int?
  var shape: LottieAnimated<LottiePathValue>?
  var others = LottieOtherMembers()

  static let fields: [Member: LottieField<Self>] = [
    .direction: .integer(\.direction), .shape: .value(\.shape),
  ]
}
