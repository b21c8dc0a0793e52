import Dispatch
import HTTPTransport
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Streamed bodies: chunked to HTTP/1.1 clients, close-delimited to HTTP/1.0, nothing for HEAD;
/// the write deadline is on inactivity. On sockets because framing and back-pressure exist only
/// on the wire.
@Suite struct StreamingTests {
  /// The body the test server's /stream route produces: 64 pieces of 16 KiB, piece k of the
  /// byte 0x40 + k % 32 (written out here independently of the route).
  private var expected: [UInt8] {
    (0..<64).flatMap { k in [UInt8](repeating: 0x40 + UInt8(k % 32), count: 16 * 1024) }
  }

  @Test func chunkedToHTTP11() throws {
    let server = try makeTestServer()
    defer { stop(server) }
    let client = try RawClient(port: server.port)
    for _ in 0..<2 {
      client.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
      let response = try client.readResponse()
      #expect(response.header("Transfer-Encoding") == "chunked")
      #expect(response.header("Content-Length") == nil)
      #expect(response.body == expected)
    }
    // Kept alive across streamed answers, and a HEAD gets the head only.
    client.send("HEAD /stream HTTP/1.1\r\nHost: x\r\n\r\n")
    let head = try client.readResponse(head: true)
    #expect(head.status == 200)
    client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(try client.readResponse().text == "hello")
  }

  @Test func closeDelimitedToHTTP10() throws {
    let server = try makeTestServer()
    defer { stop(server) }
    let client = try RawClient(port: server.port)
    client.send("GET /stream HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.header("Transfer-Encoding") == nil)
    #expect(response.header("Connection") == "close")
    #expect(response.body == expected)
  }

  /// A client reading the 8 MiB answer steadily at about 3 MB/s (2.8 s in all) gets all of it under a 0.5 s write timeout: the deadline is on inactivity, not on the
  /// whole response (with a total deadline the answer was cut after 0.5 s). A client that stops
  /// reading is cut at the write timeout.
  @Test func writeTimeoutIsOnInactivity() throws {
    var limits = testLimits()
    limits.writeTimeout = 0.5
    limits.idleTimeout = 5
    let server = try makeTestServer(limits: limits)
    defer { stop(server) }
    var slow: RawClient? = try RawClient(port: server.port, receiveBuffer: 16 * 1024)
    slow!.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
    var received = 0
    // The head is about 100 bytes; the body 8 MiB.
    while received < (8 << 20) + 60 {
      let n = slow!.readSome(max: 64 * 1024, timeout: 2)
      if n == 0 { break }
      received += n
      usleep(UInt32(n / 3))  // 3 bytes per microsecond: 3 MB/s
    }
    #expect(received > 8 << 20)
    slow = nil
    #expect(openConnections(of: server, reach: 0, within: 1))
    // A stalled reader: the server gives up on it at the write timeout (its client still has
    // megabytes of kernel-buffered data to read before it would see the end).
    let stalled = try RawClient(port: server.port, receiveBuffer: 16 * 1024)
    stalled.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
    let start = DispatchTime.now().uptimeNanoseconds
    #expect(openConnections(of: server, reach: 1, within: 1))
    #expect(openConnections(of: server, reach: 0, within: 3))
    let cutAfter = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    #expect(cutAfter >= 0.5 && cutAfter < 2)
  }

  /// A reader that stops reading holds a bounded amount in the process: the producer goes on to
  /// the next piece by itself only while less than `lowWater` of the previous ones is unsent, so
  /// at most `lowWater` plus two pieces (with their chunk framing) wait; production stops there,
  /// and once the client reads again it gets the whole body in order.
  @Test func stalledReaderHoldsAtMostTwoPiecesBeyondLowWater() throws {
    let server = try makeTestServer()
    defer { stop(server) }
    let client = try RawClient(port: server.port, receiveBuffer: 16 * 1024)
    client.send("GET /stream-large HTTP/1.1\r\nHost: x\r\n\r\n")
    var last = -1
    let settled = waitUntil(within: 3) {
      usleep(100_000)
      let now = server.bufferedResponseBytes
      defer { last = now }
      return now > 0 && now == last
    }
    #expect(settled)
    #expect(server.bufferedResponseBytes < ResponseStream.lowWater + 2 * (128 * 1024 + 16))
    let response = try client.readResponse(timeout: 10)
    let expected = (0..<48).flatMap { k in
      [UInt8](repeating: 0x41 + UInt8(k % 26), count: 128 * 1024)
    }
    #expect(response.body == expected)
  }

  private func openConnections(of server: HTTPServer, reach count: Int, within seconds: Double)
    -> Bool
  {
    waitUntil(within: seconds) { server.statistics.openConnections == count }
  }
}
