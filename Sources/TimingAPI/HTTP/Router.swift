import HTTPTransport

/// What a route handler sees: the request, its decoded query and the path's `{parameters}`.
struct RequestContext {
  let request: HTTPRequest
  let query: QueryString
  let parameters: PathParameters
  /// Where the handler reports what only it knows: the work units charged, a streamed answer's
  /// bytes.
  var meter = RouteMeter.none
}

extension RequestContext {
  /// The offered media type the client accepts best (RFC 9110 §12.5.1), or 406.
  func negotiate(_ offered: [String]) throws(Problem) -> String {
    guard
      let chosen = ContentNegotiation.choose(
        offered, accept: request.headers[HTTPField.Name.accept])
    else {
      throw Problem.notAcceptable(offered)
    }
    return chosen
  }

  /// A 422 naming every query parameter the resource does not take. A route answering JSON
  /// also takes `pretty` (`JSONLayout`) and `precision` (`NumberPrecision`); an SVG plot does
  /// not.
  func rejectUnknownParameters(allowed: Set<String> = [], answersJSON: Bool = true)
    throws(Problem)
  {
    var problems = DecodingContext.query()
    problems.rejectUnknownParameters(
      query, allowed: allowed, alsoAllowed: answersJSON ? Self.jsonParameters : [])
    try problems.throwIfFailed()
  }
}

extension RequestContext {
  /// What every JSON answer takes besides its own parameters.
  static let jsonParameters = [JSONLayout.parameter, NumberPrecision.parameter]

  /// The answers that write their numbers their own way, and so refuse `precision`.
  enum OwnNumbers {
    /// An export rounds within its bounds (docs/export.md), which a number of digits would
    /// break.
    case export
    /// A plot's coordinates are pixels at its own resolution: the digits would be ignored.
    case plot
    /// A style sheet of token values states them as CSS takes them, within `maxError`.
    case styleSheet
    /// A token file states each value as its platform reads it.
    case tokenFile
    /// A Lottie document rewritten by the lint keeps the file's numbers as they were.
    case rewrittenDocument

    var reason: String {
      switch self {
      case .export:
        "an export rounds its numbers within its bounds (lengthBound, factorBound, colorBound), "
          + "not to a number of digits; precision rounds the JSON and CSV samples"
      case .plot:
        "a plot (SVG) draws its numbers at its own resolution, not to a number of digits; "
          + "precision rounds the JSON and CSV samples"
      case .styleSheet:
        "a style sheet states its values as CSS takes them (linear() stops within maxError), "
          + "not to a number of digits; precision rounds the JSON answer"
      case .tokenFile:
        "a token file (dtcg, swift, kotlin, ts) states its values as its platform reads them, "
          + "not to a number of digits; precision rounds the JSON answer"
      case .rewrittenDocument:
        "a rewritten Lottie document (fix=true) keeps the file's numbers as they were; "
          + "precision rounds the lint's findings"
      }
    }
  }

  /// A 422 naming `precision` when it is asked of an answer that writes its numbers its own way.
  func refusePrecision(for answer: OwnNumbers) throws(Problem) {
    guard query.first(NumberPrecision.parameter) != nil else { return }
    throw Problem.invalidRequest([.parameter(NumberPrecision.parameter, answer.reason)])
  }
}

typealias RouteHandler = @Sendable (RequestContext) throws(Problem) -> HTTPResponse

struct Route: Sendable {
  let method: HTTPMethod
  /// Path template, e.g. `/v1/timing-functions/{function}`.
  let template: String
  let handler: RouteHandler
  /// The template's segments after the leading `/`.
  let segments: [Segment]
  /// Literal templates win over templates with parameters.
  let isLiteral: Bool
  /// Where the server runs it: engine work that can take up to the work budget (timelines,
  /// action searches, preset expansions) is heavy; health, readiness and metrics are
  /// operations; the rest is light — including bulk curve evaluations, whose 10 000-point cap
  /// keeps them near a millisecond, so a hop to the heavy pool would cost more than it saves.
  let requestClass: RequestClass
  /// What caches may do with a successful answer (`CacheControlMiddleware`).
  let caching: CachePolicy
  /// Whether the handler writes its numbers to `?precision` itself (a timeline, as it samples:
  /// rewriting 65 000 numbers' text after it doubled a 5 ms answer); otherwise `Routing`
  /// rounds the answer after it (`NumberPrecision`).
  let roundsItsNumbers: Bool

