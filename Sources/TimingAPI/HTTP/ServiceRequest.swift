import HTTPTransport

/// A request as the service's layers see it: the HTTP request as the client sent it, the route
/// the server's placement found (`TimingService.placement(of:)`), and the id given on the way
/// in (`RequestIDMiddleware`) for the logs and the problems. Kept beside the HTTP request
/// rather than in its headers, since adding a field copied every field of the request (the
/// caller still held the original) on every request.
struct ServiceRequest: Sendable {
  var http: HTTPRequest
  /// The route in the router's table; nil when none was found yet (in process, where no server
  /// placed the request: `Routing` then looks it up).
  var route: Int?
  /// The request's id, once `RequestIDMiddleware` has given it one.
  var id: String?

  init(_ http: HTTPRequest, route: Int? = nil) {
    self.http = http
    self.route = route
  }

  // What the layers read of the HTTP request, by name.
  var method: HTTPMethod { http.method }
  var target: String { http.target }
  var path: String { http.path }
  var query: String? { http.query }
  var headers: HTTPFields { http.headers }
}
