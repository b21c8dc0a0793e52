import HTTPTransport

/// The HTTP API: routes requests to handlers, with what every route shares wrapped around the
/// router (`Middleware`): problem+json errors, content negotiation, HEAD and OPTIONS stay with
/// routing; ETags and conditional requests, CORS, metrics and the access log are wrappers.
public final class TimingService: Sendable {
  private let router: Router
  /// The wrappers and the router, composed once, outermost first (`init`).
  private let chain: Chain

  /// The chain's type, which spells its order: one concrete type, so that a request runs
  /// through one specialized function (`Middleware`).
  typealias Chain = Wrapping<
    RequestIDMiddleware,
    Wrapping<
      AccessLogMiddleware?,
      Wrapping<
        MetricsMiddleware,
        Wrapping<
          CORSMiddleware,
          Wrapping<
            EntityTagMiddleware,
            Wrapping<CompressionMiddleware, Wrapping<CacheControlMiddleware, Routing>>
          >
        >
      >
    >
  >

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
    routes += SpringRoutes(configuration: configuration).routes
    routes += TokenRoutes(configuration: configuration).routes
    routes += FitRoutes(configuration: configuration).routes
    routes += LottieRoutes(configuration: configuration).routes
    routes += DiffRoutes(configuration: configuration).routes
    routes += OperationsRoutes.routes(readiness: readiness, metrics: metrics)
    let batchService = BatchService()
    routes +=
      BatchRoutes(configuration: configuration, service: batchService, readiness: readiness)
      .routes
    let router = Router(routes: routes)
    self.router = router
    let table = metrics.prepare(labels: router.templates + RoutedResponse.Endpoint.fixedLabels)
    // Outermost first. The request id comes first, so the access log and everything inside
    // see it; the access log and metrics time the whole handling; CORS comes after the entity
    // tag, so a 304 or 412 carries the CORS fields too; compression comes inside the entity
    // tag, so `If-None-Match` is compared with the tag of the coding sent; the cache fields
    // come inside the entity tag, so a 304 keeps them.
    chain = RequestIDMiddleware().wrapping(
      accessLog.map { AccessLogMiddleware(log: $0) }.wrapping(
        MetricsMiddleware(metrics: metrics, table: table, routeCount: router.routes.count)
          .wrapping(
            CORSMiddleware(allowedOrigins: .init(configuration.corsOrigins)).wrapping(
              EntityTagMiddleware().wrapping(
                CompressionMiddleware().wrapping(
                  CacheControlMiddleware(policies: router.routes.map(\.caching)).wrapping(
                    Routing(router: router, table: table))))))))
    // Each batch line goes through the whole chain, as a request of its own.
    batchService.handle = { [chain] request in
      chain.respond(to: ServiceRequest(request, route: nil)).response
    }
  }

  /// Every (method, path template) the service answers, for the OpenAPI parity test.
  public var routeTable: [(method: String, template: String)] {
    router.routes.map { ($0.method.rawValue, $0.template) }
  }

  /// Where the server runs a request (the route's class; unmatched requests are light), with
  /// the route found, so that `handle` does not look for it again.
  public func placement(of request: HTTPRequest) -> RequestPlacement {
    guard request.target != "*",
      case .found(let slot) = router.match(method: request.method, path: request.path)
    else { return RequestPlacement(.light) }
    return RequestPlacement(router.routes[slot].requestClass, route: slot)
  }

  /// The server's error responder: transport errors as problem+json too.
  public static let transportError: HTTPServer.ErrorResponder = { status, detail in
    Problem.transport(status, detail).response
  }

  /// The answer to `request`, routed by its placement's route when the server found one (in
  /// process, with none, the router looks).
  public func handle(_ request: HTTPRequest, placement: RequestPlacement? = nil) -> HTTPResponse {
    chain.respond(to: ServiceRequest(request, route: placement?.route)).response
  }
}
