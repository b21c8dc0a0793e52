import HTTPTransport
import Synchronization
import Testing

@testable import TimingAPI

/// The wrappers around the router (CORS, entity tags, metrics), in process: each called on its
/// own with a stand-in for the rest of the chain, and through `TimingService.handle` for the
/// exact fields and their order.
@Suite struct MiddlewareTests {
  static func request(
    _ method: String, _ target: String, _ headers: [(String, String)] = [], body: String = ""
  ) -> HTTPRequest {
    HTTPRequest(
      method: HTTPMethod(method), target: target, headers: HTTPFields([("Host", "t")] + headers),
      body: Array(body.utf8))
  }

  /// The same request as the middleware sees it.
  static func serviceRequest(
    _ method: String, _ target: String, _ headers: [(String, String)] = [], body: String = ""
  ) -> ServiceRequest {
    ServiceRequest(request(method, target, headers, body: body))
  }

  static func names(_ response: HTTPResponse) -> [String] { response.headers.map(\.name) }

  /// A stand-in for the router: always this response, as if from this route.
  struct Answering: Responder {
    let routed: RoutedResponse
    func respond(to request: ServiceRequest) -> RoutedResponse { routed }
  }

  static func answering(
    _ response: HTTPResponse, as endpoint: RoutedResponse.Endpoint = .template("/r", slot: 0)
  ) -> Answering {
    Answering(routed: RoutedResponse(response: response, endpoint: endpoint))
  }

  static let allowOrigin = "Access-Control-Allow-Origin"
  static let requestID = "X-Request-ID"
  static let preflight = [
    "Allow", "Access-Control-Allow-Methods", "Access-Control-Allow-Headers",
    "Access-Control-Max-Age",
  ]

  // MARK: Composition

  /// The first wrapper sees the request first and the response last.
  @Test func chainOrder() {
    final class Trail: Sendable {
      let steps = Mutex<[String]>([])
      func append(_ step: String) { steps.withLock { $0.append(step) } }
    }
    struct Mark: Middleware {
      let name: String
      let trail: Trail
      func respond<Next: Responder>(to request: ServiceRequest, next: Next) -> RoutedResponse {
        trail.append("\(name) in")
        let routed = next.respond(to: request)
        trail.append("\(name) out")
        return routed
      }
    }
    let trail = Trail()
    struct Router: Responder {
      let trail: Trail
      func respond(to request: ServiceRequest) -> RoutedResponse {
        trail.append("router")
        return RoutedResponse(response: HTTPResponse(status: .noContent), endpoint: .unmatched)
      }
    }
    let chain = Mark(name: "a", trail: trail).wrapping(
      Mark(name: "b", trail: trail).wrapping(Router(trail: trail)))
    _ = chain.respond(to: Self.serviceRequest("GET", "/"))
    #expect(trail.steps.withLock { $0 } == ["a in", "b in", "router", "b out", "a out"])
  }

  // MARK: CORS

