import HTTPTransport
import TimingEngine

/// `POST /v1/timelines?format=waapi` (or `Accept: application/vnd.waapi+json`): the timeline
/// as keyframes a browser plays within stated bounds of our samples (docs/export.md).
/// `TimelineRoutes` hands it the requests whose `Representation` is keyframes.
struct TimelineExportRoute {
  /// `format` and the export bounds; made once, since a set built per request costs a small
  /// request several per cent (`DecodingContext.rejectUnknownParameters`).
  static let parameters = Representation.Parameter.names.union(ExportBounds.Parameter.names)
  let configuration: APIConfiguration

  func answer(
    _ context: RequestContext, form: TimelineExport.Form
  ) throws(Problem) -> HTTPResponse {
    let (prepared, bounds) = try prepare(context)
    let export = try Self.export(
      prepared, bounds: bounds, form: form, configuration: configuration)
    return HTTPResponse(
      status: .ok,
      headers: HTTPFields([("Content-Type", form.representation.contentType), ("Vary", "Accept")]),
      body: export.bytes(form, warnings: prepared.warnings))
  }

  /// `?format=lottie` (or `Accept: video/lottie+json`): the timeline as a Lottie document
  /// (docs/export.md "Lottie").
  func lottie(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    let (prepared, bounds) = try prepare(context)
    try Self.checkSize(prepared, configuration: configuration)
    // A document's frames are its sample times: with none there is no frame to show (and no
    // first value to hold), so it is refused rather than written empty.
    guard !prepared.times.isEmpty else {
      throw Problem.invalidRequest([
        .at(
          JSONPointer() / TimelineRequest.Member.sample,
          "a Lottie document needs at least one sample time")
      ])
    }
    let export = LottieExport(plan: prepared.plan, times: prepared.times, bounds: bounds)
    return HTTPResponse(
      status: .ok,
      headers: HTTPFields([
        ("Content-Type", Representation.lottie.contentType), ("Vary", "Accept"),
      ]),
      body: export.bytes(warnings: prepared.warnings))
  }

  /// The body's timeline, prepared and charged, and the bounds: the query's over the body's,
  /// the query checked before the body is read.
  private func prepare(_ context: RequestContext) throws(Problem) -> (
    PreparedTimeline, ExportBounds
  ) {
    try context.rejectUnknownParameters(allowed: Self.parameters)
    try context.refusePrecision(for: .export)
    var problems = DecodingContext.query()
    _ = ExportBounds(query: context.query, in: &problems)
    try problems.throwIfFailed()
    var budget = configuration.workBudget
    let request = try RequestBody.json(context.request, budget: &budget)
    let prepared = try PreparedTimeline(
      json: request, configuration: configuration, budget: budget)
    let bounds = ExportBounds(query: context.query, over: prepared.exportBounds, in: &problems)
    let work = try Self.chargeSampling(prepared)
    context.meter.charged(workUnits: work.spent)
    return (prepared, bounds)
  }

  /// An export samples every exported layer property of every layer, whatever `keyPaths` asks
  /// the timeline to report: that sampling is charged too, before it starts. Without it a
  /// body reporting only `opacity` while 1 000 additive rotations ran at 99 901 times passed the
  /// budget and took 79 s (debug build) to export.
  private static func chargeSampling(_ prepared: PreparedTimeline) throws(Problem) -> WorkBudget {
    var budget = prepared.work
    // Every exported layer property resolves: they are all in the catalogue.
    let outputs = try! prepared.plan.outputs(
      keyPaths: ExportedLayerProperty.allCases.map(\.rawValue))
    let sampling = JSONPointer() / TimelineRequest.Member.sample
    do throws(WorkBudget.Exhausted) {
      try budget.charge(
        prepared.plan.samplingCost(times: prepared.times, outputs: outputs), .sampling,
        at: sampling.tokens)
    } catch {
      throw Problem.tooMuchWork(
        error,
        field: .at(
          sampling,
          "exporting samples \(prepared.plan.stepCount) animations on the \(ExportedLayerProperty.allCases.count) exported layer properties at \(prepared.times.count) times"
        ))
    }
    return budget
  }

  /// The export of a prepared timeline, within the timeline's own limit on numbers: an export
  /// samples every exported property of every layer (`componentsPerLayer` numbers) at every
  /// sample time before it fits.
  static func export(
    _ prepared: PreparedTimeline, bounds: ExportBounds, form: TimelineExport.Form,
    configuration: APIConfiguration
  ) throws(Problem) -> TimelineExport {
    try checkSize(prepared, configuration: configuration)
    do throws(TimelineExport.Failure) {
      return try TimelineExport(
        plan: prepared.plan, times: prepared.times, bounds: bounds, form: form)
    } catch {
      switch error {
      case .nothingExportable(let message):
        throw Problem.invalidRequest([.at(JSONPointer() / TimelineRequest.Member.layers, message)])
      }
    }
  }

  /// An export samples every exported property of every layer (`componentsPerLayer` numbers)
  /// at every sample time before it fits: within the timeline's own limit on numbers.
  static func checkSize(_ prepared: PreparedTimeline, configuration: APIConfiguration)
    throws(Problem)
  {
    let layers = prepared.plan.layerCount
    let perSample = layers.multipliedReportingOverflow(by: TimelineExport.componentsPerLayer)
    let numbers = prepared.times.count.multipliedReportingOverflow(by: perSample.partialValue)
    let count = perSample.overflow || numbers.overflow ? Int.max : numbers.partialValue
    guard count <= configuration.maxTimelineValues else {
      throw Problem.tooMuchWork(
        "this export would sample \(count) numbers (\(layers) layers × \(TimelineExport.componentsPerLayer) "
          + "numbers of exported properties × \(prepared.times.count) samples); the limit is "
          + "\(configuration.maxTimelineValues). Sample fewer times.",
        TimelineRequest.sampleField(
          samples: prepared.times.count, numbersEach: perSample.partialValue))
    }
  }
}
