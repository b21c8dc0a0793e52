import HTTPTransport
import TimingEngine

/// `POST /v1/lottie/timeline` (docs/lottie.md, api.md "Lottie"): a Lottie document in, each
/// layer's world transform, opacity, visibility and colours at the frames asked for out, as
/// JSON or CSV, with what the evaluation leaves out listed by pointer.
struct LottieRoutes {
  let configuration: APIConfiguration

  static let timelinePath = "/v1/lottie/timeline"

  var routes: [Route] { [Route.post(Self.timelinePath, .heavy, timeline)] }

  static let offer = RepresentationOffer<Representation>([.json, .csv])

  static let parameters = Representation.Parameter.names.union(
    LottieTimeline.Parameter.allCases.map(\.rawValue))

  private func timeline(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    let representation = try Self.offer.requested(context)
    try context.rejectUnknownParameters(allowed: Self.parameters)
    let digits = try NumberPrecision.digits(context.query)
    var (body, decoding) = try context.jsonBody(budget: configuration.workBudget)
    guard let animation = LottieAnimation(json: body, at: JSONPointer(), in: &decoding) else {
      try decoding.throwIfFailed()
      throw Problem.invalidRequest(decoding.problems)
    }
    body = .null
    let tree = LottieLayerTree(animation, in: &decoding)
    try decoding.throwIfFailed()
    guard let tree else { throw Problem.invalidRequest(decoding.problems) }
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
