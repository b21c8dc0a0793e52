import TimingEngine

/// The timeline export for callers without a request (an offline command line, a benchmark):
/// the same bytes `POST /v1/timelines?format=waapi|css` answers for the same scene.
public enum TimelineExporter {
  /// The export formats, as `?format=` names them.
  public static let formats = TimelineExportRoute.Format.allCases.map(\.rawValue)

  /// The export of `prepared` in `format` (one of `formats`) within the body's bounds (its
  /// `export` member; the defaults when absent), or the problem the route would answer (an
  /// unknown format names `format`).
  public static func export(
    _ prepared: PreparedTimeline, format: String, configuration: APIConfiguration
  ) throws(Problem) -> [UInt8] {
    guard let chosen = TimelineExportRoute.Format(rawValue: format) else {
      throw Problem.invalidRequest([
        .parameter("format", "must be " + formats.joined(separator: " or "))
      ])
    }
    let export = try TimelineExportRoute.export(
      prepared, bounds: prepared.exportBounds, form: chosen.form, configuration: configuration)
    return TimelineExportRoute.body(export, format: chosen, warnings: prepared.warnings)
  }
}
