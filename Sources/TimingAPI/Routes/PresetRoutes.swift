import HTTPTransport
import TimingEngine

/// `GET /v1/presets` and `GET /v1/presets/{type}` (api.md "Canvas presets"): each Canvas type,
/// and one expanded — the UIKit animations it adds, from the same expansion a scene's `canvas`
/// uses, and its sampled keyframes.
struct PresetRoutes {
  let configuration: APIConfiguration

  var routes: [Route] {
    [
      Route(.get, "/v1/presets", caching: .immutable) { context throws(Problem) in
        try list(context)
      },
      Route(.get, "/v1/presets/{type}", .heavy, caching: .immutable) {
        context throws(Problem) in try expand(context)
      },
    ]
  }

  private func list(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    _ = try context.negotiate(HTTPResponse.jsonOnly)
    try context.rejectUnknownParameters()
    let screen = CanvasSettings.defaultScreen
    var w = JSONWriter()
    PresetList.write(width: screen.width, height: screen.height, to: &w)
    return .json(w)
  }

  /// What `GET /v1/presets/{type}` answers: its JSON document (the states, steps, animations
  /// and sampled keyframes), the keyframes plotted (transform and opacity), or the preset played
  /// on a view as keyframes a browser plays (`PresetExport`).
  enum Answer: ServedRepresentation, CaseIterable {
    case document
    case plot
    case keyframes(TimelineExport.Form)
    /// The preset played on the view, centred on the screen, as a Lottie document.
    case lottie

    static let allCases: [Answer] = [
      .document, .plot, .keyframes(.webAnimations), .keyframes(.styleSheet), .lottie,
    ]

    var representation: Representation {
      switch self {
      case .document: .json
      case .plot: .svg
      case .keyframes(let form): form.representation
      case .lottie: .lottie
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
    switch answer {
    case .keyframes, .lottie: try context.refusePrecision(for: .export)
    case .plot: try context.refusePrecision(for: .plot)
    case .document: break
    }
    let timeline = try PresetTimeline(request, configuration: configuration)
    context.meter.charged(workUnits: timeline.work.spent)
    switch answer {
    case .keyframes(let form):
      return try PresetExport.answer(
        plan: timeline.plan, times: timeline.times, bounds: request.bounds,
        form: form)
    case .lottie:
      let export = LottieExport(
        plan: timeline.plan, times: timeline.times, bounds: request.bounds,
        size: (request.width, request.height))
      return Self.answer(answer.representation, export.bytes(warnings: timeline.plan.warnings))
    case .plot:
      return Self.answer(
        answer.representation,
        TimelinePlot.svg(plan: timeline.plan, outputs: timeline.outputs, times: timeline.times))
    case .document:
      var response = HTTPResponse.json(document(request, timeline))
      response.headers.append("Vary", "Accept")
      return response
    }
  }

  /// An answer whose bytes are made whole, in `representation`.
  private static func answer(_ representation: Representation, _ body: [UInt8]) -> HTTPResponse {
    HTTPResponse(
      status: .ok,
      headers: HTTPFields([("Content-Type", representation.contentType), ("Vary", "Accept")]),
      body: body)
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
