import HTTPServer
import TimingEngine

/// `/v1/timing-functions…` (api.md "Timing functions").
struct TimingFunctionRoutes {
  let configuration: APIConfiguration

  var routes: [Route] {
    [
      Route("GET", "/v1/timing-functions") { context throws(Problem) in try list(context) },
      Route("GET", "/v1/timing-functions/{function}") { context throws(Problem) in
        try lookUp(context)
      },
      Route("POST", "/v1/timing-functions/evaluate") { context throws(Problem) in
        try evaluate(context)
      },
    ]
  }

  static let svgType = "image/svg+xml"
  /// Inputs (x, from, to) the curves are evaluated at: ±1e6 keeps every kind's arithmetic
  /// finite.
  static let inputRange: ClosedRange<Double> = -1e6...1e6

  private func list(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    _ = try context.negotiate([HTTPResponse.jsonType])
    try context.rejectUnknownParameters(allowed: [])
    var w = JSONWriter()
    w.beginObject()
    w.key("functions")
    w.beginArray()
    for named in NamedTimingFunction.allCases {
      TimingFunctionJSON.describe(.named(named), into: &w)
    }
    w.endArray()
    w.key("forms")
    w.beginArray()
    for form in [
      "cubic-bezier(x1, y1, x2, y2)",
      "steps(n[, jump-start|jump-end|jump-none|jump-both|start|end])",
      "step-start", "step-end", "linear(output [input%]{0,2}, …)",
      "spring(mass, stiffness, damping, initialVelocity)",
    ] { w.string(form) }
    w.endArray()
    w.endObject()
    return HTTPResponse.json(w.bytes)
  }

