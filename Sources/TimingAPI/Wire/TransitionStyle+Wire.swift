import TimingEngine

extension TransitionStyle.Kind: WireName {
  static var constantPrefix: String? { "kCATransition" }
}

extension TransitionStyle.Subtype: WireName {
  static var constantPrefix: String? { "kCATransition" }
}

/// A transition animation's members (`CATransition`; semantics.md §3.7).
extension TransitionStyle {
  enum Member: String, WireMember {
    case transitionType, subtype, startProgress, endProgress
  }

  /// Absent members, and members that fail, keep `TransitionStyle`'s defaults.
  init(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
    self.init()
    if let v = value[Member.transitionType] {
      type = context.choice(v, at: pointer / Member.transitionType) ?? type
    }
    if let v = value[Member.subtype] {
      subtype = context.choice(v, at: pointer / Member.subtype) ?? subtype
    }
    startProgress =
      context.number(value[Member.startProgress], at: pointer / Member.startProgress, in: 0...1)
      ?? 0
    endProgress =
      context.number(value[Member.endProgress], at: pointer / Member.endProgress, in: 0...1) ?? 1
  }

  /// The type and subtype; the progress range is not written back (see `Animation.write`).
  func write(to w: inout JSONWriter) {
    w.member(Member.transitionType, type.rawValue)
    w.member(Member.subtype, subtype.rawValue)
  }
}
