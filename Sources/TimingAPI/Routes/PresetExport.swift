import HTTPTransport
import TimingEngine

/// `GET /v1/presets/{type}?format=waapi` (or `Accept: application/vnd.waapi+json`): the preset
/// played on a view, as keyframes a browser plays within the bounds (docs/export.md), sampled
/// at the route's `fps` from 0 to the preset's end.
enum PresetExport {
  /// The export format asked for, or nil for the expansion's own JSON; `?format=` wins over
  /// `Accept`.
  static func requested(_ context: RequestContext) throws(Problem) -> TimelineExportRoute.Format? {
    if let text = context.query.first("format") {
      if text == "json" { return nil }
      guard let format = TimelineExportRoute.Format(rawValue: text) else {
        var problems = DecodingContext.query()
        problems.fail(
          parameter: "format",
          "must be json or "
            + TimelineExportRoute.Format.allCases.map(\.rawValue).joined(separator: " or "))
        try problems.throwIfFailed()
        return nil
      }
      return format
    }
    let offered = [HTTPResponse.jsonType] + TimelineExportRoute.Format.allCases.map(\.mediaType)
    let chosen = try context.negotiate(offered)
    return TimelineExportRoute.Format.allCases.first { $0.mediaType == chosen }
  }

  static func answer(
    plan: TimelinePlan, times: [Double], bounds: ExportBounds, format: TimelineExportRoute.Format
  ) throws(Problem) -> HTTPResponse {
    let export: TimelineExport
    do throws(TimelineExport.Failure) {
      export = try TimelineExport(plan: plan, times: times, bounds: bounds)
    } catch {
      switch error {
      case .nothingExportable(let message):
        throw Problem.invalidRequest([.parameter("type", message)])
      }
    }
    return HTTPResponse(
      status: .ok,
      headers: HTTPFields([("Content-Type", format.contentType), ("Vary", "Accept")]),
      body: TimelineExportRoute.body(export, format: format, warnings: plan.warnings))
  }
}
