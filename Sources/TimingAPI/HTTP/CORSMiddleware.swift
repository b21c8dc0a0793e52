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
    let origin = request.headers[HTTPField.Name.origin]
    let allowOrigin: String?
    switch allowedOrigins {
    case .any: allowOrigin = origin == nil ? nil : "*"
    case .listed(let origins): allowOrigin = origin.flatMap { origins.contains($0) ? $0 : nil }
    }
    if allowOrigin != nil, routed.endpoint == .resourceOptions,
      request.headers[HTTPField.Name.accessControlRequestMethod] != nil,
      let allowed = routed.response.headers[HTTPField.Name.allow]
    {
      routed.response.headers.append(HTTPField.Name.accessControlAllowMethods, allowed)
      routed.response.headers.append(
        HTTPField.Name.accessControlAllowHeaders, Self.allowedRequestHeaders)
      routed.response.headers.append(HTTPField.Name.accessControlMaxAge, Self.preflightMaxAge)
    }
    switch allowedOrigins {
    case .any: break
    case .listed: routed.response.headers.append(HTTPField.Name.vary, HTTPField.Name.origin)
    }
    guard let allowOrigin else { return }
    routed.response.headers.set(HTTPField.Name.accessControlAllowOrigin, allowOrigin)
    if request.method != .options {
      routed.response.headers.set(HTTPField.Name.accessControlExposeHeaders, Self.exposedHeaders)
    }
  }
}