  enum Segment: Sendable {
    /// The segment's bytes, still percent-encoded as a path arrives.
    case literal([UInt8])
    /// `{name}`: any non-empty segment, percent-decoded.
    case parameter(String)
  }

  /// A GET route. Where it runs is stated, never defaulted: a heavy route run as light would
  /// take a connection queue's core for up to the work budget.
  static func get(
    _ template: String, _ requestClass: RequestClass, caching: CachePolicy = .unstated,
    _ handler: @escaping RouteHandler
  ) -> Route {
    Route(.get, template, requestClass, caching: caching, roundsItsNumbers: false, handler)
  }

  /// A POST route, its request class stated as `get`'s.
  static func post(
    _ template: String, _ requestClass: RequestClass, roundsItsNumbers: Bool = false,
    _ handler: @escaping RouteHandler
  ) -> Route {
    Route(
      .post, template, requestClass, caching: .unstated, roundsItsNumbers: roundsItsNumbers, handler
    )
  }

  private init(
    _ method: HTTPMethod, _ template: String, _ requestClass: RequestClass,
    caching: CachePolicy, roundsItsNumbers: Bool, _ handler: @escaping RouteHandler
  ) {
    self.method = method
    self.roundsItsNumbers = roundsItsNumbers
    self.template = template
    self.handler = handler
    self.requestClass = requestClass
    self.caching = caching
    self.segments = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
      .map {
        $0.hasPrefix("{") ? .parameter(String($0.dropFirst().dropLast())) : .literal(Array($0.utf8))
      }
    self.isLiteral = !template.contains("{")
  }

  /// Whether a path's segments — byte ranges of `path`, still percent-encoded — fit a
  /// template's `segments`: bytes compared in place, nothing allocated.
  static func fits(
    _ path: UnsafeBufferPointer<UInt8>, _ pathSegments: [Range<Int>], _ segments: [Segment]
  ) -> Bool {
    guard pathSegments.count == segments.count else { return false }
    for (pattern, range) in zip(segments, pathSegments) {
      switch pattern {
      case .literal(let text):
        guard range.count == text.count else { return false }
        for (i, byte) in text.enumerated() where path[range.lowerBound + i] != byte {
          return false
        }
      case .parameter:
        // Without a '%' the segment is its own decoding (the parser let only visible ASCII
        // through): decode only to check escapes, not to make a string `parameters` makes again.
        guard !range.isEmpty,
          !path[range].contains(UInt8(ascii: "%")) || decoded(path, range) != nil
        else { return false }
      }
    }
    return true
  }

  /// The decoded path parameters of segments that fit the template `segments`: static, so
  /// that the router need not copy the route (its strings, arrays and handler) to call it.
  static func parameters(
    _ path: UnsafeBufferPointer<UInt8>, _ pathSegments: [Range<Int>], _ segments: [Segment]
  ) -> PathParameters {
    var parameters = PathParameters()
    for (pattern, range) in zip(segments, pathSegments) {
      switch pattern {
      case .literal: break
      case .parameter(let name):
        // Fits the template, so it decodes (`fits`).
        if let value = decoded(path, range) { parameters.append(name, value) }
      }
    }
    return parameters
  }

  /// A segment percent-decoded (`percentDecode` leaves text without `%` as it is: a path is
  /// UTF-8 already), nil where an escape is not one or does not decode to UTF-8.
  static func decoded(_ path: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
    percentDecode(
      String(decoding: UnsafeBufferPointer(rebasing: path[range]), as: UTF8.self),
      plusIsSpace: false)
  }
}

/// Routes by their slot in `Router.routes`: a `Route` carried by value was copied with its
/// arrays and handler at each step (~3 % of a small GET).
enum RouteMatch {
  case found(slot: Int)
  /// The resource exists (`owner` is one of its routes) but not with this method.
  case methodNotAllowed([HTTPMethod], owner: Int)
  case notFound
}

