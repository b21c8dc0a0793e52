import HTTPTransport
import TimingEngine

/// `POST /v1/timelines` (api.md "Timelines"): a scene in, sampled presentation values out.
struct TimelineRoutes {
  /// `format` alone; made once, not per request.
  static let parameters = Representation.Parameter.names
  let configuration: APIConfiguration

  var routes: [Route] { [Route.post("/v1/timelines", .heavy, roundsItsNumbers: true, timeline)] }

  /// Answers of more numbers than this are streamed (about 1 MB of JSON); smaller ones are sent
  /// whole, with a Content-Length.
  static let streamingThreshold = 65_536

  /// What the resource serves, JSON first (so `*/*` stays JSON).
  static let offer = RepresentationOffer<Representation>([
    .json, .csv, .svg, .waapi, .css, .lottie,
  ])

  private func timeline(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    let representation = try Self.offer.requested(context)
    let format: TimelineStream.Format
    switch representation.encoding {
    case .export(let export):
      return try TimelineExportRoute(configuration: configuration).answer(context, format: export)
    case .plot:
      try context.refusePrecision(for: .plot)
      let prepared = try prepare(context)
      // Bounded (about 2 MB at most) and held whole, so tagged from its bytes like other answers.
      return try context.answer(representation, TimelinePlot.svg(prepared))
    case .samples(let samples):
      format = samples
    case .tokenFile:
      // Not in the offer, which answers its own 422 first; said the same way if it ever were.
      throw Problem.invalidRequest([
        .parameter(
          Representation.Parameter.format.rawValue,
          "\(representation.rawValue) is a token file, which POST /v1/tokens compiles; a timeline is "
            + Self.offer.named.map(\.rawValue).joined(separator: " or "))
      ])
    }
    let prepared = try prepare(context)
    // `?precision`, checked by `Routing` before the route ran: numbers rounded as they are
    // written, held whole or streamed (the route `roundsItsNumbers`).
    let digits = try NumberPrecision.digits(context.query)
    guard prepared.numberCount > Self.streamingThreshold else {
      // Held whole: its JSON already rounded, indented by `?pretty` like every JSON answer.
      let text: AnswerText
      switch format {
      case .json: text = .roundedJSON
      case .csv: text = .other
      }
      return try context.answer(
        TimelineStream(prepared, format: format, significantDigits: digits).collect(),
        contentType: representation.contentType, text: text, varies: true)
    }
    let indented = format == .json && JSONLayout.isIndented(context.query)
    let stream = TimelineStream(
      prepared, format: format, indented: indented, significantDigits: digits)
    // A streamed answer's bytes are not known before its head is sent, but they are a pure
    // function of the request and the service's version: its tag is computed from those
    // (format, layout, precision, the body as sent, the contract's own tag standing for the
    // version), so the same request always gets the same tag, here and on every replica of
    // that version, and the indented or rounded answer a different one.
    let layout =
      (indented ? ";" + JSONLayout.parameter : "")
      + (digits.map { ";\(NumberPrecision.parameter)=\($0)" } ?? "")
    var response = try context.answer(
      representation,
      stream: ResponseStream(reservedBytes: prepared.estimatedBytes) {
        [meter = context.meter] piece in
        let more = stream.next(into: &piece)
        meter.made(responseBytes: piece.count)
        return more
      })
    response.headers.append(
      HTTPField.Name.eTag,
      EntityTag.of(
        Array((representation.mediaType + layout + OpenAPIDocument.tag).utf8) + [0]
          + context.request.body))
    return response
  }

  /// The scene of a samples or plot request, whose only parameter is `format` (and `pretty`,
  /// accepted with CSV and SVG too, where it changes nothing).
  private func prepare(_ context: RequestContext) throws(Problem) -> PreparedTimeline {
    try context.rejectUnknownParameters(allowed: Self.parameters)
    let (body, decoding) = try context.jsonBody(budget: configuration.workBudget)
    let prepared = try PreparedTimeline(
      json: body, configuration: configuration, budget: decoding.budget)
    context.meter.charged(workUnits: prepared.work.spent)
    return prepared
  }
}
