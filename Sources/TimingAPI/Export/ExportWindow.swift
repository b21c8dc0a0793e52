/// The window an export is fitted over: the first and last sample times, in scene seconds, and
/// how many samples lie between them (each once), which every export's account states.
struct ExportWindow: Sendable {
  let from: Double
  let to: Double
  let sampleCount: Int

  /// The window of sorted, distinct `times`; 0 to 0 when there is none.
  init(_ times: [Double]) {
    from = times.first ?? 0
    to = times.last ?? 0
    sampleCount = times.count
  }
}
