import TimingEngine

extension FillMode: WireName {
  static var constantPrefix: String? { "kCAFillMode" }
}

/// An animation's `CAMediaTiming` members (semantics.md §1).
extension MediaTiming {
  enum Member: String, WireMember {
    case duration, beginTime, speed, timeOffset, repeatCount, repeatDuration, autoreverses,
      fillMode
  }

  /// Absent members keep `MediaTiming`'s defaults; a member that fails keeps its default too.
  init(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
    self.init()
    duration =
      context.warnIfMilliseconds(
        context.number(
          value[Member.duration], at: pointer / Member.duration, in: 0...1e9,
          what: "a finite number ≥ 0"), at: pointer / Member.duration) ?? 0
    beginTime = context.number(value[Member.beginTime], at: pointer / Member.beginTime) ?? 0
    speed = context.number(value[Member.speed], at: pointer / Member.speed, in: -1e6...1e6) ?? 1
    timeOffset = context.number(value[Member.timeOffset], at: pointer / Member.timeOffset) ?? 0
    if let count = value[Member.repeatCount] {
      repeatCount = Self.repeatCount(count, at: pointer / Member.repeatCount, in: &context)
    }
    repeatDuration =
      context.number(
        value[Member.repeatDuration], at: pointer / Member.repeatDuration, in: 0...1e9) ?? 0
    autoreverses =
      context.bool(value[Member.autoreverses], at: pointer / Member.autoreverses) ?? false
    if let fill = value[Member.fillMode] {
      fillMode = context.choice(fill, at: pointer / Member.fillMode) ?? .removed
    }
  }

  /// A number ≥ 0, or forever: "infinity", or a number of 1e100 or more (JSON has no infinity;
  /// semantics.md §1.2 treats `Float.greatestFiniteMagnitude` and more as forever).
  private static func repeatCount(
    _ value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext
  ) -> Double {
    if case .string(let text) = value, text == "infinity" { return .infinity }
    if case .number(let n) = value, n >= 1e100 { return .infinity }
    return context.number(value, at: pointer, in: 0...1e9, what: "a number ≥ 0 or \"infinity\"")
      ?? 0
  }

  /// The duration always; the other members where they differ from their defaults.
  func write(to w: inout JSONWriter) {
    w.member(Member.duration, duration)
    for (member, value, skip) in [
      (Member.beginTime, beginTime, 0.0), (.speed, speed, 1), (.timeOffset, timeOffset, 0),
      (.repeatDuration, repeatDuration, 0),
    ] where value != skip {
      w.member(member, value)
    }
    if repeatCount != 0 {
      w.key(Member.repeatCount)
      if repeatCount.isInfinite { w.string("infinity") } else { w.number(repeatCount) }
    }
    if autoreverses {
      w.member(Member.autoreverses, true)
    }
    if fillMode != .removed {
      w.member(Member.fillMode, fillMode.rawValue)
    }
  }
}
