/// What a successful answer's body is, which decides what the query's layout parameters do to
/// it (api.md "JSON layout"): the route that makes the answer says so when it builds it
/// (`RequestContext.answer`), rather than the text being told from its `Content-Type` after.
enum AnswerText: Sendable {
  /// The service's JSON (`application/json`): `?pretty` indents it and `?precision` rounds its
  /// numbers.
  case json
  /// The same, with its numbers already written to `?precision` by the route (a timeline's
  /// samples, rounded as they are written).
  case roundedJSON
  /// A JSON document of its own media type (an export's `+json`): indented, its numbers its
  /// own (an export rounds within its bounds, `RequestContext.OwnNumbers`).
  case jsonDocument
  /// Not JSON (CSV, SVG, CSS, HTML, YAML, plain text): left as it is.
  case other
}
