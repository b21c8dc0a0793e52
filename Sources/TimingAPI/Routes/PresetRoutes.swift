import HTTPTransport
import TimingEngine

/// `GET /v1/presets` and `GET /v1/presets/{type}` (api.md "Canvas presets"): each Canvas type,
/// and one expanded — the UIKit animations it adds, from the same expansion a scene's `canvas`
/// uses, and its sampled keyframes.
struct PresetRoutes {
  let configuration: APIConfiguration

  var routes: [Route] {
    [
      Route.get("/v1/presets", .light, caching: .immutable, list),
      Route.get("/v1/presets/{type}", .heavy, caching: .immutable, expand),
    ]
  }

  private func list(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    try context.acceptJSON()
    let screen = CanvasSettings.defaultScreen
    var w = JSONWriter()
    PresetList.write(width: screen.width, height: screen.height, to: &w)
    return try context.json(w)
  }

  /// What `GET /v1/presets/{type}` answers: its JSON document (the states, steps, animations
  /// and sampled keyframes), the keyframes plotted (transform and opacity), or the preset played
  /// on a view as an export (`ExportFormat`: keyframes a browser plays, or a Lottie document).
  enum Answer: ServedRepresentation, CaseIterable {
    case document
    case plot
    case export(ExportFormat)

    static let allCases: [Answer] = [.document, .plot] + ExportFormat.allCases.map(Answer.export)

    var representation: Representation {
      switch self {
      case .document: .json
      case .plot: .svg
      case .export(let format): format.representation
      }
    }
  }

  /// The document first, so `*/*` stays JSON.
  static let offer = RepresentationOffer<Answer>(Answer.allCases)

  private func expand(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    let request = try PresetRequest(context, offer: Self.offer)
    let answer: Answer
    if let named = request.answer {
      answer = named
    } else {
      answer = try Self.offer.negotiated(context)
    }
    // An export charges its own columns; the others their samples.
    let use: PreparedTimeline.Use
    switch answer {
    case .export:
      try context.refusePrecision(for: .export)
      use = .export
    case .plot:
      try context.refusePrecision(for: .plot)
      use = .samples
    case .document: use = .samples
    }
    let timeline = try PresetTimeline(request, configuration: configuration, use: use)
    switch answer {
    case .export(let format):
      var work = timeline.work
      let body = try Self.export(format, request, timeline, configuration, budget: &work)
      context.meter.charged(workUnits: work.spent)
      return try context.answer(answer.representation, body)
    case .plot:
      context.meter.charged(workUnits: timeline.work.spent)
      return try context.answer(
        answer.representation,
        TimelinePlot.svg(plan: timeline.plan, outputs: timeline.outputs, times: timeline.times))
    case .document:
      context.meter.charged(workUnits: timeline.work.spent)
      return try context.json(document(request, timeline), varies: true)
    }
  }

  /// The preset played on a view in `format`, through the door every export takes: keyframes
  /// for the client's element (its own size and place left alone), or a Lottie document the
  /// size of the request's screen.
  private static func export(
    _ format: ExportFormat, _ request: PresetRequest, _ timeline: PresetTimeline,
    _ configuration: APIConfiguration, budget: inout WorkBudget
  ) throws(Problem) -> [UInt8] {
    let input: ExportedColumns
    do throws(ExportedColumns.Failure) {
      input = try ExportedColumns(
        plan: timeline.plan, times: timeline.times, for: format,
        maxNumbers: configuration.maxTimelineValues,
        budget: &budget, at: JSONPointer())
    } catch {
      switch error {
      case .tooManyNumbers(let count, _, _):
        throw Problem.tooMuchWork(
          "this export would sample \(count) numbers; the limit is \(configuration.maxTimelineValues)",
          .parameter(PresetRequest.Parameter.fps, "\(timeline.times.count) keyframes"))
      case .tooMuchWork(let exhausted, let detail):
        throw Problem.tooMuchWork(
          exhausted, field: .parameter(PresetRequest.Parameter.fps, detail))
      }
    }
    do throws(ExportFormat.Failure) {
      return try format.bytes(
        input, bounds: request.bounds,
        subject: ExportFormat.Subject(
          element: .givenElement, size: (request.width, request.height)),
        warnings: timeline.plan.warnings)
    } catch {
      switch error {
      case .nothingExportable(let message):
        throw Problem.invalidRequest([.parameter("type", message)])
      case .noSampleTime:
        // A preset is sampled from 0 to its end, both included: never without a time.
        throw Problem.invalidRequest([
          .parameter(PresetRequest.Parameter.fps, "gives no sample time to export")
        ])
      }
    }
  }

  /// The JSON document: the preset's states and steps, the animations it adds and its sampled
  /// keyframes.
  private func document(_ request: PresetRequest, _ timeline: PresetTimeline) -> JSONWriter {
    let samples = timeline.sample()
    let plan = timeline.plan
    let document = PresetDocument(
      preset: request.preset, duration: request.duration, delay: request.delay,
      screen: (request.width, request.height), view: request.view, start: timeline.start,
      steps: timeline.steps, stepDuration: timeline.stepDuration,
      animations: plan.actionRecords.compactMap(\.resolution.action), times: samples.times,
      columns: samples.layers[0].columns, contentsNames: plan.contentsNames)
    var w = JSONWriter(capacity: 4096 + timeline.times.count * 200)
    document.write(to: &w)
    return w
  }
}
