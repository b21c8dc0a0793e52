import Foundation
import HTTPTransport
import Synchronization
import Testing

@testable import TimingAPI

/// `X-Request-ID`: the client's when valid, else one made here; echoed, and a problem's
/// `instance` (api.md "Request ids").
@Suite struct RequestIDTests {
  /// 16 hex digits, a dash, the counter in hex.
  static func isGenerated(_ id: String?) -> Bool {
    guard let id else { return false }
    let parts = id.split(separator: "-", omittingEmptySubsequences: false)
    let hex = Set("0123456789abcdef")
    return parts.count == 2 && parts[0].count == 16 && !parts[1].isEmpty
      && parts.allSatisfy { $0.allSatisfy(hex.contains) }
  }

  @Test func madeWhenAbsent() throws {
    let api = ServiceHarness()
    let first = try #require(api.get("/healthz").header("X-Request-ID"))
    let second = try #require(api.get("/healthz").header("X-Request-ID"))
    #expect(Self.isGenerated(first), "\(first)")
    #expect(Self.isGenerated(second), "\(second)")
    #expect(first != second)
    // One process, one prefix.
    #expect(first.prefix(17) == second.prefix(17))
  }

  /// Ids from many threads at once are all different (the counter is atomic).
  @Test func uniqueUnderConcurrency() {
    let ids = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      var made: [String] = []
      for _ in 0..<500 { made.append(RequestIDMiddleware.generate()) }
      ids.withLock { $0 += made }
    }
    #expect(Set(ids.withLock { $0 }).count == 8 * 500)
  }

  /// The id written in place is the prefix and the counter as `String(radix: 16)` spells it.
  @Test(arguments: [0, 1, 15, 16, 255, 0x1234_5678_9abc, UInt64.max])
  func generatedSpelling(_ n: UInt64) {
    #expect(
      RequestIDMiddleware.id(number: n)
        == RequestIDMiddleware.processPrefix + String(n, radix: 16))
  }

  @Test(arguments: [
    "abc", "0f8fad5b-d9cb-469f-a165-70867728950e", "a!#$%&'*+-.^_`|~z",
    String(repeating: "x", count: 128),
  ])
  func clientIdEchoed(_ id: String) {
    let api = ServiceHarness()
    #expect(api.get("/healthz", headers: [("X-Request-ID", id)]).header("X-Request-ID") == id)
  }

  /// Too long, empty, with spaces, quotes, commas, control or non-ASCII bytes: ignored, and a
  /// fresh id made instead.
  @Test(arguments: [
    String(repeating: "x", count: 129), "", "has space", "quote\"d", "a,b", "tab\there", "café",
    "semi;colon", "slash/ed",
  ])
  func invalidIdReplaced(_ id: String) {
    let api = ServiceHarness()
    let echoed = api.get("/healthz", headers: [("X-Request-ID", id)]).header("X-Request-ID")
    #expect(echoed != id)
    #expect(Self.isGenerated(echoed), "\(echoed ?? "nil")")
  }

  /// Every problem the API makes names the request's id as `instance`: the router's (404, 405,
  /// a malformed query), a handler's (422), the entity tag's (412).
  @Test func problemsCarryTheId() throws {
    let api = ServiceHarness()
    let id = [("X-Request-ID", "req-42")]
    #expect(api.get("/nowhere", headers: id).json["instance"] as? String == "req-42")
    #expect(
      api.request("DELETE", "/v1/timelines", headers: id).json["instance"] as? String == "req-42")
    #expect(
      api.get("/v1/timing-functions/easeIn?x=%zz", headers: id).json["instance"] as? String
        == "req-42")
    let invalid = api.postJSON(
      "/v1/timing-functions/evaluate", #"{"function": "easeIn"}"#, headers: id)
    #expect(invalid.status == 422)
    #expect(invalid.json["instance"] as? String == "req-42")
    let body = #"{"function": "easeIn", "x": [0.5]}"#
    let tag = try #require(api.postJSON("/v1/timing-functions/evaluate", body).header("ETag"))
    let refused = api.postJSON(
      "/v1/timing-functions/evaluate", body, headers: id + [("If-None-Match", tag)])
    #expect(refused.status == 412)
    #expect(refused.json["instance"] as? String == "req-42")
  }

  /// A made id is the instance too, the same as the header's.
  @Test func generatedIdIsTheInstance() throws {
    let answer = ServiceHarness().get("/v1/presets/nope")
    #expect(answer.status == 404)
    let id = try #require(answer.header("X-Request-ID"))
    #expect(answer.json["instance"] as? String == id)
  }

  /// `instance` is a URI reference: token characters a URI does not allow are percent-encoded.
  @Test func instanceIsAURIReference() {
    let answer = ServiceHarness().get("/nowhere", headers: [("X-Request-ID", "a|b^c%d#e`f")])
    #expect(answer.header("X-Request-ID") == "a|b^c%d#e`f")
    #expect(answer.json["instance"] as? String == "a%7Cb%5Ec%25d%23e%60f")
  }
}
