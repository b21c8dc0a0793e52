import HTTPTransport
import Synchronization
import TestSupport
import Testing

/// The counters and events a server is given at construction are the ones it updates and
/// reports to: the process creates them first, so nothing is filled in after the server exists.
@Suite struct ServerStatisticsTests {
  final class Events: Sendable {
    let seen = Mutex<[ServerEvent]>([])
  }

  @Test func countsIntoTheGivenStatisticsAndReportsEvents() throws {
    let statistics = ServerStatistics()
    let events = Events()
    let server = HTTPServer(
      host: "127.0.0.1", port: 0, limits: testLimits(), statistics: statistics,
      events: { event in events.seen.withLock { $0.append(event) } }
    ) { _, _ in HTTPResponse(status: .ok, contentType: "text/plain", body: "ok") }
    try server.start()
    defer { stop(server) }

    let client = try RawClient(port: server.port)
    client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
    #expect(try client.readResponse().status == 200)
    #expect(statistics.snapshot.acceptedConnections == 1)
    #expect(statistics.snapshot.openConnections == 1)
    #expect(statistics.snapshot.responsesByStatus == [200: 1])

    // A malformed request is answered, counted and reported, then its connection closes.
    let bad = try RawClient(port: server.port)
    bad.send("GET / HTTP/1.1\r\nHost: a b\r\n\r\n")
    #expect(try bad.readResponse().status == 400)
    #expect(bad.isClosed())
    #expect(statistics.snapshot.responsesByStatus == [200: 1, 400: 1])
    #expect(
      events.seen.withLock { $0 }.contains(
        .rejectedRequest(status: 400, detail: "malformed Host header (expected host[:port])")))
    #expect(
      events.seen.withLock { $0 }.contains(.listening(host: "127.0.0.1", port: server.port)))
  }
}
