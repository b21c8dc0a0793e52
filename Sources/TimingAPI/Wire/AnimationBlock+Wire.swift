import TimingEngine

/// A UIKit animation block (`animate` in a script event or an action request):
/// `{"duration", "delay", "options": [...], "spring": {"dampingRatio", "velocity"}}`.
extension AnimationBlock {
  static let wireMembers: Set<String> = ["duration", "delay", "options", "spring"]

  /// Nil when absent, or when not an object (reported).
  init?(json value: JSONValue?, at pointer: JSONPointer, in context: inout DecodingContext) {
    guard let members = context.object(value, at: pointer) else { return nil }
    let object = JSONValue.object(members)
    context.rejectUnknownMembers(object, allowed: Self.wireMembers, at: pointer)
    // 0.2 s when not given (openapi.yaml, AnimationBlock).
    self.init(
      duration: context.number(object["duration"], at: pointer / "duration", in: 0...1e6) ?? 0.2)
    delay = context.number(object["delay"], at: pointer / "delay", in: 0...1e6) ?? 0
    for (i, item) in (context.array(object["options"], at: pointer / "options", max: 32) ?? [])
      .enumerated()
    {
      guard let name = context.string(item, at: pointer / "options" / i) else { continue }
      guard let option = AnimationBlockOption(rawValue: name) else {
        context.fail(
          pointer / "options" / i,
          "unknown option; use \(AnimationBlockOption.allCases.map(\.rawValue).sorted().joined(separator: ", "))"
        )
        continue
      }
      option.apply(to: &self)
    }
    if let spring = context.object(object["spring"], at: pointer / "spring") {
      let s = JSONValue.object(spring)
      context.rejectUnknownMembers(
        s, allowed: ["dampingRatio", "velocity"], at: pointer / "spring")
      let ratio =
        context.number(s["dampingRatio"], at: pointer / "spring" / "dampingRatio", in: 0.01...1)
        ?? 1
      let velocity =
        context.number(s["velocity"], at: pointer / "spring" / "velocity", in: -1e4...1e4) ?? 0
      self.spring = (ratio, velocity)
    }
  }
}
