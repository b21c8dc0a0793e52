import HTTPTransport

/// How a JSON answer is laid out: compact (the default: what programs read), or indented with
/// `?pretty` (any value, or none) for people reading curl's output. Both end with a line break,
/// so a shell prompt after `curl` starts on its own line. Every route that can answer JSON
/// accepts the parameter (`RequestContext.rejectUnknownParameters`); problems are JSON too.
enum JSONLayout {
  static let parameter = "pretty"

  static func isIndented(_ query: QueryString) -> Bool { query.first(parameter) != nil }

  /// `body`, JSON held whole, indented; what is JSON is the route's to say (`AnswerText`), and a
  /// streamed answer is indented by the route that makes it, piece by piece (`TimelineStream`).
  static func indented(_ body: [UInt8]) -> [UInt8] {
    var indenter = JSONIndenter()
    var out: [UInt8] = []
    indenter.indent(body, into: &out)
    out.append(UInt8(ascii: "\n"))
    return out
  }
}
