import HTTPTransport
import TimingEngine

/// `POST /v1/tokens` (docs/tokens.md): a motion token document — DTCG 2025.10, DTIF, Figma's
/// variables or Material 3's tokens, recognized from its shape or named by `?dialect=` — compiled:
/// each motion token's exact meaning, its CSS value with its error, and its reduced-motion
/// variant, its DTCG token and, for a spring, its values in every spring API; or one file
/// alone by `?format=` (or `Accept`): the style sheet of custom properties (`css`), a DTCG
/// document (`dtcg`), or source to paste (`swift`, `kotlin`, `ts`).
struct TokenRoutes {
  let configuration: APIConfiguration

  var routes: [Route] { [Route.post("/v1/tokens", .heavy, compile)] }

  enum Parameter: String, WireMember {
    case dialect, maxError, reducedMaxDuration, fps
  }

  /// `format` and the compiler's own; made once.
  static let parameters = Parameter.names.union(Representation.Parameter.names)

  /// What the route answers: the compilation (JSON) or its style sheet (CSS).
  enum Answer: ServedRepresentation, CaseIterable {
    case compilation
    case styleSheet
    case dtcg
    case swift
    case kotlin
    case typeScript

    /// What the answer shows beside the CSS: the compilation all of it, a file what it writes.
    var targets: TokenCompilation.Targets {
      switch self {
      case .compilation: .all
      case .dtcg: TokenCompilation.Targets(dtcg: true, springs: false)
      case .typeScript: TokenCompilation.Targets(dtcg: false, springs: true)
      case .styleSheet, .swift, .kotlin: TokenCompilation.Targets(dtcg: false, springs: false)
      }
    }

    var representation: Representation {
      switch self {
      case .compilation: .json
      case .styleSheet: .css
      case .dtcg: .dtcg
      case .swift: .swift
      case .kotlin: .kotlin
      case .typeScript: .ts
      }
    }
  }

  /// The JSON answer first, so `*/*` stays JSON.
  static let offer = RepresentationOffer<Answer>(Answer.allCases)

  private func compile(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    let answer = try Self.offer.requested(context)
    try context.rejectUnknownParameters(allowed: Self.parameters)
    var problems = DecodingContext.query()
    let query = context.query
    let dialect: TokenDocument.Dialect? = query.first(Parameter.dialect).flatMap { name in
      guard let dialect = TokenDocument.Dialect(rawValue: name) else {
        problems.fail(
          parameter: Parameter.dialect,
          "'\(name.prefix(40))' is not one of "
            + TokenDocument.Dialect.allCases.map(\.rawValue).joined(separator: ", "))
        return nil
      }
      return dialect
    }
    // At least 1e-6: linear() states its stops to 6 decimals (TimingFunctionCSS).
    let maxError =
      problems.number(parameter: Parameter.maxError, in: query, range: 1e-6...1)
      ?? TokenCSS.defaultMaxError
    let reducedMaxDuration =
      problems.number(parameter: Parameter.reducedMaxDuration, in: query, range: 0...1e9)
      ?? ReducedMotion.defaultMaxDuration
    let fps = problems.number(parameter: Parameter.fps, in: query, range: 1...1000) ?? 60
    try problems.throwIfFailed()
    switch answer {
    case .compilation: break
    case .styleSheet: try context.refusePrecision(for: .styleSheet)
    case .dtcg, .swift, .kotlin, .typeScript: try context.refusePrecision(for: .tokenFile)
    }

    var (body, decoding) = try context.jsonBody(budget: configuration.workBudget)
    let document = TokenDocument(json: body, dialect: dialect, fps: fps, in: &decoding)
    if let exhausted = decoding.exhausted { throw Problem.tooMuchWork(exhausted) }
    try decoding.throwIfFailed()
    let reduced = ReducedMotion(maxDuration: reducedMaxDuration)
    let targets = answer.targets
    var budget = decoding.budget
    do throws(WorkBudget.Exhausted) {
      try budget.charge(
        TokenCompilation.cost(
          document, maxError: maxError, reducedMotion: reduced, targets: targets), .compile)
    } catch {
      throw Problem.tooMuchWork(
        error,
        field: .at(
          JSONPointer(),
          "compiling \(document.tokens.count) motion tokens, their linear() fits and reduced variants"
        ))
    }
    context.meter.charged(workUnits: budget.spent)
    let compilation = TokenCompilation(
      document, maxError: maxError, reducedMotion: reduced, targets: targets)
    switch answer {
    case .styleSheet:
      return try context.answer(answer.representation, Array(compilation.styleSheet.utf8))
    case .compilation:
      var w = JSONWriter(capacity: 4096)
      compilation.write(warnings: decoding.warnings, to: &w)
      return try context.json(w, varies: true)
    case .dtcg:
      var w = JSONWriter(capacity: 4096)
      w.value(compilation.dtcgDocument)
      w.lineBreak()
      return try context.answer(answer.representation, w.take())
    case .swift:
      return try context.answer(answer.representation, Array(TokenSwift.file(compilation).utf8))
    case .kotlin:
      return try context.answer(answer.representation, Array(TokenKotlin.file(compilation).utf8))
    case .typeScript:
      return try context.answer(
        answer.representation, Array(TokenTypeScript.file(compilation).utf8))
    }
  }
}
