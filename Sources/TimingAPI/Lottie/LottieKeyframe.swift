/// One keyframe of an animated Lottie property (lottie-spec 1.0 "Keyframe"): at frame `t` the
/// value `s`; the segment to the next keyframe held (`h: 1`) or eased through the handles `o`
/// and `i`; a position's spatial tangents `to`/`ti` (the path between this value and the next is
/// a cubic Bézier through value + `to` and next − … + `ti`); `e`, the segment's end value, in
/// bodymovin files before 5.5 (later ones take the next keyframe's `s`).
struct LottieKeyframe<Value: LottieValue>: LottieCoding {
  // Lottie's keys, a few to a line, as a key table reads best.
  // swift-format-ignore
  enum Member: String, WireMember, Hashable {
    case time = "t", start = "s", end = "e", hold = "h", outHandle = "o", inHandle = "i"
    case name = "n", spatialOut = "to", spatialIn = "ti"
  }

  /// `n`: the names bodymovin gave a segment's easing, one or one per dimension. Players cache
  /// easings by it (rlottie and lottie-web), so a writer gives each distinct curve its own.
  enum Name: LottieCoding {
    case one(String)
    case perDimension([String])

    init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
      if case .array = value {
        guard
          let texts = context.lottieArray(value, at: pointer, { $2.lottieString($0, at: $1) })
        else { return nil }
        self = .perDimension(texts)
      } else {
        guard let text = context.lottieString(value, at: pointer) else { return nil }
        self = .one(text)
      }
    }

    func write(to w: inout JSONWriter) {
      switch self {
      case .one(let text): w.string(text)
      case .perDimension(let texts): w.strings(texts)
      }
    }
  }

  var time: Double
  var start: Value?
  var end: Value?
  /// 1: the value holds until the next keyframe; 0 or absent: it is eased.
  var hold: Int?
  var outHandle: LottieEasingHandle?
  var inHandle: LottieEasingHandle?
  var name: Name?
  var spatialOut: LottieNumbers?
  var spatialIn: LottieNumbers?
  var others = LottieOtherMembers()

  init(time: Double, start: Value?) {
    self.time = time
    self.start = start
  }

  var isHold: Bool { hold.map { $0 != 0 } ?? false }

  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
    guard let members = context.lottieMembers(value, at: pointer, as: Member.self) else {
      return nil
    }
    guard
      let t = context.lottieNumber(
        context.required(members[.time], at: pointer / Member.time, "the keyframe's frame"),
        at: pointer / Member.time)
    else { return nil }
    time = t
    for member in Member.allCases {
      guard let item = members[member] else { continue }
      let at = pointer / member
      switch member {
      case .time: continue
      case .start: start = Value(json: item, at: at, in: &context)
      case .end: end = Value(json: item, at: at, in: &context)
      case .hold: hold = context.lottieInteger(item, at: at)
      case .outHandle: outHandle = LottieEasingHandle(json: item, at: at, in: &context)
      case .inHandle: inHandle = LottieEasingHandle(json: item, at: at, in: &context)
      case .name: name = Name(json: item, at: at, in: &context)
      case .spatialOut: spatialOut = LottieNumbers(json: item, at: at, in: &context)
      case .spatialIn: spatialIn = LottieNumbers(json: item, at: at, in: &context)
      }
    }
    others = members.others
  }

  func write(to w: inout JSONWriter) {
    w.beginObject()
    for member in Member.allCases {
      switch member {
      case .time:
        w.member(member, time)
      case .hold: w.lottie(member, hold)
      case .start: w.lottie(member, start)
      case .end: w.lottie(member, end)
      case .outHandle: w.lottie(member, outHandle)
      case .inHandle: w.lottie(member, inHandle)
      case .name: w.lottie(member, name)
      case .spatialOut: w.lottie(member, spatialOut)
      case .spatialIn: w.lottie(member, spatialIn)
      }
    }
    others.write(to: &w)
    w.endObject()
  }
}
