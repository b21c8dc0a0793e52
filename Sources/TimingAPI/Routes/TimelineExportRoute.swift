import HTTPTransport
import TimingEngine

/// `POST /v1/timelines?format=waapi|css|lottie` (or `Accept` naming their media types): the
/// timeline as an export a player plays within stated bounds of our samples (docs/export.md).
/// `TimelineRoutes` hands it the requests whose `Representation` is an export; every format
/// goes through the same door (`ExportFormat.bytes`) from the same columns, charged once.
struct TimelineExportRoute {
  /// `format` and the export bounds; made once, since a set built per request costs a small
  /// request several per cent (`DecodingContext.rejectUnknownParameters`).
  static let parameters = Representation.Parameter.names.union(ExportBounds.Parameter.names)
  let configuration: APIConfiguration

  func answer(_ context: RequestContext, format: ExportFormat) throws(Problem) -> HTTPResponse {
    try context.rejectUnknownParameters(allowed: Self.parameters)
    try context.refusePrecision(for: .export)
    // The query is checked before the body is read.
    var problems = DecodingContext.query()
    _ = ExportBounds(query: context.query, in: &problems)
    try problems.throwIfFailed()
    let (request, decoding) = try context.jsonBody(budget: configuration.workBudget)
    let prepared = try PreparedTimeline(
      json: request, configuration: configuration, budget: decoding.budget, use: .export)
    // The query's bounds over the body's.
    let bounds = ExportBounds(query: context.query, over: prepared.exportBounds, in: &problems)
    var work = prepared.work
    let input = try Self.columns(
      prepared, for: format, configuration: configuration, budget: &work)
    context.meter.charged(workUnits: work.spent)
    let body: [UInt8]
    do throws(ExportFormat.Failure) {
      body = try format.bytes(input, bounds: bounds, warnings: prepared.warnings)
    } catch {
      switch error {
      case .nothingExportable(let message):
        throw Problem.invalidRequest([.at(JSONPointer() / TimelineRequest.Member.layers, message)])
      case .noSampleTime:
        throw Problem.invalidRequest([
          .at(
            JSONPointer() / TimelineRequest.Member.sample,
            "a Lottie document needs at least one sample time")
        ])
      }
    }
    return try context.answer(format.representation, body)
  }

  /// The exported columns of a prepared timeline, their sampling and fit charged to `budget`;
  /// refused as the timeline's `sample` when they are too many or too much work.
  static func columns(
    _ prepared: PreparedTimeline, for format: ExportFormat, configuration: APIConfiguration,
    budget: inout WorkBudget
  ) throws(Problem) -> ExportedColumns {
    let sample = JSONPointer() / TimelineRequest.Member.sample
    do throws(ExportedColumns.Failure) {
      return try ExportedColumns(
        plan: prepared.plan, times: prepared.times, for: format,
        maxNumbers: configuration.maxTimelineValues, budget: &budget, at: sample)
    } catch {
      switch error {
      case .tooManyNumbers(let count, let layers, let perSample):
        throw Problem.tooMuchWork(
          "this export would sample \(count) numbers (\(layers) layers × \(ExportedColumns.componentsPerLayer) "
            + "numbers of exported properties × \(prepared.times.count) samples); the limit is "
            + "\(configuration.maxTimelineValues). Sample fewer times.",
          TimelineRequest.sampleField(samples: prepared.times.count, numbersEach: perSample))
      case .tooMuchWork(let exhausted, let detail):
        throw Problem.tooMuchWork(exhausted, field: .at(sample, detail))
      }
    }
  }
}
