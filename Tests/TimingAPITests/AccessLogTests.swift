import Foundation
import HTTPTransport
import Synchronization
import Testing

@testable import TimingAPI

/// The service's access log, one line per request (in process: the log is the service's).
@Suite struct AccessLogTests {
  final class Lines: Sendable {
    let lines = Mutex<[[String: LogValue]]>([])
    var all: [[String: LogValue]] { lines.withLock { $0 } }
  }

  static func harness(_ collected: Lines) -> ServiceHarness {
    ServiceHarness(accessLog: { level, message, fields in
      #expect(level == .debug && message == "request")
      collected.lines.withLock { $0.append(fields) }
    })
  }

  /// With an access log, each request gives one line with its route template and status, a 405
  /// under the resource's own route.
  @Test func oneLinePerRequest() {
    let collected = Lines()
    let api = Self.harness(collected)
    _ = api.get("/v1/timing-functions/easeIn?x=0.5")
    _ = api.request("DELETE", "/healthz")
    _ = api.get("/nowhere")
    #expect(
      collected.all.map { $0["route"] } == [
        "/v1/timing-functions/{function}", "/healthz", "unmatched",
      ])
    #expect(collected.all.map { $0["status"] } == [.integer(200), .integer(405), .integer(404)])
  }

  /// The fields are typed: status and bytes integers, the duration a number, the request id the
  /// one the response carries.
  @Test func fieldsAreTyped() throws {
    let collected = Lines()
    let api = Self.harness(collected)
    let answer = api.get("/v1/timing-functions/easeIn?x=0.5", headers: [("X-Request-ID", "abc-1")])
    let line = try #require(collected.all.first)
    #expect(line["requestId"] == "abc-1")
    #expect(line["method"] == "GET")
    // In process there is no socket, so no peer address.
    #expect(line["client"] == "in-process")
    #expect(line["bytes"] == .integer(answer.body.count))
    guard case .number(let ms) = line["durationMs"] else {
      Issue.record("durationMs is \(String(describing: line["durationMs"]))")
      return
    }
    // In process a curve lookup takes well under a second, and at least a microsecond.
    #expect(ms > 0 && ms < 1000)
    #expect(line["streamed"] == nil)
  }

  /// A generated request id is logged too, the same as the one echoed.
  @Test func generatedIdIsLogged() throws {
    let collected = Lines()
    let api = Self.harness(collected)
    let answer = api.get("/healthz")
    let echoed = try #require(answer.header("X-Request-ID"))
    #expect(collected.all.first?["requestId"] == .string(echoed))
  }

  /// The line as written: one JSON object and a newline, numbers as JSON numbers (read back with
  /// Foundation's parser, not the service's own).
  @Test func lineShape() throws {
    let bytes = JSONLogger.line(
      .debug, "request",
      [
        "requestId": "r-1", "status": 404, "bytes": 0, "durationMs": .number(0.125),
        "streamed": .boolean(true),
      ])
    #expect(bytes.last == 0x0A)
    #expect(bytes.dropLast().firstIndex(of: 0x0A) == nil)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(bytes.dropLast())) as? [String: Any])
    #expect(object["message"] as? String == "request")
    #expect(object["level"] as? String == "debug")
    #expect(object["requestId"] as? String == "r-1")
    // JSONSerialization reads a JSON number as NSNumber and a string as String: a status
    // written as "404" would fail the first two.
    #expect((object["status"] as? NSNumber)?.intValue == 404)
    #expect(object["status"] is NSNumber && !(object["status"] is String))
    #expect((object["durationMs"] as? NSNumber)?.doubleValue == 0.125)
    #expect((object["bytes"] as? NSNumber)?.intValue == 0)
    #expect(object["streamed"] as? Bool == true)
    // time, level and message first, then the fields by name.
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("{\"time\":\""))
    #expect(text.contains("\"message\":\"request\",\"bytes\":0,\"durationMs\":0.125,"))
  }
}
