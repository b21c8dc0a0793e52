import HTTPTransport
import TimingEngine

/// One debug line per request: its id (`RequestIDMiddleware`, outside this one), client address,
/// method, route template, status, body bytes and duration, numbers as JSON numbers. Installed
/// only when the process logs at debug, so at other levels the fields are never built.
///
/// The client is the socket's peer: behind the Kubernetes Service or a proxy, the proxy's
/// address. `X-Forwarded-For` is not trusted: any client can write it.
struct AccessLogMiddleware: Middleware {
  let log: JSONLogger.Sink

  func respond<Next: Responder>(to request: ServiceRequest, next: Next) -> RoutedResponse {
    let started = MonotonicClock.nanoseconds()
    let routed = next.respond(to: request)
    let response = routed.response
    var fields: [String: LogValue] = [
      "requestId": .string(request.id ?? ""),
      "client": .string(request.http.peerAddress ?? "in-process"),
      "method": .string(request.method.rawValue), "route": .string(routed.endpoint.label),
      "status": .integer(response.status.code),
      // Microseconds, shown in milliseconds: 3 decimals at most.
      "durationMs": .number(Double((MonotonicClock.nanoseconds() - started) / 1000) / 1000),
    ]
    // A streamed answer's size is not known when it starts; HEAD's body is never sent.
    if response.stream != nil {
      fields["streamed"] = .boolean(true)
    } else {
      fields["bytes"] = .integer(request.method == .head ? 0 : response.body.count)
    }
    log(.debug, "request", fields)
    return routed
  }
}
