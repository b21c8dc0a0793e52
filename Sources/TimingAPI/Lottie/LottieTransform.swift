/// A layer's transform (`ks`) or a shape group's (`{"ty": "tr", …}`) (lottie-spec 1.0
/// "Transform"): a point is moved by −anchor, scaled (percent), skewed by `sk` degrees along
/// the axis at `sa` degrees, rotated (degrees clockwise; `rz` in 3D, with `rx`, `ry` and the
/// orientation `or`), then moved to the position; `o` is opacity 0–100, and a repeater's
/// transform fades from `so` to `eo`. Where the order is written out as a matrix, that is the
/// Lottie reader's business (docs/lottie.md); the model only names the members.
struct LottieTransform: Sendable, Equatable {
  enum Member: String, WireMember, Hashable {
    /// `tr` when the transform is a shape group's item; absent on a layer's `ks`.
    case type = "ty"
    case name = "nm"
    case matchName = "mn"
    case hidden = "hd"
    case anchor = "a"
    case position = "p"
    case scale = "s"
    case rotation = "r"
    case opacity = "o"
    case skew = "sk"
    case skewAxis = "sa"
    case rotationX = "rx"
    case rotationY = "ry"
    case rotationZ = "rz"
    case orientation = "or"
    case startOpacity = "so"
    case endOpacity = "eo"
  }

  var type: String?
  var name: String?
  var matchName: String?
  var hidden: Bool?
  var anchor: LottieAnimated<LottieNumbers>?
  var position: LottiePosition?
  var scale: LottieAnimated<LottieNumbers>?
  var rotation: LottieAnimated<LottieNumbers>?
  var opacity: LottieAnimated<LottieNumbers>?
  var skew: LottieAnimated<LottieNumbers>?
  var skewAxis: LottieAnimated<LottieNumbers>?
  var rotationX: LottieAnimated<LottieNumbers>?
  var rotationY: LottieAnimated<LottieNumbers>?
  var rotationZ: LottieAnimated<LottieNumbers>?
  var orientation: LottieAnimated<LottieNumbers>?
  var startOpacity: LottieAnimated<LottieNumbers>?
  var endOpacity: LottieAnimated<LottieNumbers>?
  var others = LottieOtherMembers()

  init() {}

  /// The animated properties by member, so that code that treats them alike (a reader's
  /// evaluation, the export's placement) names a member rather than a stored property.
  subscript(_ member: Member) -> LottieAnimated<LottieNumbers>? {
    get {
      switch member {
      case .type, .name, .matchName, .hidden: nil
      case .position:
        if case .combined(let animated)? = position { animated } else { nil }
      case .anchor: anchor
      case .scale: scale
      case .rotation: rotation
      case .opacity: opacity
      case .skew: skew
      case .skewAxis: skewAxis
      case .rotationX: rotationX
      case .rotationY: rotationY
      case .rotationZ: rotationZ
      case .orientation: orientation
      case .startOpacity: startOpacity
      case .endOpacity: endOpacity
      }
    }
    set {
      switch member {
      case .type, .name, .matchName, .hidden: break
      case .position: position = newValue.map(LottiePosition.combined)
      case .anchor: anchor = newValue
      case .scale: scale = newValue
      case .rotation: rotation = newValue
      case .opacity: opacity = newValue
      case .skew: skew = newValue
      case .skewAxis: skewAxis = newValue
      case .rotationX: rotationX = newValue
      case .rotationY: rotationY = newValue
      case .rotationZ: rotationZ = newValue
      case .orientation: orientation = newValue
      case .startOpacity: startOpacity = newValue
      case .endOpacity: endOpacity = newValue
      }
    }
  }

  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
    guard let members = context.lottieMembers(value, at: pointer, as: Member.self) else {
      return nil
    }
    for member in Member.allCases {
      guard let item = members[member] else { continue }
      let at = pointer / member
      switch member {
      case .type: type = context.lottieString(item, at: at)
      case .name: name = context.lottieString(item, at: at)
      case .matchName: matchName = context.lottieString(item, at: at)
      case .hidden: hidden = context.bool(item, at: at)
      case .position: position = LottiePosition(json: item, at: at, in: &context)
      case .anchor, .scale, .rotation, .opacity, .skew, .skewAxis, .rotationX, .rotationY,
        .rotationZ, .orientation, .startOpacity, .endOpacity:
        self[member] = LottieAnimated(json: item, at: at, in: &context)
      }
    }
    others = members.others
  }

  func write(to w: inout JSONWriter) {
    w.beginObject()
    for member in Member.allCases {
      switch member {
      case .type: LottieWriting.string(type, member, to: &w)
      case .name: LottieWriting.string(name, member, to: &w)
      case .matchName: LottieWriting.string(matchName, member, to: &w)
      case .hidden: LottieWriting.bool(hidden, member, to: &w)
      case .position:
        guard let position else { continue }
        w.key(member)
        position.write(to: &w)
      case .anchor, .scale, .rotation, .opacity, .skew, .skewAxis, .rotationX, .rotationY,
        .rotationZ, .orientation, .startOpacity, .endOpacity:
        guard let animated = self[member] else { continue }
        w.key(member)
        animated.write(to: &w)
      }
    }
    others.write(to: &w)
    w.endObject()
  }
}
