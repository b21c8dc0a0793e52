/// One of a keyframe's easing handles (lottie-spec 1.0 "Easing Handle"): `o` leaves the
/// keyframe, `i` arrives at the next, each a point of the unit square as a cubic-bezier()'s
/// control points are. `x` and `y` hold one number for every dimension, or one per dimension
/// (per-dimension easing: a position whose x and y ease differently).
struct LottieEasingHandle: LottieCoding {
  // Lottie's keys, a few to a line, as a key table reads best.
  // swift-format-ignore
  enum Member: String, WireMember, Hashable {
    case x, y
  }

  var x: LottieNumbers
  var y: LottieNumbers
  var others = LottieOtherMembers()

  init(x: Double, y: Double) {
    // Arrays of one, as bodymovin writes them: lottie-web reads `x[0]` when `x` is an array.
    self.x = LottieNumbers([x])
    self.y = LottieNumbers([y])
  }

  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
    guard let members = context.lottieMembers(value, at: pointer, as: Member.self) else {
      return nil
    }
    var read: [Member: LottieNumbers] = [:]
    for member in Member.allCases {
      guard
        let item = context.required(
          members[member], at: pointer / member, "a number, or one number per dimension")
      else { continue }
      guard let numbers = LottieNumbers(json: item, at: pointer / member, in: &context) else {
        continue
      }
      // A handle for no dimension leaves the segment without an easing.
      guard !numbers.values.isEmpty else {
        context.fail(pointer / member, "must hold a number, or one number per dimension")
        continue
      }
      read[member] = numbers
    }
    guard let x = read[.x], let y = read[.y] else { return nil }
    self.x = x
    self.y = y
    others = members.others
  }

  /// The handle of dimension `d`: its own where the file gives one per dimension, else the
  /// one for all.
  func point(dimension d: Int) -> (x: Double, y: Double) {
    (x.values[min(d, x.values.count - 1)], y.values[min(d, y.values.count - 1)])
  }

  func write(to w: inout JSONWriter) {
    w.beginObject()
    for member in Member.allCases {
      w.key(member)
      switch member {
      case .x: x.write(to: &w)
      case .y: y.write(to: &w)
      }
    }
    others.write(to: &w)
    w.endObject()
  }
}
