import HTTPTransport
import TimingEngine

/// `POST /v1/timelines` (api.md "Timelines"): a scene in, sampled presentation values out.
struct TimelineRoutes {
  let configuration: APIConfiguration

  var routes: [Route] {
    [Route("POST", "/v1/timelines", .heavy) { context throws(Problem) in try timeline(context) }]
  }

  /// Answers of more numbers than this are streamed (about 1 MB of JSON); smaller ones are sent
  /// whole, with a Content-Length.
  static let streamingThreshold = 65_536

  private func timeline(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    if let export = TimelineExportRoute.requested(
      context, plain: TimelineStream.Format.allCases.map(\.mediaType))
    {
      return try TimelineExportRoute(configuration: configuration).answer(context, format: export)
    }
    let format = try chooseFormat(context)
    var budget = configuration.workBudget
    let request = try RequestBody.json(context.request, budget: &budget)
    let prepared = try PreparedTimeline(
      json: request, configuration: configuration, budget: budget)
    context.meter.charged(workUnits: prepared.work.spent)
    var headers = HTTPFields([("Content-Type", format.contentType), ("Vary", "Accept")])
    if format == .svg {
      // Bounded (about 2 MB at most) and held whole, so tagged from its bytes like other answers.
      return HTTPResponse(status: .ok, headers: headers, body: TimelinePlot.svg(prepared))
    }
    guard prepared.numberCount > Self.streamingThreshold else {
      // Held whole: `?pretty` is applied to it with every other JSON answer (`JSONLayout`).
      return HTTPResponse(
        status: .ok, headers: headers, body: TimelineStream(prepared, format: format).collect())
    }
    let indented = format == .json && JSONLayout.isIndented(context.query)
    let stream = TimelineStream(prepared, format: format, indented: indented)
    // A streamed answer's bytes are not known before its head is sent, but they are a pure
    // function of the request and the service's version: its tag is computed from those
    // (format, layout, the body as sent, the contract's own tag standing for the version), so
    // the same request always gets the same tag, here and on every replica of that version,
    // and the indented answer a different one.
    let layout = indented ? ";" + JSONLayout.parameter : ""
    headers.append(
      "ETag",
      EntityTag.of(
        Array((format.mediaType + layout + OpenAPIDocument.tag).utf8) + [0]
          + context.request.body))
    return HTTPResponse(
      status: .ok, headers: headers,
      stream: ResponseStream(reservedBytes: prepared.estimatedBytes) {
        [meter = context.meter] piece in
        let more = stream.next(into: &piece)
        meter.made(responseBytes: piece.count)
        return more
      })
  }

  /// `?format=json|csv|svg` wins over `Accept`.
  private func chooseFormat(_ context: RequestContext) throws(Problem) -> TimelineStream.Format {
    // `pretty` is accepted with CSV too, and changes nothing there.
    try context.rejectUnknownParameters(allowed: ["format"])
    if context.query.first("format") != nil {
      var problems = DecodingContext.query()
      let format = problems.choice(
        parameter: "format", in: context.query, TimelineStream.Format.self)
      try problems.throwIfFailed()
      if let format { return format }
    }
    let offered = TimelineStream.Format.allCases.map(\.mediaType)
    let chosen = try context.negotiate(offered)
    // `negotiate` answers one of the offered types.
    return TimelineStream.Format.allCases.first { $0.mediaType == chosen } ?? .json
  }
}
