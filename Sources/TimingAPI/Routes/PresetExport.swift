import HTTPTransport
import TimingEngine

/// `GET /v1/presets/{type}?format=waapi` (or `Accept: application/vnd.waapi+json`): the preset
/// played on a view, as keyframes a browser plays within the bounds (docs/export.md), sampled
/// at the route's `fps` from 0 to the preset's end.
enum PresetExport {
  static func answer(
    plan: TimelinePlan, times: [Double], bounds: ExportBounds, form: TimelineExport.Form
  ) throws(Problem) -> HTTPResponse {
    let export: TimelineExport
    do throws(TimelineExport.Failure) {
      export = try TimelineExport(
        plan: plan, times: times, bounds: bounds, form: form, element: .givenElement)
    } catch {
      switch error {
      case .nothingExportable(let message):
        throw Problem.invalidRequest([.parameter("type", message)])
      }
    }
    return HTTPResponse(
      status: .ok,
      headers: HTTPFields([("Content-Type", form.representation.contentType), ("Vary", "Accept")]),
      body: export.bytes(form, warnings: plan.warnings))
  }
}
