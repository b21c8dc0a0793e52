import Foundation
import HTTPTransport
import Testing
import TimingAPI

/// ETags, CORS, operations endpoints and the OpenAPI contract, through the service in process
/// (HEAD, whose empty body is the server's doing, is in APISocketTests).
@Suite struct ProtocolFeatureTests {
  @Test func entityTagsAndConditionalRequests() throws {
    let api = ServiceHarness()
    let first = api.get("/v1/timing-functions/easeIn?x=0.5")
    let tag = try #require(first.header("ETag"))
    #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
    #expect(api.get("/v1/timing-functions/easeIn?x=0.5").header("ETag") == tag)
    #expect(api.get("/v1/timing-functions/easeIn?x=0.25").header("ETag") != tag)
    let notModified = api.get(
      "/v1/timing-functions/easeIn?x=0.5", headers: [("If-None-Match", "\"other\", \(tag)")])
    #expect(notModified.status == 304)
    #expect(notModified.header("ETag") == tag)
    #expect(notModified.body.isEmpty)
    let body = #"{"function": "easeIn", "x": [0.5]}"#
    let posted = api.postJSON("/v1/timing-functions/evaluate", body)
    let postTag = try #require(posted.header("ETag"))
    let precondition = api.postJSON(
      "/v1/timing-functions/evaluate", body, headers: [("If-None-Match", postTag)])
    #expect(precondition.status == 412)
  }

  @Test func corsAnyOrigin() throws {
    let api = ServiceHarness()
    let simple = api.get(
      "/v1/timing-functions/easeIn?x=0.5", headers: [("Origin", "https://app.example")])
    #expect(simple.header("Access-Control-Allow-Origin") == "*")
    #expect(simple.header("Access-Control-Expose-Headers")?.contains("ETag") == true)
    let preflight = api.request(
      "OPTIONS", "/v1/timing-functions/evaluate",
      headers: [
        ("Origin", "https://app.example"), ("Access-Control-Request-Method", "POST"),
        ("Access-Control-Request-Headers", "content-type"),
      ])
    #expect(preflight.status == 204)
    #expect(preflight.header("Access-Control-Allow-Origin") == "*")
    #expect(preflight.header("Access-Control-Allow-Methods") == "POST, OPTIONS")
    #expect(
      preflight.header("Access-Control-Allow-Headers")?.lowercased().contains("content-type")
        == true)
    let noOrigin = api.get("/v1/timing-functions/easeIn?x=0.5")
    #expect(noOrigin.header("Access-Control-Allow-Origin") == nil)
  }

  @Test func corsListedOrigins() throws {
    var configuration = APIConfiguration()
    configuration.corsOrigins = ["https://allowed.example"]
    let api = ServiceHarness(configuration: configuration)
    let allowed = api.get("/healthz", headers: [("Origin", "https://allowed.example")])
    #expect(allowed.header("Access-Control-Allow-Origin") == "https://allowed.example")
    #expect(allowed.header("Vary")?.contains("Origin") == true)
    let other = api.get("/healthz", headers: [("Origin", "https://evil.example")])
    #expect(other.header("Access-Control-Allow-Origin") == nil)
    #expect(other.header("Vary")?.contains("Origin") == true)
    let preflight = api.request(
      "OPTIONS", "/v1/timing-functions/evaluate",
      headers: [("Origin", "https://evil.example"), ("Access-Control-Request-Method", "POST")])
    #expect(preflight.header("Access-Control-Allow-Methods") == nil)
  }

  @Test func healthReadinessMetrics() throws {
    let ready = ReadyFlag()
    let api = ServiceHarness(ready: { ready.value })
    #expect(api.get("/healthz").status == 200)
    #expect(api.get("/readyz").status == 503)
    ready.value = true
    #expect(api.get("/readyz").status == 200)
    _ = api.get("/v1/timing-functions/easeIn?x=0.5")
    let metrics = api.get("/metrics").text
    #expect(
      metrics.contains(
        "animation_timing_requests_total{route=\"/v1/timing-functions/{function}\",status=\"200\"} 1"
      ))
    #expect(api.get("/").text.contains("/openapi.yaml"))
  }

  /// The served contract is the repository's openapi.yaml, and its paths and methods are exactly
  /// the routes the service answers.
  @Test func openAPIDocumentMatchesRoutes() throws {
    let api = ServiceHarness()
    let file = try String(contentsOfFile: Self.repositoryRoot + "/openapi.yaml", encoding: .utf8)
    let served = api.get("/openapi.yaml")
    #expect(served.text == file)
    var documented = Set<String>()
    var currentPath: String?
    for line in file.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("  /"), line.hasSuffix(":") {
        currentPath = String(line.dropFirst(2).dropLast())
      } else if line.hasPrefix("components:") {
        currentPath = nil
      } else if let path = currentPath, line.hasPrefix("    "), !line.hasPrefix("     "),
        line.hasSuffix(":")
      {
        let method = line.trimmingCharacters(in: " ").dropLast().uppercased()
        if ["GET", "POST", "PUT", "DELETE", "PATCH"].contains(method) {
          documented.insert("\(method) \(path)")
        }
      }
    }
    let routes = Set(api.service.routeTable.map { "\($0.method) \($0.template)" })
    #expect(documented == routes)
  }

  static var repositoryRoot: String {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }
}

final class ReadyFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var stored = false
  var value: Bool {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
