import TimingEngine

/// Material 3's motion tokens as Material publishes them: one flat object keyed by token name
/// (`md.sys.motion.duration.medium2`), durations as `"300ms"`, easings as `cubic-bezier(…)` or,
/// for "emphasized", as its two-segment path (`EasingPath`), and springs as `{"damping": 0.9,
/// "stiffness": 700}` — Compose's damping ratio and stiffness (Material's `MotionScheme`), which
/// is the `android` API of `POST /v1/springs`.
struct MaterialTokens: Sendable {
  /// Each motion token, its name's segments split at the dots (`md`, `sys`, `motion`, …).
  let tokens: [ReadToken]
  /// Names of Material's other tokens (colours, shapes, type), which pass through.
  let otherCount: Int

  /// The members of a spring.
  enum SpringMember: String, WireMember {
    case damping, stiffness
  }

  /// The prefix of Material's motion token names.
  static let motionPrefix = "md.sys.motion."

  /// Whether `document` has Material's shape: a flat object whose names are Material's
  /// (`md.…`: a dotted name, which no DTCG name may be).
  static func recognizes(_ document: JSONValue) -> Bool {
    guard case .object(let members) = document, !members.isEmpty else { return false }
    return members.allSatisfy { $0.0.hasPrefix("md.") }
  }

  init(json document: JSONValue, in context: inout DecodingContext) {
    var tokens: [ReadToken] = []
    var others = 0
    for (name, value) in context.object(document, at: JSONPointer()) ?? [] {
      let at = JSONPointer() / name
      guard name.hasPrefix(Self.motionPrefix) else {
        others += 1
        continue
      }
      if let meaning = Self.meaning(value, at: at, in: &context) {
        tokens.append(
          ReadToken(
            path: name.split(separator: ".").map(String.init), pointer: at, meaning: meaning))
      }
    }
    self.tokens = tokens
    otherCount = others
  }

  static func meaning(
    _ value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext
  )
    -> MotionToken.Meaning?
  {
    switch value {
    case .string(let text):
      let trimmed = text.trimmingCharacters(in: " ")
      if trimmed.hasPrefix("M") || trimmed.hasPrefix("m") {
        do throws(EasingPath.Failure) {
          return .pathEasing(try EasingPath(svg: trimmed))
        } catch {
          switch error {
          case .invalid(let message): context.fail(pointer, "is not an easing path: \(message)")
          }
          return nil
        }
      }
      // A duration ends in s and starts as a number does (a sign too: "-5ms" is refused as a
      // duration, not as an easing).
      if let last = trimmed.last, last == "s",
        let first = trimmed.first, first.isNumber || "+-.".contains(first)
      {
        return MotionToken.seconds(value, at: pointer, in: &context).map(
          MotionToken.Meaning.duration)
      }
      return MotionToken.easing(text, at: pointer, in: &context)
    case .object:
      guard let members = context.object(value, at: pointer) else { return nil }
      for (name, _) in members where SpringMember(rawValue: name) == nil {
        context.fail(pointer / name, "is not a member of a Material spring: damping, stiffness")
      }
      // Compose's spring(dampingRatio, stiffness), the android API's parameters.
      let spring = JSONValue.object([
        (
          SpringAPI.android.rawValue,
          .object([
            (SpringParameter.stiffness.rawValue, value[SpringMember.stiffness] ?? .null),
            (SpringParameter.dampingRatio.rawValue, value[SpringMember.damping] ?? .null),
          ])
        )
      ])
      return GivenSpring(json: spring, at: pointer, in: &context).map {
        MotionToken.Meaning.spring($0, standIn: nil)
      }
    case .null, .bool, .number, .array:
      context.fail(
        pointer, "must be a duration (\"300ms\"), an easing or a spring, not \(value.typeName)")
      return nil
    }
  }
}
