import HTTPTransport

/// A wrapper installed only in some configurations (the access log, at debug level): when
/// absent, the request goes straight on, and the chain keeps one type either way.
extension Optional: Middleware where Wrapped: Middleware {
  @inline(__always)
  func respond<Next: Responder>(to request: ServiceRequest, next: Next) -> RoutedResponse {
    switch self {
    case .some(let middleware): middleware.respond(to: request, next: next)
    case .none: next.respond(to: request)
    }
  }
}
