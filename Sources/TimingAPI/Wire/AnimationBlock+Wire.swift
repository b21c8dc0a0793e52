import TimingEngine

/// A UIKit animation block (`animate` in a script event or an action request):
/// `{"duration", "delay", "options": [...], "spring": {"dampingRatio", "velocity"}}`.
extension AnimationBlock {
  enum Member: String, WireMember {
    case duration, delay, options, spring
  }

  /// The members of `spring`.
  enum SpringMember: String, WireMember {
    case dampingRatio, velocity
  }

  /// Nil when absent, or when not an object (reported).
  init?(json value: JSONValue?, at pointer: JSONPointer, in context: inout DecodingContext) {
    guard let members = context.object(value, at: pointer) else { return nil }
    let object = JSONValue.object(members)
    context.rejectUnknownMembers(object, allowed: Member.self, at: pointer)
    // 0.2 s when not given (openapi.yaml, AnimationBlock).
    self.init(
      duration: context.warnIfMilliseconds(
        context.number(object[Member.duration], at: pointer / Member.duration, in: 0...1e6),
        at: pointer / Member.duration) ?? 0.2)
    delay = context.number(object[Member.delay], at: pointer / Member.delay, in: 0...1e6) ?? 0
    let options = pointer / Member.options
    for (i, item) in (context.array(object[Member.options], at: options, max: 32) ?? [])
      .enumerated()
    {
      guard let name = context.string(item, at: options / i) else { continue }
      guard let option = AnimationBlockOption(rawValue: name) else {
        let names = AnimationBlockOption.allCases.map(\.rawValue).sorted()
        context.fail(
          options / i,
          "unknown option; use \(names.joined(separator: ", "))"
            + NameSuggestion(names).hint(for: name))
        continue
      }
      option.apply(to: &self)
    }
    let at = pointer / Member.spring
    if let spring = context.object(object[Member.spring], at: at) {
      let s = JSONValue.object(spring)
      context.rejectUnknownMembers(s, allowed: SpringMember.self, at: at)
      let ratio =
        context.number(
          s[SpringMember.dampingRatio], at: at / SpringMember.dampingRatio, in: 0.01...1) ?? 1
      let velocity =
        context.number(s[SpringMember.velocity], at: at / SpringMember.velocity, in: -1e4...1e4)
        ?? 0
      self.spring = (ratio, velocity)
    }
  }
}
