import TimingEngine

/// A motion token as a DTCG 2025.10 token (the tokens compiler's `dtcg` target, docs/tokens.md
/// "DTCG"): valid against the format's schemas, so a DTCG-only tool reads it. A duration, a
/// cubic Bézier and a transition are themselves; what DTCG has no type for — a spring, an easing
/// path, `steps()`, `linear()` — is a `cubicBezier` whose value is the one cubic closest to it
/// (`CubicBezierFit`, its error stated), with the exact form beside it in the service's
/// `$extensions` members, which the service reads back to the same meaning.
struct TokenDTCG: Sendable {
  /// The token object: `$type`, `$value`, the source's `$description` and `$extensions` (the
  /// service's own rewritten).
  let token: JSONValue
  /// The largest difference in progress between `$value` and the exact easing; 0 where exact.
  let maxError: Double

  init(_ read: ReadToken) {
    var extensions: [(String, JSONValue)] = []
    // The source's own members first, as written; the service's are written below.
    if case .object(let members)? = read.extensions {
      extensions = members.filter {
        $0.0 != MotionToken.springExtension && $0.0 != MotionToken.easingExtension
          && $0.0 != MotionToken.standInErrorExtension
      }
    }
    let type: DesignTokenType
    let value: JSONValue
    var error = 0.0
    func standIn(_ exact: (Double) -> Double) -> JSONValue {
      let fit = CubicBezierFit(exact)
      error = fit.maxError
      extensions.append((MotionToken.standInErrorExtension, .number(fit.maxError)))
      return Self.cubicBezier(fit.bezier)
    }
    switch read.meaning {
    case .duration(let seconds):
      type = .duration
      value = Self.duration(seconds)
    case .cubicBezier(let bezier):
      type = .cubicBezier
      value = Self.cubicBezier(bezier)
    case .transition(let duration, let delay, let function):
      type = .transition
      value = .object([
        (MotionToken.TransitionMember.duration.rawValue, Self.duration(duration)),
        (MotionToken.TransitionMember.delay.rawValue, Self.duration(delay)),
        (MotionToken.TransitionMember.timingFunction.rawValue, Self.cubicBezier(function)),
      ])
    case .spring(let given, _):
      type = .cubicBezier
      extensions.append((MotionToken.springExtension, Self.given(given)))
      value = Self.springStandIn(given.curve, standIn)
    case .physicalSpring(let curve):
      type = .cubicBezier
      extensions.append((MotionToken.springExtension, Self.coreAnimation(curve)))
      value = Self.springStandIn(curve, standIn)
    case .bounce(let bounce):
      type = .cubicBezier
      extensions.append(
        (
          MotionToken.easingExtension,
          .object([(MotionToken.BounceMember.bounce.rawValue, .number(bounce))])
        ))
      value =
        TokenCSS.bounceCurve(bounce).map { Self.springStandIn($0, standIn) }
        ?? Self.cubicBezier(CubicBezier(0, 0, 1, 1))
    case .easing(let function):
      type = .cubicBezier
      if let (x1, y1, x2, y2) = function.controlPoints {
        // A keyword (`ease`, …) is a cubic Bézier exactly.
        value = Self.cubicBezier(CubicBezier(x1, y1, x2, y2))
      } else {
        extensions.append((MotionToken.easingExtension, .string(function.cssText)))
        value = standIn { function.evaluate($0) }
      }
    case .pathEasing(let path):
      type = .cubicBezier
      extensions.append((MotionToken.easingExtension, .string(path.svg)))
      value = standIn { path.progress($0) }
    }
    var members: [(String, JSONValue)] = [
      (DesignTokenDocument.TokenMember.type.rawValue, .string(type.rawValue)),
      (DesignTokenDocument.TokenMember.value.rawValue, value),
    ]
    if let description = read.description {
      members.append((DesignTokenDocument.TokenMember.description.rawValue, .string(description)))
    }
    if !extensions.isEmpty {
      members.append((DesignTokenDocument.TokenMember.extensions.rawValue, .object(extensions)))
    }
    token = .object(members)
    maxError = error
  }

  /// A spring's stand-in: the cubic closest to it over its settling time (a spring that never
  /// settles has none: straight, error 1 stated by the fit of a line).
  private static func springStandIn(
    _ curve: SpringCurve, _ standIn: ((Double) -> Double) -> JSONValue
  ) -> JSONValue {
    guard let settling = curve.settlingDuration, settling.isFinite, settling > 0 else {
      return standIn { $0 }
    }
    return standIn { curve.progress($0 * settling) }
  }

