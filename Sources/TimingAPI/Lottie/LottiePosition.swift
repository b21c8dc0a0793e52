/// A transform's position (lottie-spec 1.0 "Position" and "Split Vector"): one animated
/// vector — whose keyframes may carry spatial tangents — or split into separately animated
/// `x` and `y` (and `z`), each with its own keyframes and easing (`{"s": true, "x": …}`).
enum LottiePosition: LottieCoding {
  case combined(LottieAnimated<LottieNumbers>)
  case split(LottieSplitPosition)

  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
    if case .bool(true)? = value[LottieSplitPosition.Member.split] {
      guard let split = LottieSplitPosition(json: value, at: pointer, in: &context) else {
        return nil
      }
      for (member, dimension) in [(LottieSplitPosition.Member.x, split.x), (.y, split.y)]
      where dimension == nil {
        context.fail(pointer / member, "is required: a split position's \(member.rawValue)")
      }
      guard split.x != nil, split.y != nil else { return nil }
      self = .split(split)
    } else {
      guard let combined = LottieAnimated<LottieNumbers>(json: value, at: pointer, in: &context)
      else { return nil }
      self = .combined(combined)
    }
  }

  func write(to w: inout JSONWriter) {
    switch self {
    case .combined(let animated): animated.write(to: &w)
    case .split(let split): split.write(to: &w)
    }
  }
}

/// A position split into its dimensions, each a scalar property of its own; `x` and `y` are
/// required (`LottiePosition` says so where they are missing).
struct LottieSplitPosition: LottieObject {
  // Lottie's keys, a few to a line, as a key table reads best.
  // swift-format-ignore
  enum Member: String, WireMember, Hashable {
    case split = "s", x, y, z
  }

  /// Always true: what tells a split position from a combined one.
  var split: Bool? = true
  var x, y, z: LottieAnimated<LottieNumbers>?
  var others = LottieOtherMembers()

  static let fields: [Member: LottieField<Self>] = [
    .split: .bool(\.split), .x: .animated(\.x), .y: .animated(\.y), .z: .animated(\.z),
  ]
}
