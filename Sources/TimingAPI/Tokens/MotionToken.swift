import TimingEngine

/// What a motion token means: a duration, a cubic Bézier, a transition (DTCG 2025.10 "Duration",
/// "Cubic Bézier", "Transition"), or a spring, which DTCG has not, given in the service's own
/// `$extensions` member (`springExtension`) as one API of `POST /v1/springs`. Read from the
/// token's resolved value; each problem at its pointer in the token's `$value` (or
/// `$extensions`).
struct MotionToken: Sendable {
  indirect enum Meaning: Sendable {
    case duration(seconds: Double)
    case cubicBezier(CubicBezier)
    case transition(duration: Double, delay: Double, timingFunction: CubicBezier)
    /// The spring, and the token's own value beside it (a DTCG-only tool's stand-in), if any.
    case spring(GivenSpring, standIn: Meaning?)
    /// A physical spring given by its mass, stiffness, damping and initial velocity (Figma's
    /// `CUSTOM_SPRING` in a prototype transition).
    case physicalSpring(SpringCurve)
    /// A spring given only by its bounce (Figma's motion variables, read as SwiftUI's: damping
    /// ratio 1 − bounce for a bounce ≥ 0): its time scale is the duration it is used with, and
    /// Figma does not publish how it stretches a spring over its segment.
    case bounce(Double)
    /// Any other easing a CSS string names: `steps()`, `linear()`, a keyword.
    case easing(TimingFunction)
    /// An easing of several cubic segments (Material's "emphasized").
    case pathEasing(EasingPath)
  }

  let token: DesignToken
  let meaning: Meaning

  /// The `$extensions` member a spring is given in: the service's domain, reversed, as DTCG
  /// asks vendors to name theirs.
  static let springExtension = "dev.animation-timing.spring"

  /// The exact easing, where a token's `$value` is a cubic Bézier standing in for it (the
  /// `dtcg` target, docs/tokens.md): an easing as the service writes it (CSS's `steps()`,
  /// `linear()`, a keyword, or an SVG path of cubic segments), or a bounce-only spring as
  /// `{"bounce": b}`.
  static let easingExtension = "dev.animation-timing.easing"
  /// The stand-in's largest error in progress, written beside the exact form (not read).
  static let standInErrorExtension = "dev.animation-timing.standInError"

  enum BounceMember: String, WireMember {
    case bounce
  }

  /// A duration's units (format/values/duration.json).
  enum DurationMember: String, WireMember {
    case value, unit
  }

  enum TransitionMember: String, WireMember {
    case duration, delay, timingFunction
  }

  /// The longest duration read, seconds: what a request's times may be (±1e9 s keeps their
  /// arithmetic exact enough).
  static let maxSeconds = 1e9

  /// The token's meaning; nil when it is not a motion token (no problem), or after problems.
  init?(_ token: DesignToken, in context: inout DecodingContext) {
    let valuePointer = token.pointer / DesignTokenDocument.TokenMember.value
    var ownMeaning: Meaning?
    if let type = token.type, type.isMotion {
      let problemsBefore = context.problems.count
      ownMeaning = Self.meaning(type, token.value, at: valuePointer, in: &context)
      guard context.problems.count == problemsBefore else { return nil }
    }
    if let easing = token.extensions?[Self.easingExtension] {
      let at = token.pointer / DesignTokenDocument.TokenMember.extensions / Self.easingExtension
      if token.extensions?[Self.springExtension] != nil {
        context.fail(
          at, "give the exact easing once: \(Self.springExtension) is given too")
        return nil
      }
      guard let meaning = Self.exactEasing(easing, at: at, in: &context) else { return nil }
      self.init(token: token, meaning: meaning)
      return
    }
    if let spring = token.extensions?[Self.springExtension] {
      let at = token.pointer / DesignTokenDocument.TokenMember.extensions / Self.springExtension
      guard let given = GivenSpring(json: spring, at: at, in: &context) else { return nil }
      self.init(token: token, meaning: .spring(given, standIn: ownMeaning))
      return
    }
    guard let ownMeaning else { return nil }
    self.init(token: token, meaning: ownMeaning)
  }

  private init(token: DesignToken, meaning: Meaning) {
    self.token = token
    self.meaning = meaning
  }

  static func meaning(
    _ type: DesignTokenType, _ value: JSONValue, at pointer: JSONPointer,
    in context: inout DecodingContext
  ) -> Meaning? {
    switch type {
    case .duration: return seconds(value, at: pointer, in: &context).map(Meaning.duration)
    case .cubicBezier:
      // A CSS easing string where the array goes: what design tools export.
      if case .string(let text) = value { return easing(text, at: pointer, in: &context) }
      return cubicBezier(value, at: pointer, in: &context).map(Meaning.cubicBezier)
    case .transition:
      guard let members = context.object(value, at: pointer) else { return nil }
      for (name, _) in members where TransitionMember(rawValue: name) == nil {
        context.fail(
          pointer / name, "is not a member of a transition: duration, delay, timingFunction")
      }
      func required(_ member: TransitionMember, _ what: String) -> JSONValue? {
        context.required(value[member], at: pointer / member, what)
      }
      let duration = required(.duration, "a duration").flatMap {
        seconds($0, at: pointer / TransitionMember.duration, in: &context)
      }
      let delay = required(.delay, "a duration").flatMap {
        seconds($0, at: pointer / TransitionMember.delay, in: &context)
      }
      let function = required(.timingFunction, "a cubic Bézier").flatMap {
        cubicBezier($0, at: pointer / TransitionMember.timingFunction, in: &context)
      }
      guard let duration, let delay, let function else { return nil }
      return .transition(duration: duration, delay: delay, timingFunction: function)
    case .color, .dimension, .fontFamily, .fontWeight, .number, .strokeStyle, .border, .shadow,
      .gradient, .typography:
      return nil
    }
  }

