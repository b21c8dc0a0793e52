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

/// A position split into its dimensions, each a scalar property of its own.
struct LottieSplitPosition: LottieCoding {
  // swift-format-ignore: Lottie's keys, packed a few to a line
  enum Member: String, WireMember, Hashable {
    case split = "s", x, y, z
  }

  var x: LottieAnimated<LottieNumbers>
  var y: LottieAnimated<LottieNumbers>
  var z: LottieAnimated<LottieNumbers>?
  var others = LottieOtherMembers()

  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
    guard let members = context.lottieMembers(value, at: pointer, as: Member.self) else {
      return nil
    }
    var read: [Member: LottieAnimated<LottieNumbers>] = [:]
    for member in Member.allCases {
      let at = pointer / member
      switch member {
      case .split: continue
      case .x, .y:
        guard
          let item = context.required(
            members[member], at: at, "a split position's \(member.rawValue)")
        else { continue }
        read[member] = LottieAnimated(json: item, at: at, in: &context)
      case .z:
        read[member] = members[member].flatMap { LottieAnimated(json: $0, at: at, in: &context) }
      }
    }
    guard let x = read[.x], let y = read[.y] else { return nil }
    self.x = x
    self.y = y
    z = read[.z]
    others = members.others
  }

  func write(to w: inout JSONWriter) {
    w.beginObject()
    for member in Member.allCases {
      switch member {
      case .split:
        w.member(member, true)
      case .x: w.lottie(member, x)
      case .y: w.lottie(member, y)
      case .z: w.lottie(member, z)
      }
    }
    others.write(to: &w)
    w.endObject()
  }
}
