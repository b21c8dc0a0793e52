import HTTPTransport

extension RequestContext {
  /// The one constructor of a route's successful answer held whole: its `Content-Type`, `Vary:
  /// Accept` where the resource negotiates among representations (caches must key on
  /// `Accept`), and what the query asks of its text — `?precision`'s rounding, then `?pretty`'s
  /// indentation — as the route says the text is (`AnswerText`). The length follows from the
  /// body (the transport writes it).
  func answer(
    _ body: [UInt8], contentType: String, text: AnswerText, varies: Bool
  ) throws(Problem) -> HTTPResponse {
    var fields = HTTPFields([])
    fields.append(HTTPField.Name.contentType, contentType)
    if varies { fields.append(HTTPField.Name.vary, HTTPField.Name.accept) }
    var body = body
    switch text {
    case .json:
      if let digits = try NumberPrecision.digits(query) {
        body = NumberPrecision.rounded(body, digits: digits)
      }
      if JSONLayout.isIndented(query) { body = JSONLayout.indented(body) }
    case .roundedJSON, .jsonDocument:
      if JSONLayout.isIndented(query) { body = JSONLayout.indented(body) }
    case .other: break
    }
    return HTTPResponse(status: .ok, headers: fields, body: body)
  }

  /// The service's JSON, written by `writer`: the answer of every route that answers only JSON
  /// (`varies` where the same resource also serves other representations). The line break
  /// every JSON answer ends with goes into the writer's buffer, so the body is copied out once.
  func json(_ writer: consuming JSONWriter, varies: Bool = false) throws(Problem) -> HTTPResponse {
    writer.lineBreak()
    return try answer(writer.bytes, contentType: HTTPResponse.jsonType, text: .json, varies: varies)
  }
}
