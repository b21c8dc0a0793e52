import HTTPTransport
import TestSupport
import Testing

@testable import TimingAPI

/// Compression through the service, in process (api.md "Compression"): which answers are coded,
/// their fields, their tags and revalidation. Coded bodies are decoded with zlib's inflate and
/// compared with the identity answer the same service gives without `Accept-Encoding`; over a
/// socket and through Python's gzip module: scripts/check-compression.py (.ci/run).
@Suite struct CompressionTests {
  /// 200 points of a curve: 9 933 bytes of JSON with its closing line break, well over the 1 KiB
  /// threshold.
  static let large = "/v1/timing-functions/easeIn?samples=200"
  /// 5 points: 362 bytes, under it.
  static let small = "/v1/timing-functions/easeIn?samples=5"
  static let gzip = [("Accept-Encoding", "gzip, deflate, br")]

  static func varies(_ answer: RawClient.Response) -> Bool {
    answer.headers.contains { $0.0.lowercased() == "vary" && $0.1 == "Accept-Encoding" }
  }

  @Test func gzipWhenAskedWithVaryAndItsOwnTag() throws {
    let api = ServiceHarness()
    let identity = api.get(Self.large)
    let coded = api.get(Self.large, headers: Self.gzip)
    #expect(identity.body.count == 9933)
    #expect(identity.header("Content-Encoding") == nil)
    #expect(coded.header("Content-Encoding") == "gzip")
    #expect(Self.varies(identity) && Self.varies(coded))
    // The body is the identity answer once decoded, and at most half its size (a curve's JSON
    // numbers; measured 3 553 bytes at level 1).
    #expect(DeflaterTests.inflate(coded.body, .gzip) == identity.body)
    #expect(coded.body.count < identity.body.count / 2)
    let plain = try #require(identity.header("ETag"))
    let tag = try #require(coded.header("ETag"))
    #expect(!plain.hasPrefix("W/"))
    #expect(tag == "W/" + plain.dropLast() + "-gzip\"")
    // The other fields are those of the identity answer.
    #expect(coded.header("Cache-Control") == identity.header("Cache-Control"))
    #expect(coded.header("Content-Type") == identity.header("Content-Type"))
  }

  @Test func deflateIsTheZlibFormat() {
    let api = ServiceHarness()
    let coded = api.get(Self.large, headers: [("Accept-Encoding", "gzip;q=0.5, deflate")])
    #expect(coded.header("Content-Encoding") == "deflate")
    #expect(coded.header("ETag")?.hasSuffix("-deflate\"") == true)
    #expect(DeflaterTests.inflate(coded.body, .deflate) == api.get(Self.large).body)
  }

  @Test func smallAnswersAndErrorsAreSentAsTheyAre() {
    let api = ServiceHarness()
    for target in [Self.small, "/v1/timing-functions/nope", "/healthz"] {
      // One request id for both, since a problem names it.
      let id = ("X-Request-ID", "compression-test")
      let answer = api.get(target, headers: Self.gzip + [id])
      #expect(answer.header("Content-Encoding") == nil, "\(target)")
      #expect(!Self.varies(answer), "\(target)")
      #expect(answer.body == api.get(target, headers: [id]).body, "\(target)")
    }
    // Unless the client refuses identity: then even 361 bytes are coded.
    let refused = api.get(Self.small, headers: [("Accept-Encoding", "gzip, identity;q=0")])
    #expect(refused.header("Content-Encoding") == "gzip")
    #expect(DeflaterTests.inflate(refused.body, .gzip) == api.get(Self.small).body)
  }

  @Test func refusedOrUnknownCodingsGetIdentity() {
    let api = ServiceHarness()
    for value in ["gzip;q=0", "br", "", "identity", "gzip;q=0, deflate;q=0, identity;q=0"] {
      let answer = api.get(Self.large, headers: [("Accept-Encoding", value)])
      #expect(answer.status == 200, "\(value)")
      #expect(answer.header("Content-Encoding") == nil, "\(value)")
      #expect(Self.varies(answer), "\(value)")
    }
  }

