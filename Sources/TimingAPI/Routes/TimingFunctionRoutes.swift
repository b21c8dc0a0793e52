import HTTPTransport
import TimingEngine

/// `/v1/timing-functions…` (api.md "Timing functions").
struct TimingFunctionRoutes {
  let configuration: APIConfiguration

  var routes: [Route] {
    [
      Route.get("/v1/timing-functions", .light, caching: .immutable, list),
      Route.get("/v1/timing-functions/{function}", .light, caching: .immutable, lookUp),
      Route.post("/v1/timing-functions/evaluate", .light, evaluate),
    ]
  }

  /// What a lookup answers: its points (the query is a `PointsRequest`), a plot, or the
  /// function as a CSS easing (`TimingFunctionCSS`), which is a JSON document holding CSS text.
  enum LookUp: ServedRepresentation, CaseIterable {
    case points
    case plot
    case easing

    var representation: Representation {
      switch self {
      case .points: .json
      case .plot: .svg
      case .easing: .css
      }
    }
  }

  /// `?format=` names only the easing (the `.svg` suffix names the plot); `Accept` chooses
  /// between the points and the plot, the points first. The easing's answer is JSON, so
  /// `Accept` cannot choose it by its media type.
  static let lookUpOffer = RepresentationOffer<LookUp>(
    named: [.easing], negotiated: [.points, .plot], absentMeaning: "points")

  private func list(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    try context.acceptJSON()
    var w = JSONWriter()
    TimingFunctionCatalogue.write(to: &w)
    return try context.json(w)
  }

  /// A function by name or CSS text: its points as JSON (the query is a `PointsRequest`), or
  /// a plot as SVG (`.svg`, or `Accept: image/svg+xml`) over `from`/`to`.
  private func lookUp(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    var text = context.parameters["function"]!
    var wantsSVG = false
    if text.hasSuffix(".svg") {
      text.removeLast(4)
      wantsSVG = true
    }
    let function: TimingFunction
    do throws(TimingFunctionParseError) {
      function = try TimingFunction(parsing: text)
    } catch {
      // No function by that name is nothing at this path (404); a known function with a bad
      // parameter is a request to change (422, naming the path parameter).
      switch error.reason {
      case .unknownName: throw Problem.unknownTimingFunction(error.message)
      case .invalidParameters: throw Problem.invalidRequest([.parameter("function", error.message)])
      }
    }
    let query = context.query
    let answer: LookUp
    if wantsSVG {
      answer = .plot
    } else if query.first(Representation.Parameter.format) != nil {
      // The easing's own parameters are checked, and `format` is read, by `TimingFunctionCSS`.
      answer = .easing
    } else {
      answer = try Self.lookUpOffer.negotiated(context)
    }
    switch answer {
    case .easing:
      return try TimingFunctionCSS.answer(function, context)
    case .plot:
      try context.rejectUnknownParameters(
        allowed: PointsRequest.rangeParameters, answersJSON: false)
      let range = try PointsRequest.range(of: function, in: query)
      // A `.svg` path is one representation, so its answer does not vary with `Accept`.
      return try svgResponse(
        CurvePlot.svg(function, from: range.from, to: range.to), vary: !wantsSVG, context)
    case .points:
      break
    }
    try context.rejectUnknownParameters(allowed: PointsRequest.queryParameters)
    let points = try PointsRequest(
      function: function, query: query, maxPoints: configuration.maxPointsPerRequest)
    var budget = configuration.workBudget
    try charge(
      points.xs.count, to: &budget,
      field: .parameter(
        query.values(PointsRequest.Parameter.x).isEmpty
          ? PointsRequest.Parameter.samples : .x, "\(points.xs.count) points"))
    context.meter.charged(workUnits: budget.spent)
    return try pointsResponse(points, vary: true, context)
  }

  private func evaluate(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    try context.acceptJSON()
    var (body, decoding) = try context.jsonBody(budget: configuration.workBudget)
    let points = try PointsRequest(
      json: body, maxPoints: configuration.maxPointsPerRequest, in: &decoding)
    var budget = decoding.budget
    try charge(
      points.xs.count, to: &budget,
      field: .at(JSONPointer() / PointsRequest.Member.x, "\(points.xs.count) points"))
    context.meter.charged(workUnits: budget.spent)
    return try pointsResponse(points, vary: false, context)
  }

  /// Evaluating and writing `points` points, charged before any is evaluated.
  /// `field` is made only for a refusal: building its text for every request was 2 % of a
  /// small GET.
  private func charge(
    _ points: Int, to budget: inout WorkBudget, field: @autoclosure () -> Problem.FieldError
  ) throws(Problem) {
    do throws(WorkBudget.Exhausted) {
      try budget.charge(WorkBudget.multiplying(points, WorkCost.timingFunctionPoint), .export)
    } catch {
      throw Problem.tooMuchWork(error, field: field())
    }
  }

  // MARK: Shared pieces

  private func pointsResponse(_ points: PointsRequest, vary: Bool, _ context: RequestContext)
    throws(Problem) -> HTTPResponse
  {
    var w = JSONWriter(capacity: points.estimatedBytes)
    points.write(to: &w)
    return try context.json(w, varies: vary)
  }

  private func svgResponse(_ text: String, vary: Bool, _ context: RequestContext) throws(Problem)
    -> HTTPResponse
  {
    try context.answer(
      Array(text.utf8), contentType: HTTPResponse.svgType, text: .other, varies: vary)
  }
}
