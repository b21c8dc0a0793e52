import HTTPTransport
import Testing

@testable import TimingAPI

/// The service's access log, one line per request (in process: the log is the service's).
@Suite struct AccessLogTests {
  final class Lines: @unchecked Sendable {
    var lines: [[String: String]] = []
  }

  /// With an access log, each request gives one line with its route template and status.
  @Test func oneLinePerRequest() {
    let collected = Lines()
    let service = TimingService(accessLog: { level, message, fields in
      #expect(level == .debug && message == "request")
      collected.lines.append(fields)
    })
    _ = service.handle(
      HTTPRequest(
        method: "GET", target: "/v1/timing-functions/easeIn?x=0.5",
        headers: HTTPFields([("Host", "t")])))
    _ = service.handle(
      HTTPRequest(method: "DELETE", target: "/healthz", headers: HTTPFields([("Host", "t")])))
    #expect(
      collected.lines.map { $0["route"] } == ["/v1/timing-functions/{function}", "unmatched"])
    #expect(collected.lines.map { $0["status"] } == ["200", "405"])
    #expect(collected.lines.allSatisfy { Double($0["ms"] ?? "") != nil })
  }
}
