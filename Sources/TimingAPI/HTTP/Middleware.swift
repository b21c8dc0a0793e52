import HTTPTransport

/// Something every route shares (CORS, entity tags, metrics, the access log), written once
/// around the router instead of in each handler. A wrapper may look at the request, hands it
/// on with `next` and may change the response that comes back; the first of a chain sees the
/// request first and the response last. Synchronous, like the handlers: the server already runs
/// each request on a queue of its own.
///
/// Generic over what comes next, so that a composed chain is one concrete type (`Wrapping`)
/// whose layers the compiler specializes and inlines into one function: composed as closures
/// over `any Middleware`, the hand-offs alone (a closure and a witness call per layer, the
/// request and the response copied at each) were ~10 % of a small GET in process (`perf` on
/// `timing-bench handle`). A wrapper that changes the response does so in place, through an
/// `inout` helper: with the response a `var` read around calls into other modules and returned
/// on every path, each layer copied and destroyed it whole (~4 % of a small GET by `perf`).
protocol Middleware: Sendable {
  func respond<Next: Responder>(to request: ServiceRequest, next: Next) -> RoutedResponse
}

extension Middleware {
  /// This wrapper around `inner`.
  func wrapping<Inner: Responder>(_ inner: Inner) -> Wrapping<Self, Inner> {
    Wrapping(outer: self, inner: inner)
  }
}
