import Dispatch
import HTTPTransport
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A server on an ephemeral loopback port with a few routes for exercising the transport.
func makeTestServer(limits: ServerLimits = testLimits(), workers: Int = 2) throws -> HTTPServer {
  let server = HTTPServer(
    host: "127.0.0.1", port: 0, limits: limits, workers: workers,
    classify: { request in
      switch request.path {
      case "/health": RequestPlacement(.operations)
      case "/heavy", "/stream", "/stream-large": RequestPlacement(.heavy)
      default: RequestPlacement(.light)
      }
    }
  ) { request, _ in
    switch (request.method.rawValue, request.path) {
    case ("GET", "/health"):
      return HTTPResponse(status: .ok, contentType: "text/plain", body: "ok")
    case ("GET", "/heavy"):
      usleep(500_000)
      return HTTPResponse(status: .ok, contentType: "text/plain", body: "heavy")
    case ("GET", "/stream"), ("HEAD", "/stream"):
      // 64 pieces of 16 KiB, piece k filled with the byte 0x40 + k % 32.
      return patternStream(pieces: 64, size: 16 * 1024, first: 0x40, cycle: 32)
    case ("GET", "/stream-large"):
      // 48 pieces of 128 KiB, piece k filled with the byte 0x41 + k % 26.
      return patternStream(pieces: 48, size: 128 * 1024, first: 0x41, cycle: 26)
    case ("GET", "/hello"), ("HEAD", "/hello"):
      return HTTPResponse(status: .ok, contentType: "text/plain", body: "hello")
    case ("POST", "/echo"):
      return HTTPResponse(
        status: .ok, headers: HTTPFields([("Content-Type", "application/octet-stream")]),
        body: request.body)
    case ("GET", "/slow"):
      usleep(500_000)
      return HTTPResponse(status: .ok, contentType: "text/plain", body: "slow")
    case ("GET", "/big"):
      return HTTPResponse(
        status: .ok, headers: HTTPFields(), body: [UInt8](repeating: 0x61, count: 8 << 20))
    case ("OPTIONS", "*"):
      return HTTPResponse(status: .noContent, headers: HTTPFields([("Allow", "GET, POST")]))
    case ("GET", "/peer"):
      return HTTPResponse(
        status: .ok, contentType: "text/plain", body: request.peerAddress ?? "none")
    case (_, "/query"):
      return HTTPResponse(
        status: .ok, contentType: "text/plain", body: request.path + "|" + (request.query ?? "-"))
    default:
      return HTTPResponse(status: .notFound, contentType: "text/plain", body: "not found")
    }
  }
  try server.start()
  return server
}

/// A streamed answer of `pieces` pieces of `size` bytes, piece k filled with the byte
/// `first + k % cycle`, so a test can tell the pieces and their order apart.
func patternStream(pieces: Int, size: Int, first: UInt8, cycle: Int) -> HTTPResponse {
  var k = 0
  return HTTPResponse(
    status: .ok, headers: HTTPFields([("Content-Type", "application/octet-stream")]),
    stream: ResponseStream { piece in
      piece = [UInt8](repeating: first + UInt8(k % cycle), count: size)
      k += 1
      return k < pieces
    })
}

func testLimits() -> ServerLimits {
  var limits = ServerLimits()
  limits.headerTimeout = 0.5
  limits.bodyTimeout = 0.5
  limits.idleTimeout = 1
  limits.maxBodyBytes = 4096
  // A stopped test server's idle clients would otherwise hold its drain for the default 5 s.
  limits.drainGrace = 0.3
  return limits
}

/// Stops a test server and waits for it to finish draining.
func stop(_ server: HTTPServer) {
  let done = DispatchSemaphore(value: 0)
  server.shutdown(drainTimeout: 2) { done.signal() }
  done.wait()
}
