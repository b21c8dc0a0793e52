import HTTPTransport
import Testing

@testable import TimingAPI

/// `Cache-Control` (api.md "Caching"): a year and `immutable` on the `/v1` lookups, an hour on
/// the contract and the playground, `no-store` on what describes the process now, nothing on
/// errors and POSTs.
@Suite struct CacheControlTests {
  static let immutable = "public, max-age=31536000, immutable"

  @Test(arguments: [
    "/v1/timing-functions", "/v1/timing-functions/easeIn?x=0.5",
    "/v1/timing-functions/cubic-bezier(0.1,0.2,0.3,1).svg", "/v1/presets",
    "/v1/presets/bounceLeft?fps=30",
  ])
  func lookupsAreImmutable(_ target: String) {
    let api = ServiceHarness()
    let answer = api.get(target)
    #expect(answer.status == 200)
    #expect(answer.header("Cache-Control") == Self.immutable, "\(target)")
    #expect(api.request("HEAD", target).header("Cache-Control") == Self.immutable, "\(target)")
  }

  /// The plot by `Accept` too, and the 304 of a revalidation keeps the field.
  @Test func negotiatedPlotAndNotModified() throws {
    let api = ServiceHarness()
    let svg = api.get("/v1/timing-functions/easeIn", headers: [("Accept", "image/svg+xml")])
    #expect(svg.header("Content-Type")?.hasPrefix("image/svg+xml") == true)
    #expect(svg.header("Cache-Control") == Self.immutable)
    let tag = try #require(svg.header("ETag"))
    let again = api.get(
      "/v1/timing-functions/easeIn", headers: [("Accept", "image/svg+xml"), ("If-None-Match", tag)])
    #expect(again.status == 304)
    #expect(again.header("Cache-Control") == Self.immutable)
  }

  /// The contract and the playground page: the same on every replica of a release.
  @Test(arguments: ["/openapi.yaml", "/"])
  func sameWithinReleaseForAnHour(_ target: String) {
    #expect(ServiceHarness().get(target).header("Cache-Control") == "public, max-age=3600")
  }

  @Test(arguments: ["/healthz", "/readyz", "/metrics", "/version"])
  func operationsAreNotStored(_ target: String) {
    let answer = ServiceHarness().get(target)
    #expect(answer.header("Cache-Control") == "no-store", "\(target)")
    #expect(answer.headers.filter { $0.0 == "Cache-Control" }.count == 1)
  }

  /// Errors are not cached: a misspelled curve may be a real one in the next release.
  @Test func errorsAndPostsCarryNone() {
    let api = ServiceHarness()
    #expect(api.get("/v1/timing-functions/nope").header("Cache-Control") == nil)
    #expect(api.get("/v1/timing-functions/easeIn?x=2&bogus=1").header("Cache-Control") == nil)
    #expect(api.request("DELETE", "/v1/presets").header("Cache-Control") == nil)
    let posted = api.postJSON(
      "/v1/timing-functions/evaluate", #"{"function": "easeIn", "x": [0.5]}"#)
    #expect(posted.status == 200)
    #expect(posted.header("Cache-Control") == nil)
  }
}
