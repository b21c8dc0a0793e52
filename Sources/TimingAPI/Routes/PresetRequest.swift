import HTTPTransport
import TimingEngine

/// `GET /v1/presets/{type}`'s path and query, decoded: every bad parameter named in one 422.
struct PresetRequest {
  let preset: CanvasPreset
  /// `?format=`'s choice; nil leaves it to `Accept`.
  let answer: PresetRoutes.Answer?
  let bounds: ExportBounds
  let duration: Double
  let delay: Double
  /// The screen the preset's moves are measured against.
  let width: Double
  let height: Double
  let fps: Double
  /// The client's view, when given (`?viewWidth=&viewHeight=`, both or neither): the preset's
  /// layer gets these bounds. Exports fit any element without it (`ExportElement`).
  let view: (width: Double, height: Double)?

  /// The preset's own parameters; `format`, `pretty`, `precision` and the export bounds come
  /// beside them.
  enum Parameter: String, WireMember {
    case duration, delay, width, height, fps, viewWidth, viewHeight
  }

  static let parameters = Parameter.names.union(Representation.Parameter.names)
    .union(RequestContext.jsonParameters).union(ExportBounds.Parameter.names)

  init(_ context: RequestContext, offer: RepresentationOffer<PresetRoutes.Answer>) throws(Problem) {
    let name = context.parameters["type"]!
    guard let preset = CanvasPreset(rawValue: name) else { throw Problem.unknownPreset(name) }
    self.preset = preset
    let query = context.query
    var problems = DecodingContext.query()
    problems.rejectUnknownParameters(query, allowed: Self.parameters)
    answer = offer.named(in: query, problems: &problems)
    bounds = ExportBounds(query: query, in: &problems)
    duration =
      problems.number(parameter: Parameter.duration, in: query, range: 0.001...10_000) ?? 1
    delay = problems.number(parameter: Parameter.delay, in: query, range: 0...10_000) ?? 0
    width =
      problems.number(parameter: Parameter.width, in: query, range: 1...100_000)
      ?? CanvasSettings.defaultScreen.width
    height =
      problems.number(parameter: Parameter.height, in: query, range: 1...100_000)
      ?? CanvasSettings.defaultScreen.height
    fps = problems.number(parameter: Parameter.fps, in: query, range: 0.001...1000) ?? 60
    let viewWidth = problems.number(
      parameter: Parameter.viewWidth, in: query, range: 0...100_000)
    let viewHeight = problems.number(
      parameter: Parameter.viewHeight, in: query, range: 0...100_000)
    switch (viewWidth, viewHeight) {
    case (let w?, let h?): view = (w, h)
    case (nil, nil): view = nil
    case (nil, _?):
      view = nil
      problems.fail(
        parameter: Parameter.viewWidth, "is needed with viewHeight: give both or neither")
    case (_?, nil):
      view = nil
      problems.fail(
        parameter: Parameter.viewHeight, "is needed with viewWidth: give both or neither")
    }
    try problems.throwIfFailed()
  }
}
