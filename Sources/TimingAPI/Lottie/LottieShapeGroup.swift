/// A group (`gr`): its items `it`, drawn in order, the last of them usually its transform
/// (`tr`); `np`, the number of its properties, as After Effects wrote it.
struct LottieShapeGroup: LottieObject {
  // Lottie's keys, a few to a line, as a key table reads best.
  // swift-format-ignore
  enum Member: String, WireMember, Hashable {
    case items = "it", propertyCount = "np"
  }

  var items: [LottieShape]?
  var propertyCount: Double?
  var others = LottieOtherMembers()

  static let fields: [Member: LottieField<Self>] = [
    .items: .list(\.items), .propertyCount: .number(\.propertyCount),
  ]
}
