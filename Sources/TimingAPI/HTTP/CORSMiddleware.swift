import HTTPTransport

/// CORS (Fetch standard): any origin when configured with `*` (the API carries no credentials),
/// otherwise the request's origin echoed when it is on the list, with `Vary: Origin` since the
/// answer then depends on it. The router's OPTIONS answer for a resource becomes a preflight
/// when the browser asks for one from an allowed origin.
struct CORSMiddleware: Middleware {
  /// Who may call from a browser.
  enum AllowedOrigins: Equatable {
    case any
    case listed([String])

    /// `*` anywhere in the configured list allows any origin.
    init(_ configured: [String]) {
      self = configured.contains("*") ? .any : .listed(configured)
    }
  }

  let allowedOrigins: AllowedOrigins

  /// `X-Request-ID` both ways, so a browser client can send its own id and read the one that
  /// names the request in our logs.
  static let allowedRequestHeaders = "Content-Type, Accept, If-None-Match, X-Request-ID"
  static let exposedHeaders = "ETag, Allow, Retry-After, X-Request-ID"
  /// A day, in seconds: the routes and their methods change only with a release.
  static let preflightMaxAge = "86400"

  func respond<Next: Responder>(to request: ServiceRequest, next: Next) -> RoutedResponse {
    var routed = next.respond(to: request)
    addFields(to: &routed, for: request)
    return routed
  }

  /// In place: see `Middleware` on why.
  private func addFields(to routed: inout RoutedResponse, for request: ServiceRequest) {
    let origin = request.headers["Origin"]
    let allowOrigin: String?
    switch allowedOrigins {
    case .any: allowOrigin = origin == nil ? nil : "*"
    case .listed(let origins): allowOrigin = origin.flatMap { origins.contains($0) ? $0 : nil }
    }
    if allowOrigin != nil, routed.endpoint == .resourceOptions,
      request.headers["Access-Control-Request-Method"] != nil,
      let allowed = routed.response.headers["Allow"]
    {
      routed.response.headers.append("Access-Control-Allow-Methods", allowed)
      routed.response.headers.append("Access-Control-Allow-Headers", Self.allowedRequestHeaders)
      routed.response.headers.append("Access-Control-Max-Age", Self.preflightMaxAge)
    }
    switch allowedOrigins {
    case .any: break
    case .listed: routed.response.headers.append("Vary", "Origin")
    }
    guard let allowOrigin else { return }
    routed.response.headers.set("Access-Control-Allow-Origin", allowOrigin)
    if request.method != .options {
      routed.response.headers.set("Access-Control-Expose-Headers", Self.exposedHeaders)
    }
  }
}
