import HTTPTransport

/// The rest of the chain as a wrapper sees it: the next wrapper, and at the end the router.
typealias Responder = @Sendable (HTTPRequest) -> RoutedResponse

/// Something every route shares (CORS, entity tags, metrics, the access log), written once
/// around the router instead of in each handler. A wrapper may look at the request, hands it
/// on with `next` and may change the response that comes back; the first of a chain sees the
/// request first and the response last. Synchronous, like the handlers: the server already runs
/// each request on a queue of its own.
protocol Middleware: Sendable {
  func respond(to request: HTTPRequest, next: Responder) -> RoutedResponse
}

extension Array where Element == any Middleware {
  /// The chain around `innermost`, composed once rather than per request.
  func wrapping(_ innermost: @escaping Responder) -> Responder {
    reversed().reduce(innermost) { next, middleware in
      { request in middleware.respond(to: request, next: next) }
    }
  }
}
