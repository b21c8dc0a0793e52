import Foundation
import HTTPServer
import Testing
import TimingAPI

/// ETags, CORS, HEAD, operations endpoints and the OpenAPI contract.
@Suite struct ProtocolFeatureTests {
  @Test func entityTagsAndConditionalRequests() throws {
    let api = try APITestHarness()
    let first = try api.get("/v1/timing-functions/easeIn?x=0.5")
    let tag = try #require(first.header("ETag"))
    #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
    #expect(try api.get("/v1/timing-functions/easeIn?x=0.5").header("ETag") == tag)
    #expect(try api.get("/v1/timing-functions/easeIn?x=0.25").header("ETag") != tag)
    let notModified = try api.get(
      "/v1/timing-functions/easeIn?x=0.5", headers: [("If-None-Match", "\"other\", \(tag)")])
    #expect(notModified.status == 304)
    #expect(notModified.header("ETag") == tag)
    #expect(notModified.body.isEmpty)
    let body = #"{"function": "easeIn", "x": [0.5]}"#
    let posted = try api.postJSON("/v1/timing-functions/evaluate", body)
    let postTag = try #require(posted.header("ETag"))
    let precondition = try api.postJSON(
      "/v1/timing-functions/evaluate", body, headers: [("If-None-Match", postTag)])
    #expect(precondition.status == 412)
  }

  @Test func headHasHeadersButNoBody() throws {
    let api = try APITestHarness()
    let get = try api.get("/v1/timing-functions")
    let head = try api.request("HEAD", "/v1/timing-functions")
    #expect(head.status == 200)
    #expect(head.header("Content-Length") == String(get.body.count))
    #expect(head.header("ETag") == get.header("ETag"))
  }

  @Test func corsAnyOrigin() throws {
    let api = try APITestHarness()
    let simple = try api.get(
      "/v1/timing-functions/easeIn?x=0.5", headers: [("Origin", "https://app.example")])
    #expect(simple.header("Access-Control-Allow-Origin") == "*")
    #expect(simple.header("Access-Control-Expose-Headers")?.contains("ETag") == true)
    let preflight = try api.request(
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
    let noOrigin = try api.get("/v1/timing-functions/easeIn?x=0.5")
    #expect(noOrigin.header("Access-Control-Allow-Origin") == nil)
  }

  @Test func corsListedOrigins() throws {
    var configuration = APIConfiguration()
    configuration.corsOrigins = ["https://allowed.example"]
    let api = try APITestHarness(configuration: configuration)
    let allowed = try api.get("/healthz", headers: [("Origin", "https://allowed.example")])
    #expect(allowed.header("Access-Control-Allow-Origin") == "https://allowed.example")
    #expect(allowed.header("Vary")?.contains("Origin") == true)
    let other = try api.get("/healthz", headers: [("Origin", "https://evil.example")])
    #expect(other.header("Access-Control-Allow-Origin") == nil)
    #expect(other.header("Vary")?.contains("Origin") == true)
    let preflight = try api.request(
      "OPTIONS", "/v1/timing-functions/evaluate",
      headers: [("Origin", "https://evil.example"), ("Access-Control-Request-Method", "POST")])
    #expect(preflight.header("Access-Control-Allow-Methods") == nil)
  }

  @Test func healthReadinessMetrics() throws {
    let ready = ReadyFlag()
    let api = try APITestHarness(ready: { ready.value })
    #expect(try api.get("/healthz").status == 200)
    #expect(try api.get("/readyz").status == 503)
    ready.value = true
    #expect(try api.get("/readyz").status == 200)
    _ = try api.get("/v1/timing-functions/easeIn?x=0.5")
    let metrics = try api.get("/metrics").text
    #expect(
      metrics.contains(
        "animation_timing_requests_total{route=\"/v1/timing-functions/{function}\",status=\"200\"} 1"
      ))
    #expect(try api.get("/").text.contains("/openapi.yaml"))
  }

  /// The served contract is the repository's openapi.yaml, and its paths and methods are exactly
  /// the routes the service answers.
  @Test func openAPIDocumentMatchesRoutes() throws {
    let api = try APITestHarness()
    let file = try String(contentsOfFile: Self.repositoryRoot + "/openapi.yaml", encoding: .utf8)
    let served = try api.get("/openapi.yaml")
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
