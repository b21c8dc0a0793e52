import HTTPTransport

/// The HTTP API: routes requests to handlers, with what every route shares wrapped around the
/// router (`Middleware`): problem+json errors, content negotiation, HEAD and OPTIONS stay with
/// routing; ETags and conditional requests, CORS, metrics and the access log are wrappers.
public final class TimingService: Sendable {
  private let router: Router
  /// The wrappers and the router, composed once.
  private let chain: Responder

  /// - Parameters:
  ///   - metrics: where requests are counted for `/metrics`; the process creates it first and
  ///     hands its server counters to the server.
  ///   - readiness: whether `/readyz` answers 200 (false while starting or draining).
  ///   - accessLog: one line per request (at debug level), when the process logs that much.
  public init(
    configuration: APIConfiguration = APIConfiguration(),
    metrics: Metrics = Metrics(),
    readiness: @escaping @Sendable () -> Bool = { true },
    accessLog: JSONLogger.Sink? = nil
  ) {
    var routes: [Route] = []
    let timing = TimingFunctionRoutes(configuration: configuration)
    routes += timing.routes
    routes += TimelineRoutes(configuration: configuration).routes
    routes += ActionRoutes(configuration: configuration).routes
    routes += PresetRoutes(configuration: configuration).routes
    routes += OperationsRoutes.routes(readiness: readiness, metrics: metrics)
    let router = Router(routes: routes)
    self.router = router
    metrics.prepare(routeTemplates: router.routes.map(\.template))
    // Outermost first. The request id comes first, so the access log and everything inside
    // see it; the access log and metrics time the whole handling; CORS comes after the entity
    // tag, so a 304 or 412 carries the CORS fields too; compression comes inside the entity
    // tag, so `If-None-Match` is compared with the tag of the coding sent; the cache fields
    // come inside the entity tag, so a 304 keeps them.
    var wrappers: [any Middleware] = [RequestIDMiddleware()]
    if let accessLog { wrappers.append(AccessLogMiddleware(log: accessLog)) }
    wrappers += [
      MetricsMiddleware(metrics: metrics, routeCount: router.routes.count),
      CORSMiddleware(allowedOrigins: .init(configuration.corsOrigins)),
      EntityTagMiddleware(),
      CompressionMiddleware(),
      CacheControlMiddleware(policies: router.routes.map(\.caching)),
    ]
    chain = wrappers.wrapping { request in Self.route(request, router, metrics) }
  }

  /// Every (method, path template) the service answers, for the OpenAPI parity test.
  public var routeTable: [(method: String, template: String)] {
    router.routes.map { ($0.method, $0.template) }
  }

  /// Where the server runs a request (the route's class; unmatched requests are light). The
  /// route found is noted in the request, so that `handle` does not look for it again.
  public func requestClass(_ request: inout HTTPRequest) -> RequestClass {
    guard request.target != "*",
      case .found(let slot) = router.match(method: request.method, path: request.path)
    else { return .light }
    request.route = slot
    return router.routes[slot].requestClass
  }

  /// The server's error responder: transport errors as problem+json too.
  public static let transportError: HTTPServer.ErrorResponder = { status, detail in
    Problem.transport(status, detail).response
  }

  public func handle(_ request: HTTPRequest) -> HTTPResponse { chain(request).response }

  private static func route(_ request: HTTPRequest, _ router: Router, _ metrics: Metrics)
    -> RoutedResponse
  {
    /// Every problem the API makes carries the request's id as its `instance`.
    func problem(_ problem: Problem) -> HTTPResponse {
      var problem = problem
      problem.instance = request.id
      return problem.response
    }
    guard Router.knownMethods.contains(request.method) else {
      return RoutedResponse(
        response: problem(.notImplemented(request.method)), endpoint: .unmatched)
    }
    if request.target == "*" {
      return RoutedResponse(
        response: HTTPResponse(
          status: .noContent, headers: HTTPFields([("Allow", "GET, HEAD, POST, OPTIONS")])),
        endpoint: .serverOptions)
    }
    let match =
      if let slot = request.route {
        RouteMatch.found(slot: slot)
      } else {
        router.match(method: request.method, path: request.path)
      }
    switch match {
    case .notFound:
      return RoutedResponse(response: problem(.notFound(request.path)), endpoint: .unmatched)
    case .methodNotAllowed(let allowed, let owner):
      if request.method == "OPTIONS" {
        // The resource's methods; CORSMiddleware makes it a preflight when asked.
        return RoutedResponse(
          response: HTTPResponse(
            status: .noContent, headers: HTTPFields([("Allow", allowed.joined(separator: ", "))])),
          endpoint: .resourceOptions)
      }
      // The resource is known: counted under its route, not with unknown paths.
      return RoutedResponse(
        response: problem(.methodNotAllowed(request.method, allowed: allowed)),
        endpoint: .template(router.routes[owner].template, slot: owner))
    case .found(let slot):
      let endpoint = RoutedResponse.Endpoint.template(router.routes[slot].template, slot: slot)
      guard let parameters = router.parameters(slot: slot, path: request.path) else {
        return RoutedResponse(response: problem(.notFound(request.path)), endpoint: .unmatched)
      }
      guard let query = QueryString(request.query) else {
        return RoutedResponse(
          response: problem(
            .invalidRequest([.parameter("query", "malformed percent-encoding in the query string")])
          ),
          endpoint: endpoint)
      }
      let context = RequestContext(
        request: request, query: query, parameters: parameters,
        meter: RouteMeter(metrics: metrics, slot: slot))
      var response: HTTPResponse
      do {
        response = try router.routes[slot].handler(context)
      } catch {
        response = problem(error)
      }
      if JSONLayout.isIndented(query) { response = JSONLayout.indented(response) }
      return RoutedResponse(response: response, endpoint: endpoint)
    }
  }
}