/// Finds a request's route, once per request over a socket (the server asks where a request runs
/// and the answer is kept in `RequestPlacement.route`), so it allocates only the path's segment
/// list: at
/// ~40 routes the earlier version, which built and sorted a list of every candidate with its
/// parameters, was 21 % of a small GET's time under load (docs/performance.md, "HTTP").
struct Router: Sendable {
  /// In declaration order: a route's index is its slot (in `RouteMatch` and in `Metrics`).
  let routes: [Route]
  /// What matching reads, by slot, apart from the routes: reading it through `routes[slot]`
  /// copied the whole route (its strings, arrays and handler retained) for every candidate,
  /// ~6 % of a small GET.
  private let methods: [HTTPMethod]
  private let patterns: [[Route.Segment]]
  /// What running a found route reads, by slot, for the same reason: its template (the
  /// metrics' and the access log's label) and its handler.
  let templates: [String]
  let handlers: [RouteHandler]
  let roundsItsNumbers: [Bool]
  /// The slots of the literal templates by path (one hash finds them), and of the others by
  /// segment count; each list in declaration order.
  private let literal: [String: [Int]]
  private let parameterized: [Int: [Int]]

  init(routes: [Route]) {
    self.routes = routes
    methods = routes.map(\.method)
    patterns = routes.map(\.segments)
    templates = routes.map(\.template)
    handlers = routes.map(\.handler)
    roundsItsNumbers = routes.map(\.roundsItsNumbers)
    var literal: [String: [Int]] = [:]
    var parameterized: [Int: [Int]] = [:]
    for (slot, route) in routes.enumerated() {
      if route.isLiteral {
        literal[route.template, default: []].append(slot)
      } else {
        parameterized[route.segments.count, default: []].append(slot)
      }
    }
    self.literal = literal
    self.parameterized = parameterized
  }

  func match(method: HTTPMethod, path: String) -> RouteMatch {
    let lookup = method == .head ? .get : method
    // A literal route owns its path: GET /v1/timing-functions/evaluate is not a function lookup.
    // Its template is the path itself, byte for byte (both still percent-encoded).
    if let slots = literal[path] { return resolve(lookup, slots) }
    var path = path
    return path.withUTF8 { bytes in
      let segments = Self.segments(bytes)
      guard let candidates = parameterized[segments.count] else { return .notFound }
      let slots = candidates.filter { Route.fits(bytes, segments, patterns[$0]) }
      return slots.isEmpty ? .notFound : resolve(lookup, slots)
    }
  }

  /// The decoded `{parameters}` of a path that fits the route in `slot`; nil if it does not fit.
  func parameters(slot: Int, path: String) -> PathParameters? {
    guard patterns.indices.contains(slot) else { return nil }
    var path = path
    return path.withUTF8 { bytes in
      let segments = Self.segments(bytes)
      guard Route.fits(bytes, segments, patterns[slot]) else { return nil }
      return Route.parameters(bytes, segments, patterns[slot])
    }
  }

  /// The path's segments after the leading `/`, as byte ranges, still percent-encoded: ranges
  /// rather than `Substring`s, whose slicing and generic comparisons through `UTF8View` were
  /// a fifth of a small GET in process (matching and then reading the parameters split the
  /// path twice): `timing-bench handle` went from 13.9 to 11.2 µs a request.
  private static func segments(_ path: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    var segments: [Range<Int>] = []
    segments.reserveCapacity(8)
    var start = path.isEmpty ? 0 : 1
    for i in start..<path.count where path[i] == UInt8(ascii: "/") {
      segments.append(start..<i)
      start = i + 1
    }
    segments.append(start..<max(start, path.count))
    return segments
  }

  /// Among the routes whose templates fit the path, the one for the method, or 405 naming theirs.
  private func resolve(_ method: HTTPMethod, _ slots: [Int]) -> RouteMatch {
    for slot in slots where methods[slot] == method { return .found(slot: slot) }
    return .methodNotAllowed(Self.allowHeader(slots.map { methods[$0] }), owner: slots[0])
  }

  /// The methods of a resource, with HEAD wherever GET is and OPTIONS always.
  static func allowHeader(_ methods: [HTTPMethod]) -> [HTTPMethod] {
    var allowed: [HTTPMethod] = []
    for m in methods where !allowed.contains(m) {
      allowed.append(m)
      if m == .get { allowed.append(.head) }
    }
    allowed.append(.options)
    return allowed
  }
}
