import HTTPTransport
import TimingEngine

/// `POST /v1/lottie/timeline` (docs/lottie.md, api.md "Lottie"): a Lottie document in, each
/// layer's world transform, opacity, visibility and colours at the frames asked for out, as
/// JSON or CSV, with what the evaluation leaves out listed by pointer; `POST /v1/lottie/lint`:
/// what each player shows differently, rule by rule, or (`?fix=true`) the document rewritten
/// so that the players show what the timeline shows.
struct LottieRoutes {
  let configuration: APIConfiguration

  static let timelinePath = "/v1/lottie/timeline"
  static let lintPath = "/v1/lottie/lint"
  static let exportPath = "/v1/lottie/export"

  var routes: [Route] {
    [
      Route.post(Self.timelinePath, .heavy, timeline), Route.post(Self.lintPath, .heavy, lint),
      Route.post(Self.exportPath, .heavy, export),
    ]
  }

  enum ExportParameter: String, WireMember, CaseIterable {
    case maxError
  }

  /// The export's forms: the SVG document first (its default), its style sheet alone, its
  /// animations as Web Animations JSON.
  static let exportOffer = RepresentationOffer<Representation>([.svg, .css, .waapi])

  static let exportParameters = Set(ExportParameter.allCases.map(\.rawValue)).union(
    [Representation.Parameter.format.rawValue])

  /// The bound a bake keeps within without `maxError`, px (docs/lottie-export.md "Exact and
  /// baked").
  static let defaultMaxError = 0.5

  enum LintParameter: String, WireMember, CaseIterable {
    case fix, players
  }

  static let lintParameters = parameters.union(LintParameter.allCases.map(\.rawValue))
    .subtracting([Representation.Parameter.format.rawValue])

  static let offer = RepresentationOffer<Representation>([.json, .csv])

  static let parameters = Representation.Parameter.names.union(
    LottieTimeline.Parameter.allCases.map(\.rawValue))

  /// The document and its tree, read from the body, or the problems naming their pointers.
  /// `caches`: whether to read rlottie's and ThorVG's easing caches (the lint's; the timeline
  /// has no use for them).
  private func read(_ context: RequestContext, caches withCaches: Bool = false) throws(Problem)
    -> (
      LottieAnimation, LottieLayerTree, DecodingContext
    )
  {
    var (body, decoding) = try context.jsonBody(budget: configuration.workBudget)
    guard let animation = LottieAnimation(json: body, at: JSONPointer(), in: &decoding) else {
      try decoding.throwIfFailed()
      throw Problem.invalidRequest(decoding.problems)
    }
    // rlottie's and ThorVG's easing caches follow the order the file is written in, which the
    // model does not keep: read from the JSON before it goes.
    let caches = withCaches ? LottieEasingCache.substitutions(in: body) : .init()
    body = .null
    let tree = LottieLayerTree(animation, caches: caches, in: &decoding)
    try decoding.throwIfFailed()
    guard let tree else { throw Problem.invalidRequest(decoding.problems) }
    return (animation, tree, decoding)
  }

  private func lint(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    try context.acceptJSON(allowed: Self.lintParameters)
    var problems = DecodingContext.query()
    var fix = false
    if let text = context.query.first(LintParameter.fix) {
      switch text {
      case "true": fix = true
      case "false": fix = false
      default:
        problems.fail(
          parameter: LintParameter.fix, "must be true or false, not '\(text.prefix(20))'")
      }
    }
    // The players to lint for, comma-separated (all by default).
    var players = Set(LottieLintRule.Player.allCases)
    if let text = context.query.first(LintParameter.players) {
      players = []
      for name in text.split(separator: ",", omittingEmptySubsequences: false) {
        guard let player = LottieLintRule.Player(rawValue: String(name)) else {
          let known = LottieLintRule.Player.allCases.map(\.rawValue).joined(separator: ", ")
          problems.fail(
            parameter: LintParameter.players,
            "names '\(name.prefix(40))', not a player linted (\(known))")
          break
        }
        players.insert(player)
      }
    }
    try problems.throwIfFailed()
    if fix { try context.refusePrecision(for: .rewrittenDocument) }
    var (animation, tree, decoding) = try read(context, caches: true)
    let frames = LottieTimeline.frames(
      context.query, tree: tree, maxSamples: configuration.maxSamples, in: &problems)
    try problems.throwIfFailed()
    let features = LottieFeature.found(in: animation, notEvaluated: tree.notEvaluated)
    let rules = LottieLint.applicable(
      in: tree, frames: frames, features: features, players: players)
    var budget = decoding.budget
    do throws(WorkBudget.Exhausted) {
      try budget.charge(
        LottieLint.cost(tree, frames: frames.count, rules: rules), .sampling)
    } catch {
      throw Problem.tooMuchWork(
        error,
        field: .parameter(
          LottieTimeline.Parameter.frames.rawValue,
          "linting \(tree.instances.count) layer instances at \(frames.count) frames against \(rules.count) rules"
        ))
    }
    context.meter.charged(workUnits: budget.spent)
    let lint = LottieLint(
      tree: tree, frames: frames, rules: rules, features: features, warnings: decoding.warnings)
    if let (instance, frame) = lint.overflow {
      throw LottieTimeline.overflowProblem(tree, instance: instance, frame: frame)
    }
    var w = JSONWriter(capacity: 1 << 16)
    guard fix else {
      lint.write(to: &w)
      return try context.json(w)
    }
    // The document as rewritten, its numbers as they were: `precision` would change the file
    // (fr 29.9700012207031 became 30), so it was refused above and only `pretty` applies.
    animation.rewrite(Set(lint.findings.map(\.rule).filter { $0.rewrite != nil }))
    animation.write(to: &w)
    w.lineBreak()
    return try context.answer(
      w.bytes, contentType: HTTPResponse.jsonType, text: .jsonDocument, varies: false)
  }

