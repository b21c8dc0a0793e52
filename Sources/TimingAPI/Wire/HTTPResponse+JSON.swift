import HTTPTransport

extension HTTPResponse {
  /// The media type of every JSON answer (problems have their own, `application/problem+json`).
  static let jsonType = "application/json"
  /// What a route that answers only JSON offers to content negotiation: one array made once,
  /// not a literal per request.
  static let jsonOnly = [jsonType]
  /// The media type of plots (curves, presets, timelines).
  static let svgType = "image/svg+xml"
}
