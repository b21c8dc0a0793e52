import HTTPTransport

/// Counts every request by route template and status, with the time spent on it (the whole
/// handling: CORS, entity tags and cache fields included) and the bytes of its body, and keeps
/// the in-flight gauge (`GET /metrics`). Two clock reads and a handful of relaxed atomic adds
/// per request: no lock, no allocation (`Metrics`).
struct MetricsMiddleware: Middleware {
  let metrics: Metrics
  /// The metrics' slots (`Metrics.prepare`), held here rather than loaded per request.
  let table: Metrics.Table
  /// Routes before the fixed endpoints' slots (`RoutedResponse.Endpoint.slot`).
  let routeCount: Int

  func respond<Next: Responder>(to request: ServiceRequest, next: Next) -> RoutedResponse {
    metrics.begin()
    let started = MonotonicClock.nanoseconds()
    let routed = next.respond(to: request)
    // HEAD answers carry the GET's body here, which the writer then drops.
    let bytes =
      request.method == .head || routed.response.stream != nil ? 0 : routed.response.body.count
    table.record(
      slot: routed.endpoint.slot(routeCount: routeCount), status: routed.response.status.code,
      nanoseconds: MonotonicClock.nanoseconds() - started, bytes: bytes)
    metrics.end()
    return routed
  }
}
