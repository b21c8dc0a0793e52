/// A layer's transform (`ks`) or a shape group's (`{"ty": "tr", …}`, its type and name
/// `LottieShape`'s) (lottie-spec 1.0 "Transform"): a point is moved by −anchor, scaled
/// (percent), skewed by `sk` degrees along the axis at `sa` degrees, rotated (degrees
/// clockwise; `rz` in 3D, with `rx`, `ry` and the orientation `or`), then moved to the
/// position; `o` is opacity 0–100, and a repeater's transform fades from `so` to `eo`. The
/// model names the members; what they make together is the evaluator's.
struct LottieTransform: LottieObject {
  // Lottie's keys, a few to a line, as a key table reads best.
  // swift-format-ignore
  enum Member: String, WireMember, Hashable {
    case anchor = "a", position = "p", scale = "s", rotation = "r", opacity = "o", skew = "sk"
    case skewAxis = "sa", rotationX = "rx", rotationY = "ry", rotationZ = "rz", orientation = "or"
    case startOpacity = "so", endOpacity = "eo"
  }

  var anchor, scale, rotation, opacity, skew, skewAxis, rotationX, rotationY, rotationZ,
    orientation, startOpacity, endOpacity: LottieAnimated<LottieNumbers>?
  var position: LottiePosition?
  var others = LottieOtherMembers()

  static let fields: [Member: LottieField<Self>] = [
    .anchor: .animated(\.anchor), .position: .position(\.position), .scale: .animated(\.scale),
    .rotation: .animated(\.rotation), .opacity: .animated(\.opacity), .skew: .animated(\.skew),
    .skewAxis: .animated(\.skewAxis), .rotationX: .animated(\.rotationX),
    .rotationY: .animated(\.rotationY), .rotationZ: .animated(\.rotationZ),
    .orientation: .animated(\.orientation), .startOpacity: .animated(\.startOpacity),
    .endOpacity: .animated(\.endOpacity),
  ]
}
