import TimingEngine

/// A DTIF document's motion tokens (the Design Token Interchange Format,
/// dtif.lapidist.net): DTCG's tree (`DesignTokenDocument`, dialect `.dtif`) with DTIF's own
/// values — a duration `{"durationType", "value", "unit"}` in `ms`, `s`, `frames` (at the token's
/// `fps`, else the document's, 60 unless given, and said) or `%` (relative to something the
/// token does not name: passed through with a warning); an easing `{"easingFunction",
/// "parameters"}`: `cubic-bezier` [x1, y1, x2, y2], `spring` [mass, stiffness, damping, initial
/// velocity] (as DTIF documents them, UISpringTimingParameters' and SpringForce's magnitudes),
/// `steps` [count, position] and the CSS keywords. Its `motion` type (a transform to animate,
/// not a timing) passes through with every other type.
struct DTIFTokens: Sendable {
  let tokens: [ReadToken]
  /// Tokens of other types, which pass through.
  let otherCount: Int

  enum DurationMember: String, WireMember {
    case durationType, value, unit, fps
  }

  enum EasingMember: String, WireMember {
    case easingFunction, parameters
  }

  /// DTIF's `$schema` (core.json) names its documents.
  static func recognizes(_ document: JSONValue) -> Bool {
    if case .string(let schema)? = document[DesignTokenDocument.GroupMember.schema] {
      return schema.contains("dtif")
    }
    // DTIF's document version, which DTCG has not (DTIF's dtcg-migration example carries it
    // and no $schema).
    return document[Self.versionMember] != nil
  }

  static let versionMember = "$version"

  /// `fps`: frames a second for durations in frames that do not state theirs.
  init(json document: JSONValue, fps: Double = 60, in context: inout DecodingContext) {
    var tokens: [ReadToken] = []
    var others = 0
    for token in DesignTokenDocument(json: document, dialect: .dtif, in: &context).tokens {
      let at = token.pointer / DesignTokenDocument.TokenMember.value
      var notes: [String] = []
      let meaning: MotionToken.Meaning?
      switch token.typeName {
      case "duration"?:
        meaning = Self.duration(token.value, at: at, fps: fps, notes: &notes, in: &context)
      case "easing"?: meaning = Self.easing(token.value, at: at, in: &context)
      default:
        others += 1
        continue
      }
      if let meaning {
        tokens.append(
          ReadToken(
            path: token.path, pointer: at, meaning: meaning, notes: notes,
            description: token.description, extensions: token.extensions))
      }
    }
    self.tokens = tokens
    otherCount = others
  }

  static func duration(
    _ value: JSONValue, at pointer: JSONPointer, fps defaultFPS: Double, notes: inout [String],
    in context: inout DecodingContext
  ) -> MotionToken.Meaning? {
    guard context.object(value, at: pointer) != nil else { return nil }
    let valuePointer = pointer / DurationMember.value
    guard
      let amount = context.number(
        context.required(value[DurationMember.value], at: valuePointer, "a number"),
        at: valuePointer, in: 0...1e12, what: "a number of at least 0"),
      let unit = context.requiredString(
        value[DurationMember.unit], at: pointer / DurationMember.unit, "ms, s, frames or %")
    else { return nil }
    // Seconds within what a DTCG duration may be (`MotionToken.maxSeconds`).
    func seconds(_ s: Double) -> MotionToken.Meaning? {
      guard s <= MotionToken.maxSeconds else {
        context.fail(valuePointer, "is longer than \(numberText(MotionToken.maxSeconds)) s")
        return nil
      }
      return .duration(seconds: s)
    }
    switch unit {
    case "ms": return seconds(amount / 1000)
    case "s": return seconds(amount)
    case "frames":
      let fps =
        value[DurationMember.fps].flatMap {
          context.number($0, at: pointer / DurationMember.fps, in: 1...1000)
        } ?? defaultFPS
      notes.append("\(numberText(amount)) frames at \(numberText(fps)) fps")
      return seconds(amount / fps)
    case "%":
      context.warn(
        pointer,
        "a duration of \(numberText(amount)) % is relative to one the token does not name: passed through"
      )
      return nil
    default:
      context.fail(
        pointer / DurationMember.unit,
        "'\(unit.prefix(20))' is not a unit of duration: ms, s, frames or %")
      return nil
    }
  }

  static func easing(
    _ value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext
  ) -> MotionToken.Meaning? {
    guard context.object(value, at: pointer) != nil,
      let function = context.requiredString(
        value[EasingMember.easingFunction], at: pointer / EasingMember.easingFunction,
        "cubic-bezier, spring, steps or a CSS keyword")
    else { return nil }
    let parametersPointer = pointer / EasingMember.parameters
    let parameters = value[EasingMember.parameters]
    func numbers(_ count: Int) -> [Double]? {
      guard
        let items = context.array(
          context.required(parameters, at: parametersPointer, "\(count) numbers"),
          at: parametersPointer, max: count), items.count == count
      else {
        if parameters != nil { context.fail(parametersPointer, "must be \(count) numbers") }
        return nil
      }
      var out: [Double] = []
      for (i, item) in items.enumerated() {
        guard let n = context.number(item, at: parametersPointer / i) else { return nil }
        out.append(n)
      }
      return out
    }
    switch function {
    case "cubic-bezier":
      guard let p = numbers(4) else { return nil }
      return MotionToken.cubicBezier(
        .array(p.map(JSONValue.number)), at: parametersPointer, in: &context
      ).map(MotionToken.Meaning.cubicBezier)
    case "spring":
      guard let p = numbers(4) else { return nil }
      do throws(TimingFunctionParseError) {
        return .physicalSpring(
          try TimingFunction.checkedSpring(
            mass: p[0], stiffness: p[1], damping: p[2], initialVelocity: p[3]))
      } catch {
        context.fail(parametersPointer, "is not a spring Core Animation can run: \(error.message)")
        return nil
      }
    case "steps":
      // CSS's own text: steps(count, position).
      guard case .array(let items)? = parameters, !items.isEmpty else {
        context.fail(parametersPointer, "must be [count] or [count, position]")
        return nil
      }
      let text = items.map { item -> String in
        switch item {
        case .number(let n): numberText(n)
        case .string(let s): s
        case .null, .bool, .array, .object: "?"
        }
      }.joined(separator: ", ")
      return MotionToken.easing("steps(\(text))", at: parametersPointer, in: &context)
    default:
      // The CSS keywords (`ease`, `ease-in`, `linear`, `step-start`, …).
      return MotionToken.easing(function, at: pointer / EasingMember.easingFunction, in: &context)
    }
  }
}
