import HTTPTransport

/// A wrapper around the rest of a chain: itself the rest of the chain for the wrapper outside.
struct Wrapping<Outer: Middleware, Inner: Responder>: Responder {
  let outer: Outer
  let inner: Inner

  @inline(__always)
  func respond(to request: ServiceRequest) -> RoutedResponse {
    outer.respond(to: request, next: inner)
  }
}
