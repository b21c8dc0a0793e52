import Dispatch
import Foundation
import TestSupport
import Testing

@testable import TimingAPI

#if canImport(Glibc)
  import Glibc
#endif

/// The API over a real socket (`APITestHarness`), only where the transport is part of what is
/// checked; every other API test calls the service in process (`ServiceHarness`).
/// - HEAD: the body is left out by the server's writer, not by the service.
/// - Transport errors: a body over the server's limit and a request without Host never reach
///   the service; the server answers them with the service's problem+json responder.
/// - A streamed timeline goes out chunked, and arrives whole through the client's strict
///   chunk reader; gzip-coded too.
/// - Heavy requests run on the server's bounded pool while operations and light requests on
///   other connections still answer at once.
/// - A token document (`POST /v1/tokens`, heavy) sent in one write and in many small ones
///   compiles to the same style sheet with its length, and its 422 comes back as problem+json.
@Suite struct APISocketTests {
  @Test func headHasHeadersButNoBody() throws {
    let api = try APITestHarness()
    let get = try api.get("/v1/timing-functions")
    let head = try api.request("HEAD", "/v1/timing-functions")
    #expect(head.status == 200)
    #expect(head.header("Content-Length") == String(get.body.count))
    #expect(head.header("ETag") == get.header("ETag"))
  }

  /// The server's own transport errors come back as problem+json too.
  @Test func transportErrorsAreProblems() throws {
    let api = try APITestHarness()
    let tooBig = try api.request(
      "POST", "/v1/timing-functions/evaluate", headers: [("Content-Type", "application/json")],
      body: [UInt8](repeating: 0x20, count: 1024 * 1024 + 1))
    #expect(tooBig.status == 413)
    #expect(tooBig.problemType == "content-too-large")
    let client = try RawClient(port: api.server.port)
    client.send("GET /healthz HTTP/1.1\r\n\r\n")
    let noHost = try client.readResponse()
    #expect(noHost.status == 400)
    #expect(noHost.problemType == "malformed-request")
  }

  /// A large answer (36 001 samples, streamed by the service) comes chunked and parses whole; a
  /// small one comes with a length.
  @Test func largeTimelineIsChunkedOnTheWire() throws {
    let api = try APITestHarness()
    let large = try api.postJSON("/v1/timelines", TimelineStreamingTests.request(fps: 600))
    #expect(large.status == 200)
    #expect(large.header("Transfer-Encoding") == "chunked")
    let document = large.json  // parsed once: 36 001 samples of every column
    let times = document["times"] as? [Double] ?? []
    #expect(times.count == 36_001)
    #expect(abs((times.last ?? 0) - 60) < 1e-12)
    let layers = document["layers"] as? [String: [String: [Any]]] ?? [:]
    #expect(layers["a"]?["opacity"]?.count == 36_001)
    #expect(large.header("ETag") != nil)
    let small = try api.postJSON("/v1/timelines", TimelineStreamingTests.request(fps: 2))
    #expect(small.status == 200)
    #expect(small.header("Transfer-Encoding") == nil)
  }

  /// The same timeline with gzip: chunked and gzip-coded on the wire, and decoded (zlib's
  /// inflate) the bytes of the identity answer; HEAD of a coded curve has GET's length. Python's
  /// gzip module decodes the same over a socket in scripts/check-compression.py.
  @Test func gzipTimelineIsChunkedAndDecodes() throws {
    let api = try APITestHarness()
    let scene = TimelineStreamingTests.request(fps: 600)
    let gzip = [("Accept-Encoding", "gzip")]
    let coded = try api.postJSON("/v1/timelines", scene, headers: gzip)
    #expect(coded.header("Transfer-Encoding") == "chunked")
    #expect(coded.header("Content-Encoding") == "gzip")
    let plain = try api.postJSON("/v1/timelines", scene)
    #expect(DeflaterTests.inflate(coded.body, .gzip) == plain.body)
    let get = try api.get(CompressionTests.large, headers: gzip)
    let head = try api.request("HEAD", CompressionTests.large, headers: gzip)
    #expect(get.header("Content-Length") == String(get.body.count))
    #expect(head.header("Content-Length") == String(get.body.count))
    #expect(head.header("Content-Encoding") == "gzip" && head.body.isEmpty)
  }

