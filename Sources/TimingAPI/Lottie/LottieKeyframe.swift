/// One keyframe of an animated Lottie property (lottie-spec 1.0 "Keyframe"): at frame `t` the
/// value `s`; the segment to the next keyframe held (`h: 1`) or eased through the handles `o`
/// and `i`; a position's spatial tangents `to`/`ti` (the path between this value and the next is
/// a cubic Bézier through value + `to` and next − … + `ti`); `e`, the segment's end value, in
/// bodymovin files before 5.5 (later ones take the next keyframe's `s`).
struct LottieKeyframe<Value: LottieValue>: LottieCoding {
  enum Member: String, WireMember, Hashable {
    case time = "t"
    case start = "s"
    case end = "e"
    case hold = "h"
    case outHandle = "o"
    case inHandle = "i"
    case name = "n"
    case spatialOut = "to"
    case spatialIn = "ti"
  }

  /// `n`: the names bodymovin gave a segment's easing, one or one per dimension. Players cache
  /// easings by it (rlottie and lottie-web), so a writer gives each distinct curve its own.
  enum Name: Sendable, Equatable {
    case one(String)
    case perDimension([String])
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
      case .name: name = Self.name(item, at: at, in: &context)
      case .spatialOut: spatialOut = LottieNumbers(json: item, at: at, in: &context)
      case .spatialIn: spatialIn = LottieNumbers(json: item, at: at, in: &context)
      }
    }
    others = members.others
  }

  private static func name(
    _ value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext
  ) -> Name? {
    if case .array = value {
      return context.lottieArray(value, at: pointer) { item, at, context in
        context.lottieString(item, at: at)
      }.map(Name.perDimension)
    }
    return context.lottieString(value, at: pointer).map(Name.one)
  }

  func write(to w: inout JSONWriter) {
    w.beginObject()
    for member in Member.allCases {
      switch member {
      case .time:
        w.key(member)
        w.number(time)
      case .start:
        guard let start else { continue }
        w.key(member)
        start.write(to: &w)
      case .end:
        guard let end else { continue }
        w.key(member)
        end.write(to: &w)
      case .hold:
        guard let hold else { continue }
        w.key(member)
        w.number(hold)
      case .outHandle:
        guard let outHandle else { continue }
        w.key(member)
        outHandle.write(to: &w)
      case .inHandle:
        guard let inHandle else { continue }
        w.key(member)
        inHandle.write(to: &w)
      case .name:
        guard let name else { continue }
        w.key(member)
        switch name {
        case .one(let text): w.string(text)
        case .perDimension(let texts):
          w.beginArray()
          for text in texts { w.string(text) }
          w.endArray()
        }
      case .spatialOut:
        guard let spatialOut else { continue }
        w.key(member)
        spatialOut.write(to: &w)
      case .spatialIn:
        guard let spatialIn else { continue }
        w.key(member)
        spatialIn.write(to: &w)
      }
    }
    others.write(to: &w)
    w.endObject()
  }
}
