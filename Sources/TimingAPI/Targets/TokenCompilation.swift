import TimingEngine

/// A token document compiled (docs/tokens.md): every motion token's exact meaning, its CSS
/// value with the error it has, and its reduced-motion variant's; written as the JSON answer of
/// `POST /v1/tokens` or as a style sheet of custom properties.
struct TokenCompilation: Sendable {
  struct Compiled: Sendable {
    let token: ReadToken
    let css: Result<TokenCSS, TokenCSS.Failure>
    let reduced: MotionToken.Meaning
    let reducedCSS: Result<TokenCSS, TokenCSS.Failure>
    /// Its DTCG token, when the answer has it (`Targets.dtcg`).
    let dtcg: TokenDTCG?
    /// Every spring API's values, for a spring, when the answer has them (`Targets.springs`).
    let springs: Result<TokenSprings, TokenSprings.Failure>?
    /// The spring a `linear()` token is, fitted (with `Targets.springs`).
    let fittedSpring: TokenSpringFit?
  }

  /// What an answer needs made beside each token's CSS and reduced variant: a style sheet
  /// needs neither of these, a DTCG document no spring APIs (2.8 ms a stand-in, up to 30 ms a
  /// spring's APIs, not spent on an answer that does not show them).
  struct Targets: Sendable {
    var dtcg: Bool
    var springs: Bool

    static let all = Targets(dtcg: true, springs: true)
  }

  let document: TokenDocument
  let tokens: [Compiled]
  let rule: ReducedMotion
  let maxError: Double

  init(
    _ document: TokenDocument, maxError: Double, reducedMotion rule: ReducedMotion,
    targets: Targets = .all
  ) {
    self.document = document
    self.maxError = maxError
    self.rule = rule
    tokens = document.tokens.map { token in
      let css = TokenCSS.css(token.meaning, maxError: maxError)
      let reduced = rule.change(token.meaning)
      return Compiled(
        token: token, css: css, reduced: reduced ?? token.meaning,
        reducedCSS: reduced.map { TokenCSS.css($0, maxError: maxError) } ?? css,
        dtcg: targets.dtcg ? TokenDTCG(token) : nil,
        springs: targets.springs ? TokenSprings.forms(token.meaning) : nil,
        fittedSpring: targets.springs ? TokenSpringFit.fit(token.meaning) : nil)
    }
  }

  /// The work a compilation is charged, before it starts: each motion token compiled and
  /// written, the CSS of it and of its reduced-motion variant (`TokenCSS.cost`, measured per
  /// kind of fit; the variant's charged even where it is the token's own CSS, a bound the work
  /// stays under), its DTCG stand-in's fit and a spring's values in every API.
  static func cost(
    _ document: TokenDocument, maxError: Double, reducedMotion rule: ReducedMotion,
    targets: Targets = .all
  ) -> Int {
    var units = WorkBudget.multiplying(document.tokens.count, WorkCost.compiledToken)
    for token in document.tokens {
      units = WorkBudget.adding(units, TokenCSS.cost(token.meaning, maxError: maxError))
      units = WorkBudget.adding(
        units, TokenCSS.cost(rule.variant(of: token.meaning), maxError: maxError))
      if targets.dtcg { units = WorkBudget.adding(units, TokenDTCG.cost(token.meaning)) }
      if targets.springs {
        units = WorkBudget.adding(units, TokenSprings.cost(token.meaning))
        units = WorkBudget.adding(units, TokenSpringFit.cost(token.meaning))
      }
    }
    return units
  }

  // MARK: JSON

  enum Member: String, WireMember {
    case dialect, tokens, passedThrough, reducedMotion, maxError
  }

  enum TokenMember: String, WireMember {
    case name, pointer, kind, seconds, cubicBezier, transition, spring, easing, css, dtcg, springs
    case fittedSpring, notes
  }

  enum DTCGMember: String, WireMember {
    case value, maxError
  }

  enum TransitionMember: String, WireMember {
    case duration, delay, timingFunction
  }

  enum SpringMember: String, WireMember {
    case mass, stiffness, damping, initialVelocity, dampingRatio, settlingDuration, bounce
  }

  enum CSSMember: String, WireMember {
    case value, maxError, problem, notes
  }

  enum ReducedMember: String, WireMember {
    case rule, maxDuration
  }

  /// The kind of a meaning, as the answer names it.
  static func kind(_ meaning: MotionToken.Meaning) -> String {
    switch meaning {
    case .duration: "duration"
    case .cubicBezier: "cubicBezier"
    case .transition: "transition"
    case .spring, .physicalSpring, .bounce: "spring"
    case .easing, .pathEasing: "easing"
    }
  }

  func write(warnings: [SceneWarning], to w: inout JSONWriter) {
    w.beginObject()
    w.member(Member.dialect, document.dialect.rawValue)
    w.member(Member.maxError, maxError)
    w.key(Member.tokens)
    w.objects(tokens) { compiled, w in
      w.member(TokenMember.name, compiled.token.path.joined(separator: "."))
      w.member(TokenMember.pointer, compiled.token.pointer.description)
      Self.writeMeaning(compiled.token.meaning, to: &w)
      w.key(TokenMember.css)
      Self.writeCSS(compiled.css, to: &w)
      if let dtcg = compiled.dtcg {
        w.key(TokenMember.dtcg)
        w.beginObject()
        w.key(DTCGMember.value)
        w.value(dtcg.token)
        w.member(DTCGMember.maxError, dtcg.maxError)
        w.endObject()
      }
      if let springs = compiled.springs {
        w.key(TokenMember.springs)
        TokenSprings.write(springs, to: &w)
      }
      if let fitted = compiled.fittedSpring {
        w.key(TokenMember.fittedSpring)
        fitted.write(to: &w)
      }
      w.key(Member.reducedMotion)
      w.beginObject()
      Self.writeMeaning(compiled.reduced, to: &w)
      w.key(TokenMember.css)
      Self.writeCSS(compiled.reducedCSS, to: &w)
      w.endObject()
      w.key(TokenMember.notes)
      w.strings(compiled.token.notes)
    }
    w.member(Member.passedThrough, document.passedThrough)
    w.key(Member.reducedMotion)
    w.beginObject()
    w.member(ReducedMember.rule, rule.rule)
    w.member(ReducedMember.maxDuration, rule.maxDuration)
    w.endObject()
    w.key(SceneWarning.ListMember.warnings)
    SceneWarning.write(warnings, to: &w)
    w.endObject()
  }