  /// Query parameters of a lookup: `x` (repeated) or `samples` with optional `from`/`to`,
  /// `slope`, `beforeFlag`.
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
      throw Problem.unknownTimingFunction(error.message)
    }
    let query = context.query
    if wantsSVG {
      try context.rejectUnknownParameters(allowed: ["from", "to"])
      let range = try sampleRange(function, query)
      return svgResponse(CurvePlot.svg(function, from: range.from, to: range.to), vary: false)
    }
    let chosen = try context.negotiate([HTTPResponse.jsonType, Self.svgType])
    if chosen == Self.svgType {
      try context.rejectUnknownParameters(allowed: ["from", "to"])
      let range = try sampleRange(function, query)
      return svgResponse(CurvePlot.svg(function, from: range.from, to: range.to), vary: true)
    }
    try context.rejectUnknownParameters(allowed: [
      "x", "samples", "from", "to", "slope", "beforeFlag",
    ])
    var problems = DecodingContext.query()
    let slope = problems.flag(parameter: "slope", in: query)
    let beforeFlag = problems.flag(parameter: "beforeFlag", in: query)
    var xs: [Double] = []
    let given = query.values("x")
    if !given.isEmpty {
      if query.first("samples") != nil || query.first("from") != nil || query.first("to") != nil {
        problems.fail(parameter: "x", "give either x values or samples (with from/to), not both")
      }
      if given.count > configuration.maxPointsPerRequest {
        throw Problem.tooMuchWork(
          "\(given.count) x values exceed the limit of \(configuration.maxPointsPerRequest) per request",
          .parameter("x", "at most \(configuration.maxPointsPerRequest) values"))
      }
      for (i, value) in given.enumerated() {
        if let x = DecodingContext.number(value, in: Self.inputRange) {
          xs.append(x)
        } else {
          problems.fail(
            parameter: "x",
            "x[\(i)] = '\(value.prefix(40))' must be a finite number in [-1e6, 1e6]")
        }
      }
    } else {
      let count = problems.count(parameter: "samples", in: query, minimum: 1) ?? 11
      if count > configuration.maxPointsPerRequest {
        throw Problem.tooMuchWork(
          "samples=\(count) exceeds the limit of \(configuration.maxPointsPerRequest) points per request",
          .parameter("samples", "at most \(configuration.maxPointsPerRequest)"))
      }
      // The range is checked only once the rest is right, in an answer of its own.
      if problems.problems.isEmpty {
        let range = try sampleRange(function, query)
        xs = evenlySpaced(count, from: range.from, to: range.to)
      }
    }
    try problems.throwIfFailed()
    var budget = configuration.workBudget
    try charge(
      xs.count, to: &budget,
      field: .parameter(given.isEmpty ? "samples" : "x", "\(xs.count) points"))
    return pointsResponse(function, xs, slope: slope, beforeFlag: beforeFlag, vary: true)
  }

  private func evaluate(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    _ = try context.negotiate([HTTPResponse.jsonType])
    try context.rejectUnknownParameters(allowed: [])
    var budget = configuration.workBudget
    let body = try RequestBody.json(context.request, budget: &budget)
    let root = JSONPointer()
    guard case .object(let members) = body else {
      throw Problem.invalidRequest([
        .at(root, "the body must be a JSON object with \"function\" and \"x\"")
      ])
    }
    var problems = DecodingContext(budget: budget)
    for (key, _) in members where !["function", "x", "slope", "beforeFlag"].contains(key) {
      problems.fail(root / key, "unknown member; expected function, x, slope, beforeFlag")
    }
    var function: TimingFunction?
    if let value = body["function"] {
      function = problems.timingFunction(value, at: root / "function")
      // A text too long for the budget is refused before anything else is looked at.
      if let exhausted = problems.exhausted { throw Problem.tooMuchWork(exhausted) }
    } else {
      problems.fail(root / "function", "required: a timing function, e.g. \"easeIn\"")
    }
    var xs: [Double] = []
    switch body["x"] {
    case .array(let items)?:
      if items.count > configuration.maxPointsPerRequest {
        throw Problem.tooMuchWork(
          "\(items.count) x values exceed the limit of \(configuration.maxPointsPerRequest) per request",
          .at(root / "x", "at most \(configuration.maxPointsPerRequest) values"))
      }
      if items.isEmpty { problems.fail(root / "x", "must hold at least one number") }
      for (i, item) in items.enumerated() {
        if case .number(let x) = item, Self.inputRange.contains(x) {
          xs.append(x)
        } else {
          problems.fail(root / "x" / i, "must be a number in [-1e6, 1e6]")
        }
      }
    case nil: problems.fail(root / "x", "required: an array of numbers")
    case let other?:
      problems.fail(root / "x", "must be an array of numbers, not \(other.typeName)")
    }
    let slope = problems.bool(body["slope"], at: root / "slope") ?? false
    let beforeFlag = problems.bool(body["beforeFlag"], at: root / "beforeFlag") ?? false
    try problems.throwIfFailed()
    guard let function else { throw Problem.invalidRequest(problems.problems) }
    budget = problems.budget
    try charge(xs.count, to: &budget, field: .at(JSONPointer() / "x", "\(xs.count) points"))
    return pointsResponse(function, xs, slope: slope, beforeFlag: beforeFlag, vary: false)
  }

  /// Evaluating and writing `points` points, charged before any is evaluated.
  private func charge(_ points: Int, to budget: inout WorkBudget, field: Problem.FieldError)
    throws(Problem)
  {
    do throws(WorkBudget.Exhausted) {
      try budget.charge(WorkBudget.multiplying(points, WorkCost.timingFunctionPoint), .export)
    } catch {
      throw Problem.tooMuchWork(error, field: field)
    }
  }

  // MARK: Shared pieces

  private func pointsResponse(
    _ function: TimingFunction, _ xs: [Double], slope: Bool, beforeFlag: Bool, vary: Bool
  ) -> HTTPResponse {
    var w = JSONWriter(capacity: 128 + xs.count * (slope ? 80 : 48))
    w.beginObject()
    w.key("function")
    TimingFunctionJSON.describe(function, into: &w)
    w.key("points")
    w.beginArray()
    for x in xs {
      w.beginObject()
      w.key("x")
      w.number(x)
      w.key("y")
      w.number(function.evaluate(x, beforeFlag: beforeFlag))
      if slope {
        // JSON has no infinity: a vertical tangent is null.
        w.key("slope")
        w.number(function.slope(x))
      }
      w.endObject()
    }
    w.endArray()
    w.endObject()
    var response = HTTPResponse.json(w.bytes)
    if vary { response.headers.append("Vary", "Accept") }
    return response
  }

  private func svgResponse(_ text: String, vary: Bool) -> HTTPResponse {
    var response = HTTPResponse(status: .ok, contentType: Self.svgType, body: text)
    if vary { response.headers.append("Vary", "Accept") }
    return response
  }

  /// `from`/`to` for sampling: [0, 1] by default, or [0, settlingDuration] for a spring.
  private func sampleRange(_ function: TimingFunction, _ query: QueryString) throws(Problem) -> (
    from: Double, to: Double
  ) {
    var problems = DecodingContext.query()
    let given = "must be a finite number in [-1e6, 1e6]"
    let from =
      problems.number(parameter: "from", in: query, range: Self.inputRange, message: given) ?? 0
    var to = problems.number(parameter: "to", in: query, range: Self.inputRange, message: given)
    if to == nil {
      if case .spring(let spring) = function {
        if let settling = spring.settlingDuration {
          to = max(settling, 1e-3)
        } else {
          problems.fail(
            parameter: "to", "an undamped spring never settles: give the end of the range with to=")
        }
      } else {
        to = 1
      }
    }
    if let to, to < from { problems.fail(parameter: "to", "must not be less than from") }
    try problems.throwIfFailed()
    // A missing `to` was reported above.
    return (from, to ?? from)
  }

  private func evenlySpaced(_ count: Int, from: Double, to: Double) -> [Double] {
    guard count > 1 else { return [from] }
    // Computed as from + i·step with the last point exactly `to`, so x = 1 is never 0.9999….
    return (0..<count).map { i in
      i == count - 1 ? to : from + (to - from) * Double(i) / Double(count - 1)
    }
  }
}
