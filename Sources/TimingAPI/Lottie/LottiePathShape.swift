/// A Bézier path (`sh`): `ks`, still or keyframed (a keyframed path is a shape morph), with
/// the direction `d`.
struct LottiePathShape: LottieObject {
  enum Member: String, WireMember, Hashable {
    case direction = "d"
    case shape = "ks"
  }

  var direction: Int?
  var shape: LottieAnimated<LottiePathValue>?
  var others = LottieOtherMembers()

  init() {}

  static let fields: [Member: LottieField<Self>] = [
    .direction: .integer(\.direction), .shape: .value(\.shape),
  ]
}
