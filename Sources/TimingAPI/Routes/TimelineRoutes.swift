import HTTPServer
import TimingEngine

/// `POST /v1/timelines` (API.md "Timelines"): a scene in, sampled presentation values out.
struct TimelineRoutes {
  let configuration: APIConfiguration

  var routes: [Route] {
    [Route("POST", "/v1/timelines") { context throws(Problem) in try timeline(context) }]
  }

  static let formats = ["application/json", "text/csv"]

  private func timeline(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    let format = try chooseFormat(context)
    let body = try RequestBody.json(context.request)
    var decoder = SceneDecoder(
      limits: SceneDecoder.Limits(
        maxLayers: 10_000, maxAnimationsPerLayer: 1_000, maxSamples: configuration.maxSamples))
    let request: TimelineRequest
    switch decoder.decode(body) {
    case .success(let r): request = r
    case .failure(let problem): throw problem
    }
    let plan: TimelinePlan
    do throws(TimelinePlan.BuildError) {
      plan = try TimelinePlan(scene: request.scene)
    } catch {
      throw Problem.invalidRequest([.at(JSONPointer(error.source), error.message)])
    }
    let outputs: OutputPlan
    do throws(TimelinePlan.OutputError) {
      outputs = try plan.outputs(keyPaths: request.keyPaths)
    } catch {
      throw Problem.invalidRequest([.at(request.keyPathsPointer / error.index, error.message)])
    }
    let numbers = request.times.count * outputs.componentsPerSample
    guard numbers <= configuration.maxTimelineValues else {
      throw Problem.tooMuchWork(
        "this timeline would produce \(numbers) numbers (\(plan.layerCount) layers, \(outputs.valuesPerSample) sampled "
          + "key paths in all, \(request.times.count) samples); the limit is \(configuration.maxTimelineValues). "
          + "Sample fewer times, or name fewer key paths in keyPaths.",
        .at(
          JSONPointer() / "sample",
          "\(request.times.count) samples × \(outputs.componentsPerSample) numbers each"))
    }
    let samples = plan.sample(times: request.times, outputs: outputs)
    if format == "text/csv" {
      var response = HTTPResponse(
        status: .ok,
        headers: HTTPFields([("Content-Type", "text/csv; charset=utf-8; header=present")]),
        body: TimelineCSVEncoder.encode(samples, plan: plan))
      response.headers.append("Vary", "Accept")
      return response
    }
    var response = HTTPResponse(
      status: .ok, headers: HTTPFields([("Content-Type", "application/json")]),
      body: TimelineJSONEncoder.encode(samples, plan: plan))
    response.headers.append("Vary", "Accept")
    return response
  }

  /// `?format=json|csv` wins over `Accept`.
  private func chooseFormat(_ context: RequestContext) throws(Problem) -> String {
    let unknown = context.query.names.filter { $0 != "format" }
    guard unknown.isEmpty else {
      throw Problem.invalidRequest(
        unknown.map { .parameter($0, "unknown query parameter; expected format") })
    }
    if let format = context.query.first("format") {
      switch format {
      case "json": return "application/json"
      case "csv": return "text/csv"
      default: throw Problem.invalidRequest([.parameter("format", "must be json or csv")])
      }
    }
    guard
      let chosen = ContentNegotiation.choose(
        Self.formats, accept: context.request.headers["Accept"])
    else {
      throw Problem.notAcceptable(Self.formats)
    }
    return chosen
  }
}