  @Test func anyOriginAnswersStar() {
    let cors = CORSMiddleware(allowedOrigins: .init(["*"]))
    let next = Self.answering(HTTPResponse(status: .ok, contentType: "text/plain", body: "x"))
    let withOrigin = cors.respond(
      to: Self.serviceRequest("GET", "/r", [("Origin", "https://app.example")]), next: next
    ).response
    #expect(withOrigin.headers[Self.allowOrigin] == "*")
    #expect(
      withOrigin.headers["Access-Control-Expose-Headers"]
        == "ETag, Allow, Retry-After, X-Request-ID")
    #expect(withOrigin.headers["Vary"] == nil)  // the answer does not depend on the origin
    let without = cors.respond(to: Self.serviceRequest("GET", "/r"), next: next).response
    #expect(Self.names(without) == ["Content-Type"])
  }

  @Test func listedOriginsEchoTheOriginAndVary() {
    let cors = CORSMiddleware(allowedOrigins: .init(["https://a.example", "https://b.example"]))
    #expect(cors.allowedOrigins == .listed(["https://a.example", "https://b.example"]))
    let next = Self.answering(HTTPResponse(status: .ok, contentType: "text/plain", body: "x"))
    let allowed = cors.respond(
      to: Self.serviceRequest("GET", "/r", [("Origin", "https://b.example")]), next: next
    ).response
    #expect(
      Self.names(allowed) == [
        "Content-Type", "Vary", Self.allowOrigin, "Access-Control-Expose-Headers",
      ])
    #expect(allowed.headers[Self.allowOrigin] == "https://b.example")
    #expect(allowed.headers["Vary"] == "Origin")
    for origin in ["https://c.example", nil] {
      let refused = cors.respond(
        to: Self.serviceRequest("GET", "/r", origin.map { [("Origin", $0)] } ?? []), next: next
      ).response
      #expect(Self.names(refused) == ["Content-Type", "Vary"])
    }
  }

  /// OPTIONS on a resource is a preflight for an allowed origin that asks for one, and only the
  /// resource's `Allow` otherwise.
  @Test(arguments: [["*"], ["https://a.example"]])
  func preflight(_ origins: [String]) {
    var configuration = APIConfiguration()
    configuration.corsOrigins = origins
    let service = TimingService(configuration: configuration)
    let vary = origins == ["*"] ? [] : ["Vary"]
    let asked = service.handle(
      Self.request(
        "OPTIONS", "/v1/timelines",
        [("Origin", "https://a.example"), ("Access-Control-Request-Method", "POST")]))
    #expect(asked.status == .noContent)
    // The request id last: its wrapper is the outermost.
    #expect(Self.names(asked) == Self.preflight + vary + [Self.allowOrigin, Self.requestID])
    #expect(asked.headers["Allow"] == "POST, OPTIONS")
    #expect(asked.headers["Access-Control-Allow-Methods"] == "POST, OPTIONS")
    #expect(
      asked.headers["Access-Control-Allow-Headers"]
        == "Content-Type, Accept, If-None-Match, X-Request-ID")
    #expect(asked.headers["Access-Control-Max-Age"] == "86400")
    #expect(asked.headers[Self.allowOrigin] == (origins == ["*"] ? "*" : "https://a.example"))

    let notAsked = service.handle(
      Self.request("OPTIONS", "/v1/timelines", [("Origin", "https://a.example")]))
    #expect(Self.names(notAsked) == ["Allow"] + vary + [Self.allowOrigin, Self.requestID])

    // `OPTIONS *` is about the server, not a resource: never a preflight.
    let server = service.handle(
      Self.request(
        "OPTIONS", "*",
        [("Origin", "https://a.example"), ("Access-Control-Request-Method", "POST")]))
    #expect(Self.names(server) == ["Allow"] + vary + [Self.allowOrigin, Self.requestID])
  }

  @Test func noPreflightForAnOriginOffTheList() {
    var configuration = APIConfiguration()
    configuration.corsOrigins = ["https://a.example"]
    let response = TimingService(configuration: configuration).handle(
      Self.request(
        "OPTIONS", "/v1/timelines",
        [("Origin", "https://evil.example"), ("Access-Control-Request-Method", "POST")]))
    #expect(response.status == .noContent)
    #expect(Self.names(response) == ["Allow", "Vary", Self.requestID])
  }

  // MARK: Entity tags

  @Test func tagsOnlyARouteSuccess() {
    let tags = EntityTagMiddleware()
    let ok = HTTPResponse(status: .ok, contentType: "text/plain", body: "x")
    let tagged = tags.respond(to: Self.serviceRequest("GET", "/r"), next: Self.answering(ok))
      .response
    #expect(tagged.headers["ETag"] == EntityTag.of(Array("x".utf8)))
    for (response, endpoint) in [
      (
        HTTPResponse(status: .notFound, contentType: "text/plain", body: "x"),
        .template("/r", slot: 0)
      ),
      (ok, RoutedResponse.Endpoint.unmatched),
    ] {
      let untouched = tags.respond(
        to: Self.serviceRequest("GET", "/r"), next: Self.answering(response, as: endpoint)
      ).response
      #expect(untouched.headers["ETag"] == nil)
    }
  }

  /// A matching `If-None-Match` gives 304 on GET and HEAD, with the fields a cache needs and
  /// CORS applied after it.
  @Test(arguments: ["GET", "HEAD"])
  func notModified(_ method: String) throws {
    let service = TimingService()
    let target = "/v1/timing-functions/easeIn?x=0.5"
    let first = service.handle(Self.request(method, target))
    #expect(first.status == .ok)
    let tag = try #require(first.headers["ETag"])
    let again = service.handle(
      Self.request(
        method, target,
        [("If-None-Match", "\"other\", W/\(tag)"), ("Origin", "https://app.example")]))
    #expect(again.status == .notModified)
    #expect(again.body.isEmpty)
    #expect(again.headers["ETag"] == tag)
    #expect(again.headers[Self.allowOrigin] == "*")
    let other = service.handle(Self.request(method, target, [("If-None-Match", "\"other\"")]))
    #expect(other.status == .ok)
  }

  /// The same answer to a POST is a failed precondition, not "not modified".
  @Test func preconditionFailedOnPost() throws {
    let service = TimingService()
    let body = #"{"function": "easeIn", "x": [0.25, 0.5]}"#
    let headers = [("Content-Type", "application/json")]
    let first = service.handle(
      Self.request("POST", "/v1/timing-functions/evaluate", headers, body: body))
    #expect(first.status == .ok)
    let tag = try #require(first.headers["ETag"])
    let again = service.handle(
      Self.request(
        "POST", "/v1/timing-functions/evaluate", headers + [("If-None-Match", tag)], body: body))
    #expect(again.status.code == 412)
    #expect(again.headers["Content-Type"] == "application/problem+json")
    #expect(String(decoding: again.body, as: UTF8.self).contains("precondition-failed"))
  }

  // MARK: Metrics

  /// Requests are counted by route template, never by raw path, and unmatched ones together; a
  /// method the resource does not take counts under the resource's route.
  @Test func countsPerRouteTemplate() {
    let metrics = Metrics()
    let service = TimingService(metrics: metrics)
    for target in ["/v1/timing-functions/easeIn?x=0.5", "/v1/timing-functions/linear?x=0.5"] {
      _ = service.handle(Self.request("GET", target))
    }
    _ = service.handle(Self.request("GET", "/v1/timing-functions/nope?x=0.5"))
    _ = service.handle(Self.request("GET", "/nowhere"))
    _ = service.handle(Self.request("DELETE", "/healthz"))
    _ = service.handle(Self.request("OPTIONS", "/healthz"))
    let text = metrics.exposition()
    let expected = [
      #"{route="/v1/timing-functions/{function}",status="200"} 2"#,
      #"{route="/v1/timing-functions/{function}",status="404"} 1"#,
      #"{route="options",status="204"} 1"#,
      #"{route="unmatched",status="404"} 1"#,
      #"{route="/healthz",status="405"} 1"#,
    ]
    for line in expected {
      #expect(text.contains("animation_timing_requests_total" + line + "\n"), "\(line)")
    }
    #expect(!text.contains("/nowhere") && !text.contains("easeIn"))
    #expect(!text.contains("animation_timing_open_connections"))  // no server in process
  }

  /// The server's counters show once the metrics are given them (as the launcher does).
  @Test func serverCountersWhenGiven() {
    let metrics = Metrics(server: ServerStatistics())
    let text = metrics.exposition()
    #expect(text.contains("animation_timing_open_connections 0\n"))
    #expect(text.contains("animation_timing_connections_total 0\n"))
  }
}
