import Dispatch
import HTTPTransport
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Where requests run: heavy ones on the bounded pool, light and operations ones on the I/O
/// queues, operations never shed. On sockets because the scheduling is the server's: which
/// queue reads a connection, and when its answer arrives while others are busy.
@Suite struct SchedulingTests {
  private func seconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  /// Four heavy requests (0.5 s each) on one I/O queue: a light request and an operations
  /// request on other connections are answered at once, not after them. With handlers on the
  /// I/O queue this waited 2 s.
  @Test func heavyWorkDoesNotBlockLightRequests() throws {
    var limits = testLimits()
    limits.headerTimeout = 5
    limits.maxConcurrentHeavyRequests = 2
    let server = try makeTestServer(limits: limits, workers: 1)
    defer { stop(server) }
    let heavy = try (0..<4).map { _ in try RawClient(port: server.port) }
    for client in heavy { client.send("GET /heavy HTTP/1.1\r\nHost: x\r\n\r\n") }
    usleep(50_000)
    for path in ["/hello", "/health"] {
      let start = DispatchTime.now().uptimeNanoseconds
      let client = try RawClient(port: server.port)
      client.send("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(try client.readResponse(timeout: 3).status == 200)
      #expect(seconds(since: start) < 0.1)
    }
    // The heavy ones all finish: two at a time, so in about 1 s.
    for client in heavy { #expect(try client.readResponse(timeout: 3).text == "heavy") }
  }

  /// With one heavy request running and one waiting, a third is refused at once with 503.
  @Test func heavyLineIsBounded() throws {
    var limits = testLimits()
    limits.headerTimeout = 5
    limits.maxConcurrentHeavyRequests = 1
    limits.maxQueuedHeavyRequests = 1
    let server = try makeTestServer(limits: limits)
    defer { stop(server) }
    let running = try RawClient(port: server.port)
    running.send("GET /heavy HTTP/1.1\r\nHost: x\r\n\r\n")
    usleep(50_000)
    let waiting = try RawClient(port: server.port)
    waiting.send("GET /heavy HTTP/1.1\r\nHost: x\r\n\r\n")
    usleep(50_000)
    let start = DispatchTime.now().uptimeNanoseconds
    let refused = try RawClient(port: server.port)
    refused.send("GET /heavy HTTP/1.1\r\nHost: x\r\n\r\n")
    let response = try refused.readResponse(timeout: 3)
    #expect(response.status == 503)
    #expect(response.header("Retry-After") == "1")
    #expect(seconds(since: start) < 0.2)
    #expect(try running.readResponse(timeout: 3).text == "heavy")
    #expect(try waiting.readResponse(timeout: 3).text == "heavy")
  }

  /// Past the unread-bytes budget, data requests get 503 but operations requests still answer
  /// 200: an orchestrator must not restart a process that is only shedding load.
  @Test func operationsAreNotShed() throws {
    var limits = testLimits()
    limits.maxBufferedResponseBytes = 1 << 20
    limits.idleTimeout = 5
    limits.writeTimeout = 5
    let server = try makeTestServer(limits: limits)
    defer { stop(server) }
    let hog = try RawClient(port: server.port)
    hog.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
    // Wait until the 8 MiB answer is queued past the 1 MiB budget.
    waitUntil(within: 2) { server.bufferedResponseBytes > 1 << 20 }
    let data = try RawClient(port: server.port)
    data.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(try data.readResponse().status == 503)
    let health = try RawClient(port: server.port)
    health.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(try health.readResponse().status == 200)
  }
}
