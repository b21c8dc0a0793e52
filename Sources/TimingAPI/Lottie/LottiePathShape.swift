/// A Bézier path (`sh`): `ks`, still or keyframed (a keyframed path is a shape morph), with
/// the direction `d`.
struct LottiePathShape: LottieObject {
  // swift-format-ignore: Lottie's keys, packed a few to a line
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
