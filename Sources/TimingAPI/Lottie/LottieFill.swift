/// A solid fill (`fl`): colour `c` (0–1 channels), opacity `o` (0–100), the fill rule `r`
/// (1 non-zero, 2 even-odd).
struct LottieFill: LottieObject {
  // Lottie's keys, a few to a line, as a key table reads best.
  // swift-format-ignore
  enum Member: String, WireMember, Hashable {
    case color = "c", opacity = "o", fillRule = "r"
  }

  var color, opacity: LottieAnimated<LottieNumbers>?
  var fillRule: Int?
  var others = LottieOtherMembers()

  static let fields: [Member: LottieField<Self>] = [
    .color: .animated(\.color), .opacity: .animated(\.opacity), .fillRule: .integer(\.fillRule),
  ]
}
