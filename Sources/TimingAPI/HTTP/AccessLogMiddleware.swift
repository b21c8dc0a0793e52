import HTTPTransport
import TimingEngine

/// One debug line per request: method, route template, status, body size and milliseconds.
/// Installed only when the process logs at debug, so at other levels the fields are never built.
struct AccessLogMiddleware: Middleware {
  let log: JSONLogger.Sink

  func respond(to request: HTTPRequest, next: Responder) -> RoutedResponse {
    let started = MonotonicClock.now()
    let routed = next(request)
    let response = routed.response
    log(
      .debug, "request",
      [
        "method": request.method, "route": routed.endpoint.label,
        "status": String(response.status.code),
        "bytes": response.stream == nil ? String(response.body.count) : "streamed",
        // Microseconds rounded, then shown in milliseconds: 3 decimals at most.
        "ms": numberText(((MonotonicClock.now() - started) * 1e6).rounded() / 1000),
      ])
    return routed
  }
}