  /// If-None-Match with the tag of the form this request would get: 304, keeping Vary and the
  /// tag; with the other form's tag: the answer (RFC 9110 §13.1.2 compares with the selected
  /// representation).
  @Test func revalidationWithEitherTag() throws {
    let api = ServiceHarness()
    let plain = try #require(api.get(Self.large).header("ETag"))
    let tag = try #require(api.get(Self.large, headers: Self.gzip).header("ETag"))
    #expect(plain != tag)

    let gzipAgain = api.get(Self.large, headers: Self.gzip + [("If-None-Match", tag)])
    #expect(gzipAgain.status == 304)
    #expect(gzipAgain.header("ETag") == tag)
    #expect(Self.varies(gzipAgain))
    #expect(gzipAgain.body.isEmpty)
    // Sent back strong, as some clients do with weak tags: weak comparison still matches.
    let strong = String(tag.dropFirst(2))
    #expect(api.get(Self.large, headers: Self.gzip + [("If-None-Match", strong)]).status == 304)

    let plainAgain = api.get(Self.large, headers: [("If-None-Match", plain)])
    #expect(plainAgain.status == 304)
    #expect(plainAgain.header("ETag") == plain)
    #expect(Self.varies(plainAgain))

    // A cache holding both forms lists both; it gets the one this request selects.
    let both = api.get(Self.large, headers: Self.gzip + [("If-None-Match", "\(plain), \(tag)")])
    #expect(both.status == 304)
    #expect(both.header("ETag") == tag)

    let crossed = api.get(Self.large, headers: Self.gzip + [("If-None-Match", plain)])
    #expect(crossed.status == 200)
    #expect(crossed.header("Content-Encoding") == "gzip")
    #expect(api.get(Self.large, headers: [("If-None-Match", tag)]).status == 200)
  }

  /// HEAD has GET's fields, the coded body's length among them (the writer drops the body).
  @Test func headMatchesGet() {
    let api = ServiceHarness()
    let get = api.answer("GET", Self.large, headers: Self.gzip)
    let head = api.answer("HEAD", Self.large, headers: Self.gzip)
    #expect(head.headers["Content-Encoding"] == "gzip")
    #expect(head.headers["ETag"] == get.headers["ETag"])
    #expect(head.body == get.body)
  }

  /// A streamed timeline is coded as it streams; decoded, it is the identity answer; a POST
  /// repeated with its coded tag gets 412, as with the plain tag.
  @Test func streamedTimelineIsCodedPieceByPiece() throws {
    let api = ServiceHarness()
    let scene = TimelineStreamingTests.request(fps: 600)
    let answer = api.answer(postingJSON: scene, to: "/v1/timelines", headers: Self.gzip)
    #expect(answer.stream != nil)
    #expect(answer.headers["Content-Encoding"] == "gzip")
    let coded = answer.collectedBody()
    let identity = api.postJSON("/v1/timelines", scene)
    #expect(identity.header("Content-Encoding") == nil)
    #expect(DeflaterTests.inflate(coded, .gzip) == identity.body)
    // Timeline JSON compresses well: 3 130 282 bytes to 243 993 (12.8×) at level 1 for this
    // scene, measured with Python's gzip; 3× is a loose bound.
    #expect(coded.count * 3 < identity.body.count)
    let tag = try #require(answer.headers["ETag"])
    #expect(tag.hasPrefix("W/") && tag.hasSuffix("-gzip\""))
    let again = api.postJSON(
      "/v1/timelines", scene, headers: Self.gzip + [("If-None-Match", tag)])
    #expect(again.status == 412)
    #expect(again.header("Content-Encoding") == nil)
  }

  /// Prometheus asks for gzip; the exposition is text over 1 KiB, so it gets it.
  @Test func metricsAreCodedForPrometheus() {
    let api = ServiceHarness()
    _ = api.get(Self.large)
    let scrape = api.get(
      "/metrics", headers: [("Accept-Encoding", "gzip"), ("Accept", "text/plain;version=0.0.4")])
    #expect(scrape.header("Content-Encoding") == "gzip")
    let text = DeflaterTests.inflate(scrape.body, .gzip).map { String(decoding: $0, as: UTF8.self) }
    #expect(text?.contains("animation_timing_requests_total{") == true)
  }

  @Test(arguments: [
    ("application/json", true), ("application/problem+json", true),
    ("text/csv; charset=utf-8; header=present", true), ("image/svg+xml", true),
    ("application/yaml", true), ("text/plain; version=0.0.4; charset=utf-8", true),
    ("TEXT/HTML", true), ("image/png", false), ("application/octet-stream", false),
    ("application/gzip", false),
  ])
  func compressibleTypes(_ type: String, _ expected: Bool) {
    #expect(CompressionMiddleware.isCompressible(type) == expected)
  }
}
