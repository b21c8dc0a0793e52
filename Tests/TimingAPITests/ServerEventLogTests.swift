import HTTPTransport
import Testing

@testable import TimingAPI

/// The server reports events; the process's log gives them levels. These are the levels and
/// words the server's own log lines had before the server stopped choosing levels.
@Suite struct ServerEventLogTests {
  @Test func levelsAndMessages() {
    let cases: [(ServerEvent, LogLevel, String)] = [
      (.listening(host: "0.0.0.0", port: 8080), .info, "listening"),
      (
        .connectionCapLowered(configured: 1024, effective: 960, descriptorLimit: 1024), .warning,
        "connection cap lowered to fit the file descriptor limit"
      ),
      (.acceptFailed(errno: 22), .error, "accept failed"),
      (
        .acceptPaused(errno: 24, suppressed: 3), .warning,
        "accept failed; pausing new connections for 100 ms"
      ),
      (.draining(connections: 2), .info, "draining"),
      (.requestDeadlinePassed(connection: 7), .info, "request deadline passed"),
      (.evicted(connection: 7), .debug, "evicted at the connection cap"),
      (.rejectedRequest(status: 400, detail: "bad"), .info, "rejected request"),
    ]
    for (event, level, message) in cases {
      #expect(LogLevel(event) == level, "\(event)")
      #expect(event.message == message)
    }
  }

  @Test func fields() {
    #expect(
      ServerEvent.connectionCapLowered(configured: 1024, effective: 960, descriptorLimit: 1024)
        .fields == ["configured": "1024", "effective": "960", "descriptorLimit": "1024"])
    let paused = ServerEvent.acceptPaused(errno: 24, suppressed: 3).fields
    #expect(paused["errno"] == "24" && paused["suppressed"] == "3" && paused["reason"] != nil)
    #expect(
      ServerEvent.rejectedRequest(status: 431, detail: "too many header fields").fields == [
        "status": "431", "detail": "too many header fields",
      ])
  }

  /// The transport gives its fields as text; the log writes their integers as numbers.
  @Test func integersBecomeNumbers() {
    #expect(LogValue(eventField: "8080") == .integer(8080))
    #expect(LogValue(eventField: "-1") == .integer(-1))
    #expect(LogValue(eventField: "0.0.0.0") == .string("0.0.0.0"))
    #expect(LogValue(eventField: "007") == .string("007"))
    #expect(LogValue(eventField: "+5") == .string("+5"))
    #expect(LogValue(eventField: "") == .string(""))
    #expect(LogValue(eventField: "Too many open files") == .string("Too many open files"))
  }
}
