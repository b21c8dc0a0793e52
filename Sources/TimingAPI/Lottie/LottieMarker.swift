/// A marker (lottie-spec 1.0 "Marker"): a named span of frames, `tm` to `tm` + `dr`.
struct LottieMarker: LottieObject {
  // Lottie's keys, a few to a line, as a key table reads best.
  // swift-format-ignore
  enum Member: String, WireMember, Hashable {
    case comment = "cm", time = "tm", duration = "dr"
  }

  var comment: String?
  var time, duration: Double?
  var others = LottieOtherMembers()

  static let fields: [Member: LottieField<Self>] = [
    .comment: .string(\.comment), .time: .number(\.time), .duration: .number(\.duration),
  ]
}