  /// The meaning's kind and exact parameters.
  static func writeMeaning(_ meaning: MotionToken.Meaning, to w: inout JSONWriter) {
    w.member(TokenMember.kind, kind(meaning))
    switch meaning {
    case .duration(let seconds): w.member(TokenMember.seconds, seconds)
    case .cubicBezier(let b):
      w.key(TokenMember.cubicBezier)
      w.numberArray([b.x1, b.y1, b.x2, b.y2])
    case .transition(let duration, let delay, let function):
      w.key(TokenMember.transition)
      w.beginObject()
      w.member(TransitionMember.duration, duration)
      w.member(TransitionMember.delay, delay)
      w.key(TransitionMember.timingFunction)
      w.numberArray([function.x1, function.y1, function.x2, function.y2])
      w.endObject()
    case .spring(let given, _): writeSpring(given.curve, to: &w)
    case .physicalSpring(let curve): writeSpring(curve, to: &w)
    case .bounce(let bounce):
      w.key(TokenMember.spring)
      w.beginObject()
      w.member(SpringMember.bounce, bounce)
      w.endObject()
    case .easing(let function): w.member(TokenMember.easing, function.cssText)
    case .pathEasing(let path):
      w.member(TokenMember.easing, path.svg)
    }
  }

  static func writeSpring(_ curve: SpringCurve, to w: inout JSONWriter) {
    w.key(TokenMember.spring)
    w.beginObject()
    w.member(SpringMember.mass, curve.mass)
    w.member(SpringMember.stiffness, curve.stiffness)
    w.member(SpringMember.damping, curve.damping)
    w.member(SpringMember.initialVelocity, curve.initialVelocity)
    w.member(SpringMember.dampingRatio, curve.dampingRatio)
    if let settling = curve.settlingDuration {
      w.member(SpringMember.settlingDuration, settling)
    } else {
      w.key(SpringMember.settlingDuration)
      w.null()
    }
    w.endObject()
  }

  static func writeCSS(_ css: Result<TokenCSS, TokenCSS.Failure>, to w: inout JSONWriter) {
    w.beginObject()
    switch css {
    case .success(let value):
      w.member(CSSMember.value, value.text)
      w.member(CSSMember.maxError, value.maxError)
      w.key(CSSMember.notes)
      w.strings(value.notes)
    case .failure(.noCSS(let why)):
      w.key(CSSMember.value)
      w.null()
      w.member(CSSMember.problem, why)
    }
    w.endObject()
  }

  // MARK: DTCG

  /// The DTCG 2025.10 document of every motion token (`TokenDTCG.document`).
  var dtcgDocument: JSONValue {
    TokenDTCG.document(tokens.map { ($0.token.path, ($0.dtcg ?? TokenDTCG($0.token)).token) })
  }

  // MARK: CSS

  /// A custom property's name for a token: `--` and its name's segments joined by `-`, each
  /// character CSS does not take in a name (or a `$`) written as `-`.
  static func propertyName(_ path: [String]) -> String {
    "--"
      + path.map { segment in
        String(
          segment.map { c -> Character in
            c.isLetter || c.isNumber || c == "-" || c == "_" ? c : "-"
          })
      }.joined(separator: "-")
  }

  /// The style sheet: every token's value on `:root`, and the reduced-motion variants under
  /// `@media (prefers-reduced-motion: reduce)`. A token without a CSS form is a comment saying
  /// why.
  var styleSheet: String {
    var out =
      "/* animation-timing tokens: \(tokens.count) motion tokens (\(document.dialect.rawValue)), linear() within \(numberText(maxError)) */\n"
    func block(_ values: [(String, Result<TokenCSS, TokenCSS.Failure>)], indent: String) {
      for (name, css) in values {
        switch css {
        case .success(let value):
          out += "\(indent)\(name): \(value.text);"
          // What the value needs beside it (a spring's duration), and its error where not exact.
          let said =
            (value.maxError > 0 ? ["max error \(numberText(value.maxError))"] : []) + value.notes
          out +=
            said.isEmpty
            ? "\n" : " /* \(TimelineExport.comment(said.joined(separator: "; "))) */\n"
        case .failure(.noCSS(let why)):
          out += "\(indent)/* \(name): no CSS: \(TimelineExport.comment(why)) */\n"
        }
      }
    }
    out += ":root {\n"
    block(tokens.map { (Self.propertyName($0.token.path), $0.css) }, indent: "  ")
    out +=
      "}\n\n/* Reduced motion: \(rule.rule). */\n@media (prefers-reduced-motion: reduce) {\n  :root {\n"
    block(tokens.map { (Self.propertyName($0.token.path), $0.reducedCSS) }, indent: "    ")
    out += "  }\n}\n"
    return out
  }
}
