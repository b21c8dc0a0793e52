import HTTPTransport

/// Counts every request by route template and status, with the time spent on it: the whole
/// handling, CORS and entity tags included (`GET /metrics`).
struct MetricsMiddleware: Middleware {
  let metrics: Metrics

  func respond(to request: HTTPRequest, next: Responder) -> RoutedResponse {
    let started = MonotonicClock.now()
    let routed = next(request)
    metrics.record(
      route: routed.endpoint.label, status: routed.response.status.code,
      seconds: MonotonicClock.now() - started)
    return routed
  }
}
