import HTTPTransport
import TimingEngine

/// `GET /v1/presets` and `GET /v1/presets/{type}` (api.md "Canvas presets"): each Canvas type,
/// and one expanded — the UIKit animations it adds, from the same expansion a scene's `canvas`
/// uses, and its sampled keyframes.
struct PresetRoutes {
  let configuration: APIConfiguration

  var routes: [Route] {
    [
      Route("GET", "/v1/presets", caching: .immutable) { context throws(Problem) in
        try list(context)
      },
      Route("GET", "/v1/presets/{type}", .heavy, caching: .immutable) {
        context throws(Problem) in try expand(context)
      },
    ]
  }

  private func list(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    _ = try context.negotiate(HTTPResponse.jsonOnly)
    try context.rejectUnknownParameters()
    var w = JSONWriter()
    w.beginObject()
    w.key("screen")
    let screen = CanvasSettings.defaultScreen
    writeScreen(screen.width, screen.height, into: &w)
    w.key("presets")
    w.beginArray()
    for preset in CanvasPreset.allCases {
      let (start, steps) = preset.definition(width: screen.width, height: screen.height)
      w.beginObject()
      w.key("type")
      w.string(preset.rawValue)
      w.key("start")
      start.write(to: &w)
      w.key("steps")
      w.beginArray()
      for step in steps { step.write(to: &w) }
      w.endArray()
      w.key("stepDuration")
      w.string(
        "duration/\(preset.stepDivisor(stepCount: steps.count))")
      w.endObject()
    }
    w.endArray()
    w.endObject()
    return .json(w)
  }

  /// What `GET /v1/presets/{type}` answers in: `?format=` wins over `Accept`.
  private enum Format: String, CaseIterable {
    case json
    /// The keyframes plotted (`TimelinePlot`), transform and opacity.
    case svg
    /// The preset played on a view as keyframes a browser plays (`PresetExport`).
    case waapi
    case css

    var mediaType: String {
      switch self {
      case .json: HTTPResponse.jsonType
      case .svg: HTTPResponse.svgType
      case .waapi: TimelineExportRoute.Format.waapi.mediaType
      case .css: TimelineExportRoute.Format.css.mediaType
      }
    }

    var export: TimelineExportRoute.Format? {
      switch self {
      case .json, .svg: nil
      case .waapi: .waapi
      case .css: .css
      }
    }
  }