  /// `POST /v1/lottie/export` (docs/lottie-export.md): the document as SVG whose motion is
  /// CSS keyframes, or the style sheet alone.
  private func export(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    let representation = try Self.exportOffer.requested(context)
    try context.rejectUnknownParameters(allowed: Self.exportParameters, answersJSON: false)
    var problems = DecodingContext.query()
    let maxError =
      problems.number(
        parameter: ExportParameter.maxError.rawValue, in: context.query, range: 1e-6...1e6,
        message: "must be a number of pixels in [1e-6, 1e6]") ?? Self.defaultMaxError
    try problems.throwIfFailed()
    let (animation, tree, decoding) = try read(context)
    guard tree.outPoint - tree.inPoint > 0 else {
      throw Problem.invalidRequest([
        .at(
          JSONPointer() / LottieAnimation.Member.outPoint,
          "must come after ip (\(numberText(tree.inPoint))) by a frame's fraction at least: an export plays ip…op, and \(numberText(tree.outPoint)) leaves nothing to play"
        )
      ])
    }
    let export = LottieSVGExport(
      animation, tree: tree, maxError: maxError, budget: decoding.budget)
    if let exhausted = export.exhausted {
      throw Problem.tooMuchWork(
        exhausted,
        field: .parameter(
          ExportParameter.maxError.rawValue,
          "exporting \(tree.instances.count) layer instances over \(numberText(tree.outPoint - tree.inPoint)) frames (the measure at every half frame, and baking what CSS cannot say exactly)"
        ))
    }
    context.meter.charged(workUnits: export.budget.spent)
    switch representation {
    case .css:
      return try context.answer(representation, Array(export.css().utf8))
    case .waapi:
      var w = JSONWriter(capacity: 1 << 14)
      export.waapi(into: &w)
      w.lineBreak()
      return try context.answer(representation, w.bytes)
    case .svg, .json, .csv, .lottie, .dtcg, .swift, .kotlin, .ts:
      return try context.answer(representation, Array(export.svg().utf8))
    }
  }

  private func timeline(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    let representation = try Self.offer.requested(context)
    try context.rejectUnknownParameters(allowed: Self.parameters)
    let digits = try NumberPrecision.digits(context.query)
    let (_, tree, decoding) = try read(context)
    var problems = DecodingContext.query()
    let frames = LottieTimeline.frames(
      context.query, tree: tree, maxSamples: configuration.maxSamples, in: &problems)
    try problems.throwIfFailed()
    let numbers = WorkBudget.multiplying(frames.count, tree.numbersPerFrame)
    guard numbers <= configuration.maxTimelineValues else {
      throw Problem.tooMuchWork(
        "this timeline would produce \(numbers) numbers (\(tree.instances.count) layer instances, \(frames.count) frames); the limit is \(configuration.maxTimelineValues). Ask for fewer frames.",
        .parameter(LottieTimeline.Parameter.frames.rawValue, "asks for \(frames.count) frames"))
    }
    var budget = decoding.budget
    do throws(WorkBudget.Exhausted) {
      try budget.charge(LottieTimeline.cost(tree, frames: frames.count), .sampling)
    } catch {
      throw Problem.tooMuchWork(
        error,
        field: .parameter(
          LottieTimeline.Parameter.frames.rawValue,
          "evaluating \(tree.instances.count) layer instances at \(frames.count) frames"))
    }
    context.meter.charged(workUnits: budget.spent)
    let timeline = LottieTimeline(tree: tree, frames: frames, warnings: decoding.warnings)
    if let (instance, frame) = timeline.overflow {
      throw LottieTimeline.overflowProblem(tree, instance: instance, frame: frame)
    }
    switch representation {
    case .csv:
      return try context.answer(
        timeline.csv(significantDigits: digits), contentType: representation.contentType,
        text: .other, varies: true)
    case .json, .svg, .waapi, .css, .lottie, .dtcg, .swift, .kotlin, .ts:
      var w = JSONWriter(capacity: 1 << 16)
      timeline.write(to: &w)
      return try context.json(w, varies: true)
    }
  }
}
