import HTTPTransport

/// `Cache-Control` on a route's successful GET and HEAD answers, from the route's
/// `CachePolicy`. Inside `EntityTagMiddleware`, so a 304 carries it too (RFC 9110 §15.4.5);
/// errors get none, so a 404 for a misspelled curve is not cached for a year.
struct CacheControlMiddleware: Middleware {
  /// The policy of each route, by its slot (its index in the router).
  let policies: [CachePolicy]

  func respond<Next: Responder>(to request: ServiceRequest, next: Next) -> RoutedResponse {
    var routed = next.respond(to: request)
    addField(to: &routed, for: request)
    return routed
  }

  /// In place: see `Middleware` on why.
  private func addField(to routed: inout RoutedResponse, for request: ServiceRequest) {
    guard case .template(_, let slot) = routed.endpoint, routed.response.status == .ok,
      request.method == .get || request.method == .head, slot < policies.count,
      let value = policies[slot].headerValue,
      !routed.response.headers.contains(HTTPField.Name.cacheControl)
    else { return }
    routed.response.headers.append(HTTPField.Name.cacheControl, value)
  }
}