  /// `{"value": 200, "unit": "ms"}` (2025.10), or the earlier drafts' `"200ms"` / `"0.2s"`.
  static func seconds(
    _ value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext
  )
    -> Double?
  {
    let amount: Double?
    let unit: String?
    let unitPointer = pointer / DurationMember.unit
    switch value {
    case .string(let text):
      // The number, then the unit: "ms" is tried before "s", which it ends with.
      let suffix = text.hasSuffix("ms") ? "ms" : text.hasSuffix("s") ? "s" : ""
      unit = suffix.isEmpty ? nil : suffix
      amount = DecodingContext.number(String(text.dropLast(suffix.count)), in: 0...1e12)
      guard amount != nil, unit != nil else {
        context.fail(
          pointer,
          "'\(text.prefix(40))' is not a duration: {\"value\": 200, \"unit\": \"ms\"} or \"200ms\"")
        return nil
      }
    case .object(let members):
      for (name, _) in members where DurationMember(rawValue: name) == nil {
        context.fail(pointer / name, "is not a member of a duration: value, unit")
      }
      amount = context.number(
        context.required(
          value[DurationMember.value], at: pointer / DurationMember.value, "a number"),
        at: pointer / DurationMember.value, in: 0...1e12, what: "a number of at least 0")
      unit = context.string(
        context.required(value[DurationMember.unit], at: unitPointer, "ms or s"), at: unitPointer)
    case .null, .bool, .number, .array:
      context.fail(
        pointer, "must be a duration, {\"value\": 200, \"unit\": \"ms\"}, not \(value.typeName)")
      return nil
    }
    guard var amount, let unit else { return nil }
    amount += 0  // -0 is in 0...1e12; as 0 it is written back "0ms", not "-0ms".
    let seconds: Double
    switch unit {
    case "ms": seconds = amount / 1000
    case "s": seconds = amount
    default:
      context.fail(unitPointer, "'\(unit.prefix(20))' is not a unit of duration: ms or s")
      return nil
    }
    guard seconds <= maxSeconds else {
      context.fail(pointer, "is longer than \(numberText(maxSeconds)) s")
      return nil
    }
    return seconds
  }

  /// The exact easing the `dtcg` target writes beside a stand-in cubic Bézier
  /// (`Self.easingExtension`): a CSS easing, an SVG path of cubic segments, or a bounce-only
  /// spring `{"bounce": b}`.
  static func exactEasing(
    _ value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext
  ) -> Meaning? {
    switch value {
    case .string(let text):
      guard text.hasPrefix("M") || text.hasPrefix("m") else {
        return easing(text, at: pointer, in: &context)
      }
      do throws(EasingPath.Failure) {
        return .pathEasing(try EasingPath(svg: text))
      } catch {
        switch error {
        case .invalid(let message): context.fail(pointer, "is not an easing path: \(message)")
        }
        return nil
      }
    case .object(let members):
      for (name, _) in members where BounceMember(rawValue: name) == nil {
        context.fail(pointer / name, "is not a member of a bounce-only spring: bounce")
      }
      let at = pointer / BounceMember.bounce
      return context.number(
        context.required(value[BounceMember.bounce], at: at, "a number in [-1, 1]"),
        at: at, in: -1...1
      ).map(Meaning.bounce)
    case .null, .bool, .number, .array:
      context.fail(
        pointer,
        "must be an easing (\"steps(4)\", \"linear(…)\", an SVG path) or {\"bounce\": b}, not \(value.typeName)"
      )
      return nil
    }
  }

  /// A CSS easing string: `cubic-bezier()` as a cubic Bézier, any other function or keyword as
  /// itself.
  static func easing(_ text: String, at pointer: JSONPointer, in context: inout DecodingContext)
    -> Meaning?
  {
    do throws(TimingFunctionParseError) {
      let function = try TimingFunction(parsing: text)
      switch function {
      case .cubicBezier(let bezier), .controlPoints(let bezier): return .cubicBezier(bezier)
      // The service's spring(mass, stiffness, damping, velocity) is a spring, which CSS states
      // as linear(), not as that text.
      case .spring(let curve): return .physicalSpring(curve)
      case .named, .steps, .linear: return .easing(function)
      }
    } catch {
      context.fail(pointer, "'\(text.prefix(60))' is not an easing: \(error.message)")
      return nil
    }
  }

  /// `[x1, y1, x2, y2]`, the x in [0, 1] (format/values/cubicBezier.json).
  static func cubicBezier(
    _ value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext
  ) -> CubicBezier? {
    guard let items = context.array(value, at: pointer, max: 4) else { return nil }
    guard items.count == 4 else {
      context.fail(pointer, "must be 4 numbers, [x1, y1, x2, y2]; it has \(items.count)")
      return nil
    }
    var numbers: [Double] = []
    for (i, item) in items.enumerated() {
      let range: ClosedRange<Double> = i % 2 == 0 ? 0...1 : -1e6...1e6
      guard
        let n = context.number(
          item, at: pointer / i, in: range, what: i % 2 == 0 ? "an x in [0, 1]" : "a number")
      else { return nil }
      numbers.append(n)
    }
    return CubicBezier(numbers[0], numbers[1], numbers[2], numbers[3])
  }
}
