import HTTPServer
import TimingEngine

/// `POST /v1/timelines` (api.md "Timelines"): a scene in, sampled presentation values out.
struct TimelineRoutes {
  let configuration: APIConfiguration

  var routes: [Route] {
    [Route("POST", "/v1/timelines", .heavy) { context throws(Problem) in try timeline(context) }]
  }

  static let formats = ["application/json", "text/csv"]

  /// Answers of more numbers than this are streamed (about 1 MB of JSON); smaller ones are sent
  /// whole, with a Content-Length.
  static let streamingThreshold = 65_536

  private func timeline(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    let format = try chooseFormat(context)
    var budget = configuration.workBudget
    let request = try RequestBody.json(context.request, budget: &budget)
    let prepared = try PreparedTimeline(
      json: request, configuration: configuration, budget: budget)
    let stream = TimelineStream(prepared, format: format == "text/csv" ? .csv : .json)
    let contentType =
      format == "text/csv" ? "text/csv; charset=utf-8; header=present" : "application/json"
    var headers = HTTPFields([("Content-Type", contentType), ("Vary", "Accept")])
    guard prepared.numberCount > Self.streamingThreshold else {
      return HTTPResponse(status: .ok, headers: headers, body: stream.collect())
    }
    // A streamed answer's bytes are not known before its head is sent, but they are a pure
    // function of the request and the service's version: its tag is computed from those
    // (format, the body as sent, the contract's own tag standing for the version), so the same
    // request always gets the same tag, here and on every replica of that version.
    headers.append(
      "ETag",
      EntityTag.of(Array((format + OpenAPIDocument.tag).utf8) + [0] + context.request.body))
    return HTTPResponse(
      status: .ok, headers: headers,
      stream: ResponseStream(reservedBytes: prepared.estimatedBytes) { piece in
        stream.next(into: &piece)
      })
  }

  /// `?format=json|csv` wins over `Accept`.
  private func chooseFormat(_ context: RequestContext) throws(Problem) -> String {
    try context.rejectUnknownParameters(allowed: ["format"])
    if let format = context.query.first("format") {
      switch format {
      case "json": return "application/json"
      case "csv": return "text/csv"
      default: throw Problem.invalidRequest([.parameter("format", "must be json or csv")])
      }
    }
    let chosen = try context.negotiate(Self.formats)
    return chosen
  }
}

/// A timeline request decoded, validated, compiled and charged to its work budget: what the
/// route samples, and what the benchmark measures stage by stage.
public struct PreparedTimeline: Sendable {
  public let plan: TimelinePlan
  public let outputs: OutputPlan
  public let times: [Double]
  /// The request's budget with everything charged: decoding, planning and the script as they
  /// ran, sampling and export up front from their exact costs.
  public let work: WorkBudget

  public init(json body: JSONValue, configuration: APIConfiguration) throws(Problem) {
    try self.init(json: body, configuration: configuration, budget: configuration.workBudget)
  }

  public init(json body: JSONValue, configuration: APIConfiguration, budget: WorkBudget)
    throws(Problem)
  {
    var decoder = SceneDecoder(
      limits: SceneDecoder.Limits(
        maxLayers: 10_000, maxAnimationsPerLayer: 1_000, maxSamples: configuration.maxSamples),
      budget: budget)
    let request: TimelineRequest
    switch decoder.decode(body) {
    case .success(let r): request = r
    case .failure(let problem): throw problem
    }
    var budget = decoder.budget
    do throws(TimelinePlan.Failure) {
      plan = try TimelinePlan(scene: request.scene, budget: &budget)
    } catch {
      switch error {
      case .invalid(let error):
        throw Problem.invalidRequest([.at(JSONPointer(error.source), error.message)])
      case .tooMuchWork(let exhausted): throw Problem.tooMuchWork(exhausted)
      }
    }
    // 10 000 layers × 256 key paths would be 2.5 million outputs to set up.
    if let keyPaths = request.keyPaths {
      do throws(WorkBudget.Exhausted) {
        try budget.charge(
          WorkBudget.multiplying(plan.layerCount * keyPaths.count, WorkCost.output), .sampling,
          at: request.keyPathsPointer.tokens)
      } catch {
        throw Problem.tooMuchWork(error)
      }
    }
    do throws(TimelinePlan.OutputError) {
      outputs = try plan.outputs(keyPaths: request.keyPaths)
    } catch {
      throw Problem.invalidRequest([.at(request.keyPathsPointer / error.index, error.message)])
    }
    times = request.times
    // A product of counts saturates rather than traps: the counts are bounded by the body size
    // and maxSamples, but the limits are plain Ints a configuration can set to anything.
    let numbers = saturatingProduct(times.count, outputs.componentsPerSample)
    guard numbers <= configuration.maxTimelineValues else {
      throw Problem.tooMuchWork(
        "this timeline would produce \(numbers) numbers (\(plan.layerCount) layers, \(outputs.valuesPerSample) sampled "
          + "key paths in all, \(times.count) samples); the limit is \(configuration.maxTimelineValues). "
          + "Sample fewer times, or name fewer key paths in keyPaths.",
        .at(
          JSONPointer() / "sample",
          "\(times.count) samples × \(outputs.componentsPerSample) numbers each"))
    }
    // Sampling and writing out are charged before either starts, from their exact costs: once a
    // (streamed) response has begun it can no longer be refused.
    let sampling = JSONPointer() / "sample"
    do throws(WorkBudget.Exhausted) {
      try budget.charge(
        plan.samplingCost(times: times, outputs: outputs), .sampling, at: sampling.tokens)
    } catch {
      throw Problem.tooMuchWork(
        error,
        field: .at(
          sampling,
          "sampling \(plan.stepCount) animations on \(outputs.valuesPerSample) key paths at \(times.count) times"
        ))
    }
    do throws(WorkBudget.Exhausted) {
      try budget.charge(
        plan.exportCost(times: times.count, outputs: outputs), .export, at: sampling.tokens)
    } catch {
      throw Problem.tooMuchWork(
        error,
        field: .at(
          sampling,
          "writing \(times.count) samples × \(outputs.componentsPerSample) numbers, \(plan.actionRecords.count) action records and \(plan.events.count) events"
        ))
    }
    work = budget
  }

  public init(json bytes: [UInt8], configuration: APIConfiguration) throws(Problem) {
    var budget = configuration.workBudget
    let value = try RequestBody.parse(bytes, budget: &budget)
    try self.init(json: value, configuration: configuration, budget: budget)
  }

  /// Memory the prepared timeline holds, estimated: the plan from its steps (a compiled
  /// animation with its source and tables is a few hundred bytes; 1 KiB each is generous) and
  /// the sample times.
  public var estimatedBytes: Int { plan.stepCount * 1024 + times.count * 8 + 64 * 1024 }

  /// Numbers the answer carries: samples × the components of every sampled key path.
  public var numberCount: Int { times.count * outputs.componentsPerSample }

  public func sample() -> TimelineSamples { plan.sample(times: times, outputs: outputs) }

  public func json(_ samples: TimelineSamples) -> [UInt8] {
    TimelineJSONEncoder.encode(samples, plan: plan)
  }
}

/// a · b for counts (≥ 0), or Int.max where that would overflow.
private func saturatingProduct(_ a: Int, _ b: Int) -> Int {
  let (product, overflow) = a.multipliedReportingOverflow(by: b)
  return overflow ? .max : product
}
