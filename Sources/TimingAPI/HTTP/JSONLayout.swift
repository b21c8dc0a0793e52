import HTTPTransport

/// How a JSON answer is laid out: compact (the default: what programs read), or indented with
/// `?pretty` (any value, or none) for people reading curl's output. Both end with a line break,
/// so a shell prompt after `curl` starts on its own line. Every route that can answer JSON
/// accepts the parameter (`RequestContext.rejectUnknownParameters`); problems are JSON too.
enum JSONLayout {
  static let parameter = "pretty"

  static func isIndented(_ query: QueryString) -> Bool { query.first(parameter) != nil }

  /// The media types laid out: JSON and every `+json` type (problem+json, the WAAPI export's
  /// vnd.waapi+json).
  static func isJSON(_ response: HTTPResponse) -> Bool {
    guard let type = response.headers["Content-Type"] else { return false }
    let essence = type.split(separator: ";").first.map { $0.trimmingCharacters(in: " ") } ?? ""
    return essence == HTTPResponse.jsonType || essence.hasSuffix("+json")
  }

  /// `response` indented when it is JSON held whole; a streamed answer is indented by the route
  /// that makes it, piece by piece (`TimelineStream`), and is left as it is here.
  static func indented(_ response: HTTPResponse) -> HTTPResponse {
    guard response.stream == nil, isJSON(response) else { return response }
    var indenter = JSONIndenter()
    var body: [UInt8] = []
    indenter.indent(response.body, into: &body)
    body.append(UInt8(ascii: "\n"))
    var result = response
    result.body = body
    return result
  }
}
