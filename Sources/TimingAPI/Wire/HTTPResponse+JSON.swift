import HTTPTransport

extension HTTPResponse {
  /// The media type of every JSON answer (problems have their own, `application/problem+json`).
  static let jsonType = "application/json"
  /// What a route that answers only JSON offers to content negotiation: one array made once,
  /// not a literal per request.
  static let jsonOnly = [jsonType]
  /// The media type of plots (curves, presets, timelines).
  static let svgType = "image/svg+xml"

  /// A 200 answer with a JSON body: the one way every route builds one, so they all carry the
  /// same `Content-Type` and end with a line break (`JSONLayout`). The line break goes into the
  /// writer's buffer, so the body is copied out once (appending it to the written array was an
  /// allocation and a copy more per answer).
  static func json(_ writer: consuming JSONWriter) -> HTTPResponse {
    writer.lineBreak()
    return HTTPResponse(status: .ok, headers: jsonFields, body: writer.bytes)
  }

  /// `Content-Type` alone, in fields with room for what the wrappers add: an empty list
  /// reserves it without the array of pairs that a literal allocates first.
  private static var jsonFields: HTTPFields {
    var fields = HTTPFields([])
    fields.append("Content-Type", jsonType)
    return fields
  }
}