  private func expand(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    let name = context.parameters["type"]!
    guard let preset = CanvasPreset(rawValue: name) else { throw Problem.unknownPreset(name) }
    let query = context.query
    var problems = DecodingContext.query()
    problems.rejectUnknownParameters(
      query,
      allowed: Set(["duration", "delay", "width", "height", "fps", "format", JSONLayout.parameter])
        .union(ExportBounds.parameters))
    var format = problems.choice(parameter: "format", in: query, Format.self)
    let bounds = ExportBounds(query: query, in: &problems)
    let duration = problems.number(parameter: "duration", in: query, range: 0.001...10_000) ?? 1
    let delay = problems.number(parameter: "delay", in: query, range: 0...10_000) ?? 0
    let width =
      problems.number(parameter: "width", in: query, range: 1...100_000)
      ?? CanvasSettings.defaultScreen.width
    let height =
      problems.number(parameter: "height", in: query, range: 1...100_000)
      ?? CanvasSettings.defaultScreen.height
    let fps = problems.number(parameter: "fps", in: query, range: 0.001...1000) ?? 60
    try problems.throwIfFailed()
    if format == nil {
      let chosen = try context.negotiate(Format.allCases.map(\.mediaType))
      format = Format.allCases.first { $0.mediaType == chosen }
    }
    let (start, steps) = preset.definition(width: width, height: height)
    let step = preset.stepDuration(duration, steps: steps.count)
    let end = delay + step * Double(steps.count)
    // Compared as a double before it becomes a count (≤ 2e4 s · 1e3 fps = 2e7 by the ranges
    // above, but the comparison is what keeps Int(…) from ever seeing a huge or NaN value).
    let frames = (end * fps + 1e-9).rounded(.down)
    guard frames < Double(configuration.maxPointsPerRequest) else {
      throw Problem.tooMuchWork(
        "\(numberText(frames + 1)) keyframes (\(numberText(end)) s at \(numberText(fps)) fps) exceed the limit of \(configuration.maxPointsPerRequest)",
        .parameter("fps", "at most \(configuration.maxPointsPerRequest) samples"))
    }
    let count =
      Int(truncating: frames, clampedTo: 0...configuration.maxPointsPerRequest, ifNaN: 0) + 1
    var scene = Scene()
    var layer = Layer(name: "view")
    layer.canvas = CanvasSettings(preset: preset, duration: duration, delay: delay)
    layer.source = ["view"]
    scene.layers = [layer]
    scene.screenWidth = width
    scene.screenHeight = height
    var budget = configuration.workBudget
    let plan: TimelinePlan
    do throws(TimelinePlan.Failure) {
      plan = try TimelinePlan(scene: scene, budget: &budget)
    } catch {
      switch error {
      case .invalid(let error): throw Problem.invalidRequest([.parameter("type", error.message)])
      case .tooMuchWork(let exhausted):
        throw Problem.tooMuchWork(exhausted, field: .parameter("type", "expanding the preset"))
      }
    }
    var times = (0..<count).map { Double($0) / fps }
    if times.last! < end { times.append(end) }
    let outputs = try! plan.outputs(keyPaths: ["transform", "opacity"])
    do throws(WorkBudget.Exhausted) {
      try budget.charge(plan.samplingCost(times: times, outputs: outputs), .sampling)
      try budget.charge(plan.exportCost(times: times.count, outputs: outputs), .export)
    } catch {
      throw Problem.tooMuchWork(error, field: .parameter("fps", "\(times.count) keyframes"))
    }
    context.meter.charged(workUnits: budget.spent)
    if let export = format?.export {
      return try PresetExport.answer(plan: plan, times: times, bounds: bounds, format: export)
    }
    if format == .svg {
      var response = HTTPResponse(
        status: .ok, headers: HTTPFields([("Content-Type", Format.svg.mediaType)]),
        body: TimelinePlot.svg(plan: plan, outputs: outputs, times: times))
      response.headers.append("Vary", "Accept")
      return response
    }
    let samples = plan.sample(times: times, outputs: outputs)

    var w = JSONWriter(capacity: 4096 + times.count * 200)
    w.beginObject()
    w.key("type")
    w.string(preset.rawValue)
    w.key("duration")
    w.number(duration)
    w.key("delay")
    w.number(delay)
    w.key("screen")
    writeScreen(width, height, into: &w)
    w.key("start")
    start.write(to: &w)
    w.key("steps")
    w.beginArray()
    for (k, state) in steps.enumerated() {
      w.beginObject()
      w.key("begin")
      w.number(delay + Double(k) * step)
      w.key("duration")
      w.number(step)
      w.key("to")
      state.write(to: &w)
      w.endObject()
    }
    w.endArray()
    w.key("animations")
    w.beginArray()
    for record in plan.actionRecords {
      if let action = record.resolution.action { action.write(to: &w) }
    }
    w.endArray()
    w.key("keyframes")
    w.beginObject()
    w.key("times")
    w.numberArray(samples.times)
    for column in samples.layers[0].columns {
      w.key(column.keyPath)
      TimelineJSONEncoder.writeColumn(column, names: plan.contentsNames, into: &w)
    }
    w.endObject()
    w.endObject()
    var response = HTTPResponse.json(w)
    response.headers.append("Vary", "Accept")
    return response
  }

  private func writeScreen(_ width: Double, _ height: Double, into w: inout JSONWriter) {
    w.beginObject()
    w.key("width")
    w.number(width)
    w.key("height")
    w.number(height)
    w.endObject()
  }
}
