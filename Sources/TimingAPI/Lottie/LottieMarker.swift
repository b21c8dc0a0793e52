/// A marker (lottie-spec 1.0 "Marker"): a named span of frames, `tm` to `tm` + `dr`.
struct LottieMarker: LottieObject {
  enum Member: String, WireMember, Hashable {
    case comment = "cm"
    case time = "tm"
    case duration = "dr"
  }

  var comment: String?
  var time, duration: Double?
  var others = LottieOtherMembers()

  init() {}

  static let fields: [Member: LottieField<Self>] = [
    .comment: .string(\.comment), .time: .number(\.time), .duration: .number(\.duration),
  ]
}