  /// While four large timelines are computed and streamed, /healthz, /readyz, /metrics and a
  /// curve lookup on other connections each answer within 50 ms.
  @Test func operationsAnswerFastUnderHeavyWork() throws {
    let api = try APITestHarness()
    let port = api.server.port
    let group = DispatchGroup()
    for _ in 0..<4 {
      DispatchQueue.global().async(group: group) {
        let client = try? RawClient(port: port)
        let body = Array(TimelineStreamingTests.request(fps: 200).utf8)
        let head =
          "POST /v1/timelines HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
          + "Content-Length: \(body.count)\r\n\r\n"
        client?.send(Array(head.utf8) + body)
        _ = try? client?.readResponse(timeout: 30)
      }
    }
    usleep(20_000)
    var slowest = 0.0
    for path in ["/healthz", "/readyz", "/metrics", "/v1/timing-functions/easeIn?x=0.5"] {
      for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        #expect(try api.get(path).status == 200)
        slowest = max(slowest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
      }
    }
    #expect(slowest < 0.05)
    group.wait()
  }

  /// The token compiler over the socket: the style sheet with a Content-Length equal to its
  /// bytes and the CSS type; the same document dribbled 7 bytes a write answers the same bytes
  /// (the server's reader assembles the body, the route sees it whole); a reference cycle is a
  /// 422 naming the token, through the server's writer.
  @Test func tokensCompileOverTheSocket() throws {
    let api = try APITestHarness()
    let css = try api.postJSON("/v1/tokens?format=css", TokenEndpointTests.document)
    #expect(css.status == 200)
    #expect(css.header("Content-Type") == "text/css; charset=utf-8")
    #expect(css.header("Content-Length") == String(css.body.count))
    #expect(css.text.contains("  --duration-fast: 70ms;\n"))
    let client = try RawClient(port: api.server.port)
    let body = Array(TokenEndpointTests.document.utf8)
    let head =
      "POST /v1/tokens?format=css HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
      + "Content-Length: \(body.count)\r\n\r\n"
    let bytes = Array(head.utf8) + body
    for start in stride(from: 0, to: bytes.count, by: 7) {
      client.send(Array(bytes[start..<min(start + 7, bytes.count)]))
    }
    let dribbled = try client.readResponse()
    #expect(dribbled.status == 200)
    #expect(dribbled.body == css.body)
    let cycle = try api.postJSON(
      "/v1/tokens",
      #"{"a": {"$type": "duration", "$value": "{b}"}, "b": {"$type": "duration", "$value": "{a}"}}"#
    )
    #expect(cycle.status == 422)
    #expect(cycle.header("Content-Type") == "application/problem+json")
    // docs/tokens.md: at the token that closes the cycle, a → b → a.
    #expect(cycle.errors.first?.pointer == "/b", "\(cycle.text)")
  }

  /// `POST /v1/batch` over the socket: a body past the single request's 1 MiB is taken at the
  /// batch path (its own 16 MiB limit) and refused at any other; the answer is chunked NDJSON;
  /// a client that reads a little of a large batch and goes away stalls nothing: the next
  /// request is answered at once.
  @Test func aBatchOverTheSocket() throws {
    let api = try APITestHarness()
    let line = #"{"method": "GET", "path": "/v1/timing-functions/ease?x=0.5"}"# + "\n"
    let padding = String(repeating: " ", count: 1000) + "\n"
    // 1.2 MB: 1 200 blank lines of spaces (skipped) and the line twice.
    let body = Array((line + String(repeating: padding, count: 1200) + line).utf8)
    #expect(body.count > 1 << 20)
    let batch = try api.request(
      "POST", "/v1/batch", headers: [("Content-Type", "application/x-ndjson")], body: body)
    #expect(batch.status == 200, "\(batch.text.prefix(300))")
    #expect(batch.header("Transfer-Encoding") == "chunked")
    let lines = batch.text.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.last?.hasPrefix(#"{"line":1202,"status":200,"#) == true)
    let tooLarge = try api.request(
      "POST", "/v1/tokens", headers: [("Content-Type", "application/json")], body: body)
    #expect(tooLarge.status == 413)

    // About 40 MB of answer (200 lines of 100 001-sample timelines), read 64 KiB of, then
    // closed.
    let scene =
      #"{"method": "POST", "path": "/v1/timelines", "body": {"layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "position", "fromValue": [0, 0], "toValue": [100, 50], "duration": 1}]}], "sample": {"from": 0, "to": 100, "fps": 1000}}}"#
    let large = Array(String(repeating: scene + "\n", count: 200).utf8)
    do {
      // Closed as it goes out of scope.
      let client = try RawClient(port: api.server.port)
      client.send(
        "POST /v1/batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-ndjson\r\n"
          + "Content-Length: \(large.count)\r\n\r\n")
      client.send(large)
      #expect(client.readSome(max: 64 * 1024, timeout: 5) > 0)
    }
    let started = Date()
    let next = try api.get("/v1/timing-functions/ease?x=0.5")
    #expect(next.status == 200)
    #expect(Date().timeIntervalSince(started) < 2)
  }
}