  /// `{"value": 200, "unit": "ms"}`: milliseconds with the decimal point moved, as CSS has
  /// them (0.07 s is 70, not 70.00000000000001).
  static func duration(_ seconds: Double) -> JSONValue {
    let text = MillisecondsText.text(seconds)
    let milliseconds = Double(text.dropLast(2)) ?? seconds * 1000
    return .object([
      (MotionToken.DurationMember.value.rawValue, .number(milliseconds)),
      (MotionToken.DurationMember.unit.rawValue, .string("ms")),
    ])
  }

  static func cubicBezier(_ b: CubicBezier) -> JSONValue {
    .array([.number(b.x1), .number(b.y1), .number(b.x2), .number(b.y2)])
  }

  /// A spring in the service's extension as it was given: its API's parameters (and its
  /// distance where not 1).
  static func given(_ spring: GivenSpring) -> JSONValue {
    var members: [(String, JSONValue)] = [
      (
        spring.given.api.rawValue,
        .object(spring.given.named.map { ($0.0.rawValue, JSONValue.number($0.1)) })
      )
    ]
    if spring.distance != 1 {
      members.append((GivenSpring.Member.distance.rawValue, .number(spring.distance)))
    }
    return .object(members)
  }

  /// A physical spring in the service's extension: Core Animation's parameters.
  static func coreAnimation(_ curve: SpringCurve) -> JSONValue {
    .object([
      (
        SpringAPI.coreAnimation.rawValue,
        .object([
          (SpringParameter.mass.rawValue, .number(curve.mass)),
          (SpringParameter.stiffness.rawValue, .number(curve.stiffness)),
          (SpringParameter.damping.rawValue, .number(curve.damping)),
          (SpringParameter.initialVelocity.rawValue, .number(curve.initialVelocity)),
        ])
      )
    ])
  }

  /// The cubic Bézier stand-ins the document needs fitted, charged before they are made.
  static func cost(_ meaning: MotionToken.Meaning) -> Int {
    switch meaning {
    case .duration, .cubicBezier, .transition: 0
    case .spring, .physicalSpring, .bounce, .pathEasing: WorkCost.tokenCubicFit
    case .easing(let function): function.controlPoints == nil ? WorkCost.tokenCubicFit : 0
    }
  }
}

extension TokenDTCG {
  /// The DTCG document of `tokens`: a group per name segment, each token where its name puts
  /// it. A segment DTCG does not take as a name (one starting with `$`, or holding `{`, `}` or
  /// `.`) has those characters written as `_`; a token whose name is also a group's (Figma's
  /// `motion/fast` beside `motion/fast/x`) becomes that group's `$root`.
  static func document(_ tokens: [(path: [String], token: JSONValue)]) -> JSONValue {
    final class Node {
      var token: JSONValue?
      var children: [(String, Node)] = []
      var index: [String: Int] = [:]
      func child(_ name: String) -> Node {
        if let i = index[name] { return children[i].1 }
        let node = Node()
        index[name] = children.count
        children.append((name, node))
        return node
      }
      var json: JSONValue {
        if children.isEmpty, let token { return token }
        var members: [(String, JSONValue)] = []
        if let token { members.append((DesignTokenDocument.GroupMember.root.rawValue, token)) }
        members += children.map { ($0.0, $0.1.json) }
        return .object(members)
      }
    }
    let root = Node()
    for (path, token) in tokens {
      var node = root
      for segment in path where segment != DesignTokenDocument.GroupMember.root.rawValue {
        node = node.child(Self.name(segment))
      }
      // Two tokens of one name (after the names were made valid): the later one wins, as a
      // repeated member does in JSON.
      node.token = token
    }
    return root.children.isEmpty ? .object([]) : root.json
  }

  /// A name segment as DTCG takes it: not starting with `$`, no `{`, `}` or `.`, not empty.
  static func name(_ segment: String) -> String {
    var out = String(segment.map { "{}.".contains($0) ? "_" : $0 })
    if out.hasPrefix("$") { out = "_" + out.dropFirst() }
    return out.isEmpty ? "_" : out
  }
}
