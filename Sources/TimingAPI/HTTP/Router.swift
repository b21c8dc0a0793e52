import HTTPTransport

/// What a route handler sees: the request, its decoded query and the path's `{parameters}`.
struct RequestContext {
  let request: HTTPRequest
  let query: QueryString
  let parameters: [String: String]
  /// Where the handler reports what only it knows: the work units charged, a streamed answer's
  /// bytes.
  var meter = RouteMeter.none
}

extension RequestContext {
  /// The offered media type the client accepts best (RFC 9110 §12.5.1), or 406.
  func negotiate(_ offered: [String]) throws(Problem) -> String {
    guard let chosen = ContentNegotiation.choose(offered, accept: request.headers["Accept"]) else {
      throw Problem.notAcceptable(offered)
    }
    return chosen
  }

  /// A 422 naming every query parameter the resource does not take.
  func rejectUnknownParameters(allowed: Set<String> = []) throws(Problem) {
    var problems = DecodingContext.query()
    problems.rejectUnknownParameters(query, allowed: allowed)
    try problems.throwIfFailed()
  }
}

typealias RouteHandler = @Sendable (RequestContext) throws(Problem) -> HTTPResponse

struct Route: Sendable {
  let method: String
  /// Path template, e.g. `/v1/timing-functions/{function}`.
  let template: String
  let handler: RouteHandler
  let segments: [String]
  /// Where the server runs it: engine work that can take up to the work budget (timelines,
  /// action searches, preset expansions) is heavy; health, readiness and metrics are
  /// operations; the rest is light — including bulk curve evaluations, whose 10 000-point cap
  /// keeps them near a millisecond, so a hop to the heavy pool would cost more than it saves.
  let requestClass: RequestClass
  /// What caches may do with a successful answer (`CacheControlMiddleware`).
  let caching: CachePolicy
  /// The route's index in the router: its slot in `Metrics`.
  fileprivate(set) var slot = 0

  init(
    _ method: String, _ template: String, _ requestClass: RequestClass = .light,
    caching: CachePolicy = .unstated, _ handler: @escaping RouteHandler
  ) {
    self.method = method
    self.template = template
    self.handler = handler
    self.requestClass = requestClass
    self.caching = caching
    self.segments = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
      .map(String.init)
  }

  /// The decoded path parameters if `pathSegments` (still percent-encoded) fit the template.
  func match(_ pathSegments: [Substring]) -> [String: String]? {
    guard pathSegments.count == segments.count else { return nil }
    var parameters: [String: String] = [:]
    for (pattern, segment) in zip(segments, pathSegments) {
      if pattern.hasPrefix("{") {
        guard let decoded = percentDecode(segment, plusIsSpace: false), !decoded.isEmpty else {
          return nil
        }
        parameters[String(pattern.dropFirst().dropLast())] = decoded
      } else if pattern != segment {
        return nil
      }
    }
    return parameters
  }

  /// Literal templates win over templates with parameters.
  var isLiteral: Bool { !template.contains("{") }
}

enum RouteMatch {
  case found(Route, [String: String])
  /// The resource exists (`owner` is one of its routes) but not with this method.
  case methodNotAllowed([String], owner: Route)
  case notFound
}

struct Router: Sendable {
  let routes: [Route]

  /// Numbers the routes in order: each route's slot in `Metrics`.
  init(routes: [Route]) {
    self.routes = routes.enumerated().map { index, route in
      var numbered = route
      numbered.slot = index
      return numbered
    }
  }

  static let knownMethods: Set<String> = [
    "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT",
  ]

  func match(method: String, path: String) -> RouteMatch {
    let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
      $0
    }
    let candidates = routes.compactMap { route in route.match(Array(segments)).map { (route, $0) } }
      .sorted { $0.0.isLiteral && !$1.0.isLiteral }
    guard !candidates.isEmpty else { return .notFound }
    let lookup = method == "HEAD" ? "GET" : method
    // A literal route owns its path: GET /v1/timing-functions/evaluate is not a function lookup.
    let owning = candidates.first!.0.isLiteral ? candidates.filter { $0.0.isLiteral } : candidates
    if let hit = owning.first(where: { $0.0.method == lookup }) { return .found(hit.0, hit.1) }
    return .methodNotAllowed(Self.allowHeader(owning.map(\.0.method)), owner: owning[0].0)
  }

  /// The methods of a resource, with HEAD wherever GET is and OPTIONS always.
  static func allowHeader(_ methods: [String]) -> [String] {
    var allowed: [String] = []
    for m in methods where !allowed.contains(m) {
      allowed.append(m)
      if m == "GET" { allowed.append("HEAD") }
    }
    allowed.append("OPTIONS")
    return allowed
  }
}
