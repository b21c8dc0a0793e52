import Dispatch
import HTTPTransport
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Graceful shutdown loses no request that reached the server. On sockets because draining is
/// about connections: idle, accepted but unread, and queued behind a busy I/O queue.
///
/// Each client hangs up once it has its answer, as a client told `Connection: close` does, so
/// the drain ends when the last one has; a client that stays would hold its connection for
/// the server's 2 s linger after `Connection: close` (Connection.swift, `.lingering`), which
/// ConnectionLifecycleTests.gracefulShutdownFinishesInFlightRequest covers. Here it made each
/// test wait those 2 s for nothing it checks.
@Suite struct DrainTests {
  /// Requests already sent when shutdown begins — on idle keep-alive connections, on connections
  /// accepted but not yet read, and behind a request that keeps the only I/O queue busy — are
  /// all answered, with `Connection: close`.
  @Test func requestsInFlightAtShutdownAreAnswered() throws {
    var limits = testLimits()
    limits.headerTimeout = 5
    limits.idleTimeout = 5
    let server = try makeTestServer(limits: limits, workers: 1)
    let idle = try (0..<20).map { _ in try RawClient(port: server.port) }
    for client in idle {
      client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(try client.readResponse().status == 200)
    }
    // Keep the only I/O queue busy for 0.5 s, then send on every connection and shut down.
    let busy = try RawClient(port: server.port)
    busy.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
    usleep(50_000)
    let fresh = try (0..<10).map { _ in try RawClient(port: server.port) }
    for client in idle + fresh { client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n") }
    usleep(20_000)
    let done = DispatchSemaphore(value: 0)
    server.shutdown(drainTimeout: 5) { done.signal() }
    var answered = 0
    for client in [busy] + idle + fresh {
      if let response = try? client.readResponse(timeout: 3), response.status == 200 {
        answered += 1
        #expect(response.header("Connection") == "close")
      }
      client.shutdownWrite()
    }
    #expect(answered == 31)
    #expect(done.wait(timeout: .now() + 5) == .success)
  }

  /// Issue 31: a proxy's pooled connection, idle when shutdown begins, gets its next request a
  /// moment later (nginx wrote a POST onto it as the server closed it, and answered 502). Kept
  /// open through the grace, the connection answers it, with `Connection: close`.
  @Test func aRequestOnAnIdleConnectionWithinTheGraceIsAnswered() throws {
    var limits = testLimits()
    limits.drainGrace = 1
    let server = try makeTestServer(limits: limits)
    let client = try RawClient(port: server.port)
    client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(try client.readResponse().status == 200)
    let done = DispatchSemaphore(value: 0)
    server.shutdown(drainTimeout: 5) { done.signal() }
    usleep(300_000)
    client.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi")
    let response = try client.readResponse(timeout: 2)
    #expect(response.status == 200)
    #expect(response.header("Connection") == "close")
    client.shutdownWrite()
    #expect(done.wait(timeout: .now() + 5) == .success)
  }

  /// An idle connection that gets no request is closed when the grace ends (0.5 s here), not
  /// before, and the drain then ends.
  @Test func anIdleConnectionClosesWhenTheGraceEnds() throws {
    var limits = testLimits()
    limits.drainGrace = 0.5
    limits.idleTimeout = 5
    let server = try makeTestServer(limits: limits)
    let client = try RawClient(port: server.port)
    client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(try client.readResponse().status == 200)
    let done = DispatchSemaphore(value: 0)
    let start = DispatchTime.now()
    server.shutdown(drainTimeout: 5) { done.signal() }
    #expect(client.isClosed(within: 3))
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    // The sweep runs every eighth of the shortest timeout (0.5 s / 8): at most that late.
    #expect(seconds >= 0.45 && seconds < 1.2, "closed after \(seconds) s")
    #expect(done.wait(timeout: .now() + 5) == .success)
  }

  /// A connection accepted just before shutdown whose request follows a moment later is still
  /// answered: its client connected while the listener was open.
  @Test func connectionWithRequestJustBehindIsAnswered() throws {
    var limits = testLimits()
    limits.headerTimeout = 5
    let server = try makeTestServer(limits: limits)
    let client = try RawClient(port: server.port)
    usleep(20_000)
    let done = DispatchSemaphore(value: 0)
    server.shutdown(drainTimeout: 5) { done.signal() }
    usleep(50_000)
    client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
    let response = try client.readResponse(timeout: 2)
    #expect(response.status == 200)
    #expect(response.header("Connection") == "close")
    client.shutdownWrite()
    #expect(done.wait(timeout: .now() + 5) == .success)
  }
}
