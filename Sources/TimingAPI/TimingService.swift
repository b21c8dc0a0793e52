import Dispatch
import HTTPServer
import Synchronization
import TimingEngine

/// The HTTP API: routes requests to handlers and applies what every route shares — problem+json
/// errors, content negotiation, ETags and conditional requests, HEAD, OPTIONS and CORS, metrics.
public final class TimingService: Sendable {
  let configuration: APIConfiguration
  let metrics = Metrics()
  private let readiness: @Sendable () -> Bool
  private let serverStatistics: @Sendable () -> HTTPServer.Statistics?
  private let router: Router
  /// One line per request (at debug level), when the process logs that much.
  private let accessLog: (@Sendable (HTTPServer.LogLevel, String, [String: String]) -> Void)?

  /// - Parameters:
  ///   - readiness: whether `/readyz` answers 200 (false while starting or draining).
  ///   - serverStatistics: connection counts for `/metrics`.
  public init(
    configuration: APIConfiguration = APIConfiguration(),
    readiness: @escaping @Sendable () -> Bool = { true },
    serverStatistics: @escaping @Sendable () -> HTTPServer.Statistics? = { nil },
    accessLog: (@Sendable (HTTPServer.LogLevel, String, [String: String]) -> Void)? = nil
  ) {
    self.accessLog = accessLog
    self.configuration = configuration
    self.readiness = readiness
    self.serverStatistics = serverStatistics
    var routes: [Route] = []
    let timing = TimingFunctionRoutes(configuration: configuration)
    routes += timing.routes
    routes += TimelineRoutes(configuration: configuration).routes
    routes += ActionRoutes(configuration: configuration).routes
    routes += PresetRoutes(configuration: configuration).routes
    routes += OperationsRoutes.routes(
      readiness: readiness, metrics: metrics, serverStatistics: serverStatistics)
    router = Router(routes: routes)
  }

  /// Every (method, path template) the service answers, for the OpenAPI parity test.
  public var routeTable: [(method: String, template: String)] {
    router.routes.map { ($0.method, $0.template) }
  }

  /// Where the server runs a request (the route's class; unmatched requests are light).
  public func requestClass(_ request: HTTPRequest) -> RequestClass {
    guard request.target != "*",
      case .found(let route, _) = router.match(method: request.method, path: request.path)
    else { return .light }
    return route.requestClass
  }

  /// The server's error responder: transport errors as problem+json too.
  public static let transportError: HTTPServer.ErrorResponder = { status, detail in
    Problem.transport(status, detail).response
  }

  public func handle(_ request: HTTPRequest) -> HTTPResponse {
    let started = MonotonicClock.now()
    var (response, template) = route(request)
    applyCORS(request, &response)
    metrics.record(
      route: template, status: response.status.code, seconds: MonotonicClock.now() - started)
    if let accessLog {
      accessLog(
        .debug, "request",
        [
          "method": request.method, "route": template, "status": String(response.status.code),
          "bytes": response.stream == nil ? String(response.body.count) : "streamed",
          "ms": numberText(((MonotonicClock.now() - started) * 1e6).rounded() / 1000),
        ])
    }
    return response
  }

  private func route(_ request: HTTPRequest) -> (HTTPResponse, String) {
    guard Router.knownMethods.contains(request.method) else {
      return (Problem.notImplemented(request.method).response, "unmatched")
    }
    if request.target == "*" {
      return (
        HTTPResponse(
          status: .noContent, headers: HTTPFields([("Allow", "GET, HEAD, POST, OPTIONS")])), "*"
      )
    }
    switch router.match(method: request.method, path: request.path) {
    case .notFound:
      return (Problem.notFound(request.path).response, "unmatched")
    case .methodNotAllowed(let allowed):
      if request.method == "OPTIONS" {
        return (preflightOrAllow(request, allowed: allowed), "options")
      }
      return (Problem.methodNotAllowed(request.method, allowed: allowed).response, "unmatched")
    case .found(let route, let parameters):
      guard let query = QueryString(request.query) else {
        return (
          Problem.invalidRequest([
            .parameter("query", "malformed percent-encoding in the query string")
          ]).response,
          route.template
        )
      }
      var response: HTTPResponse
      do {
        response = try route.handler(
          RequestContext(request: request, query: query, parameters: parameters))
      } catch {
        return (error.response, route.template)
      }
      applyEntityTag(request, &response)
      return (response, route.template)
    }
  }

  /// ETag on every successful answer, and `If-None-Match`: 304 for GET and HEAD, 412 for other
  /// methods (RFC 9110 §13.1.2).
  private func applyEntityTag(_ request: HTTPRequest, _ response: inout HTTPResponse) {
    guard response.status == .ok else { return }
    // A streamed answer comes tagged by its route (its bytes are not known yet).
    let tag = response.headers["ETag"] ?? EntityTag.of(response.body)
    response.headers.set("ETag", tag)
    guard let condition = request.headers["If-None-Match"], EntityTag.matches(condition, tag) else {
      return
    }
    if request.method == "GET" || request.method == "HEAD" {
      var notModified = HTTPResponse(status: .notModified)
      for field in response.headers
      where ["etag", "vary", "cache-control"].contains(field.name.lowercased()) {
        notModified.headers.append(field.name, field.value)
      }
      response = notModified
    } else {
      response =
        Problem(
          HTTPStatus(412, "Precondition Failed"), "precondition-failed", "Precondition failed",
          "the response would be identical to the one tagged \(tag) named in If-None-Match"
        ).response
    }
  }

  private static let allowedRequestHeaders = "Content-Type, Accept, If-None-Match"

  /// OPTIONS: a CORS preflight when the browser asks for one, otherwise the resource's `Allow`.
  private func preflightOrAllow(_ request: HTTPRequest, allowed: [String]) -> HTTPResponse {
    var response = HTTPResponse(
      status: .noContent, headers: HTTPFields([("Allow", allowed.joined(separator: ", "))]))
    if request.headers["Origin"] != nil, request.headers["Access-Control-Request-Method"] != nil {
      response.headers.append("Access-Control-Allow-Methods", allowed.joined(separator: ", "))
      response.headers.append("Access-Control-Allow-Headers", Self.allowedRequestHeaders)
      response.headers.append("Access-Control-Max-Age", "86400")
    }
    return response
  }

  /// CORS (Fetch standard): any origin when configured with `*` (no credentials are involved),
  /// otherwise the request's origin echoed when it is on the list, with `Vary: Origin` since the
  /// answer then depends on it.
  private func applyCORS(_ request: HTTPRequest, _ response: inout HTTPResponse) {
    if configuration.allowsAnyOrigin {
      guard request.headers["Origin"] != nil else { return }
      response.headers.set("Access-Control-Allow-Origin", "*")
    } else {
      response.headers.append("Vary", "Origin")
      guard let origin = request.headers["Origin"], configuration.corsOrigins.contains(origin)
      else {
        response.headers.remove("Access-Control-Allow-Methods")
        response.headers.remove("Access-Control-Allow-Headers")
        response.headers.remove("Access-Control-Max-Age")
        return
      }
      response.headers.set("Access-Control-Allow-Origin", origin)
    }
    if request.method != "OPTIONS" {
      response.headers.set("Access-Control-Expose-Headers", "ETag, Allow, Retry-After")
    }
  }
}

/// Seconds on a monotonic clock, for request durations.
enum MonotonicClock {
  static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
