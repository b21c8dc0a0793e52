import Dispatch
import HTTPTransport
import TestSupport
import Testing

/// Raw requests that are malformed or on an edge of the grammar, each with the status it must
/// get and whether the connection must close (RFC 9112; design.md "The server").
///
/// On sockets because the transport is the point: the bytes go through the connection's
/// parser exactly as sent, and whether the server closes the connection is only visible on the
/// wire. (RequestParserTests covers the parser alone, in process.)
///
/// Run alone the suite takes about 1.3 s. In a full `swift test` it used to report ~17 s: every
/// test here blocks its thread on poll(2), and Swift Testing runs tests on a pool of one thread
/// per core (2 here), so a suite's reported time is mostly its wait behind the other blocking
/// socket suites. None of its cases waits on a server timeout (testLimits' 0.5 s header and body
/// timeouts are never reached); the one fixed wait was 0.2 s of silence in each of the 11
/// keep-alive cases, 2.2 s of the suite's own time, now replaced by a second request.
@Suite struct MalformedRequestTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: String
    let status: Int
    let closes: Bool
    var testDescription: String { name }
  }

  static let host = "Host: x\r\n"

  static let cases: [Case] = [
    Case(name: "missing Host", bytes: "GET /hello HTTP/1.1\r\n\r\n", status: 400, closes: true),
    Case(
      name: "Host with a space", bytes: "GET /hello HTTP/1.1\r\nHost: a b\r\n\r\n", status: 400,
      closes: true),
    Case(
      name: "Host with a slash", bytes: "GET /hello HTTP/1.1\r\nHost: a/b\r\n\r\n",
      status: 400, closes: true),
    Case(
      name: "Host with userinfo", bytes: "GET /hello HTTP/1.1\r\nHost: u@a\r\n\r\n",
      status: 400, closes: true),
    Case(
      name: "Host with a bad port", bytes: "GET /hello HTTP/1.1\r\nHost: a:80x\r\n\r\n",
      status: 400, closes: true),
    Case(
      name: "Host name and port",
      bytes: "GET /hello HTTP/1.1\r\nHost: api.example-1.com:8080\r\n\r\n",
      status: 200, closes: false),
    Case(
      name: "Host IPv6 literal", bytes: "GET /hello HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n",
      status: 200, closes: false),
    Case(
      name: "empty Host", bytes: "GET /hello HTTP/1.1\r\nHost: \r\n\r\n", status: 200,
      closes: false),
    Case(
      name: "duplicate Host", bytes: "GET /hello HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
      status: 400, closes: true),
    Case(
      name: "Content-Length and Transfer-Encoding",
      bytes:
        "POST /echo HTTP/1.1\r\n\(host)Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
      status: 400, closes: true),
    Case(
      name: "duplicate Content-Length",
      bytes: "POST /echo HTTP/1.1\r\n\(host)Content-Length: 3\r\nContent-Length: 3\r\n\r\nabc",
      status: 400, closes: true),
    Case(
      name: "Content-Length list",
      bytes: "POST /echo HTTP/1.1\r\n\(host)Content-Length: 3, 3\r\n\r\nabc", status: 400,
      closes: true),
    Case(
      name: "non-numeric Content-Length",
      bytes: "POST /echo HTTP/1.1\r\n\(host)Content-Length: abc\r\n\r\n", status: 400, closes: true),
    Case(
      name: "negative Content-Length",
      bytes: "POST /echo HTTP/1.1\r\n\(host)Content-Length: -1\r\n\r\n", status: 400, closes: true),
    Case(
      name: "Content-Length with plus",
      bytes: "POST /echo HTTP/1.1\r\n\(host)Content-Length: +3\r\n\r\nabc", status: 400,
      closes: true),
    Case(
      name: "huge Content-Length",
      bytes: "POST /echo HTTP/1.1\r\n\(host)Content-Length: 99999999999999999999999\r\n\r\n",
      status: 400, closes: true),
    Case(
      name: "bad chunk size",
      bytes:
        "POST /echo HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n",
      status: 400, closes: true),
    Case(
      name: "overlong chunk size",
      bytes:
        "POST /echo HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n10000000000000000\r\n",
      status: 400,
      closes: true),
    Case(
      name: "negative chunk size",
      bytes: "POST /echo HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n-1\r\n", status: 400,
      closes: true),
    Case(
      name: "chunk data without CRLF",
      bytes: "POST /echo HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n3\r\nabcX0\r\n\r\n",
      status: 400, closes: true),
    Case(
      name: "obs-fold", bytes: "GET /hello HTTP/1.1\r\n\(host)X-A: 1\r\n  continued\r\n\r\n",
      status: 400, closes: true),
    Case(
      name: "space before colon", bytes: "GET /hello HTTP/1.1\r\nHost : x\r\n\r\n", status: 400,
      closes: true),
    Case(
      name: "bare CR in header", bytes: "GET /hello HTTP/1.1\r\n\(host)X-A: a\rb\r\n\r\n",
      status: 400, closes: true),
    Case(
      name: "bare LF line end", bytes: "GET /hello HTTP/1.1\n\(host)\r\n", status: 400, closes: true
    ),
    Case(
      name: "NUL in header value", bytes: "GET /hello HTTP/1.1\r\n\(host)X-A: a\u{0}b\r\n\r\n",
      status: 400, closes: true),
    Case(
      name: "empty header name", bytes: "GET /hello HTTP/1.1\r\n\(host): x\r\n\r\n", status: 400,
      closes: true),
    Case(
      name: "header without colon", bytes: "GET /hello HTTP/1.1\r\n\(host)NoColon\r\n\r\n",
      status: 400, closes: true),
    Case(
      name: "double space in request line", bytes: "GET  /hello HTTP/1.1\r\n\(host)\r\n",
      status: 400, closes: true),
    Case(
      name: "control byte in target", bytes: "GET /he\u{1}llo HTTP/1.1\r\n\(host)\r\n", status: 400,
      closes: true),
    Case(
      name: "target not origin-form", bytes: "GET hello HTTP/1.1\r\n\(host)\r\n", status: 400,
      closes: true),
    Case(
      name: "malformed version", bytes: "GET /hello HTTP/1\r\n\(host)\r\n", status: 400,
      closes: true),
    Case(
      name: "lowercase version", bytes: "GET /hello http/1.1\r\n\(host)\r\n", status: 400,
      closes: true),
    Case(name: "HTTP/2.0", bytes: "GET /hello HTTP/2.0\r\n\(host)\r\n", status: 505, closes: true),
    Case(name: "HTTP/1.2", bytes: "GET /hello HTTP/1.2\r\n\(host)\r\n", status: 505, closes: true),
    Case(
      name: "request line too long",
      bytes: "GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\n\(host)\r\n", status: 414,
      closes: true),
    Case(
      name: "header section too large",
      bytes: "GET /hello HTTP/1.1\r\n\(host)"
        + (0..<20).map { "X-\($0): \(String(repeating: "b", count: 1000))\r\n" }.joined()
        + "\r\n", status: 431, closes: true),
    Case(
      name: "too many header fields",
      bytes: "GET /hello HTTP/1.1\r\n\(host)" + (0..<101).map { "X-\($0): 1\r\n" }.joined()
        + "\r\n", status: 431, closes: true),
    Case(
      name: "declared body too large",
      bytes: "POST /echo HTTP/1.1\r\n\(host)Content-Length: 5000\r\n\r\n", status: 413, closes: true
    ),
    Case(
      name: "chunked body too large",
      bytes:
        "POST /echo HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n800\r\n\(String(repeating: "a", count: 2048))\r\n"
        + "800\r\n\(String(repeating: "a", count: 2048))\r\n1\r\n", status: 413, closes: true),
    Case(
      name: "gzip transfer coding",
      bytes: "POST /echo HTTP/1.1\r\n\(host)Transfer-Encoding: gzip\r\n\r\n", status: 501,
      closes: true),
    Case(
      name: "gzip then chunked",
      bytes: "POST /echo HTTP/1.1\r\n\(host)Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
      status: 501, closes: true),
    Case(
      name: "chunked twice",
      bytes: "POST /echo HTTP/1.1\r\n\(host)Transfer-Encoding: chunked, chunked\r\n\r\n0\r\n\r\n",
      status: 400, closes: true),
    Case(
      name: "Transfer-Encoding in HTTP/1.0",
      bytes: "POST /echo HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
      status: 400, closes: true),
    Case(
      name: "unknown expectation",
      bytes: "POST /echo HTTP/1.1\r\n\(host)Expect: 200-ok\r\nContent-Length: 1\r\n\r\na",
      status: 417, closes: true),
    // Edge cases that are valid.
    Case(
      name: "leading empty line", bytes: "\r\nGET /hello HTTP/1.1\r\n\(host)\r\n", status: 200,
      closes: false),
    Case(
      name: "absolute-form target", bytes: "GET http://x/hello HTTP/1.1\r\n\(host)\r\n",
      status: 200, closes: false),
    Case(
      name: "HTTP/1.0 without Host", bytes: "GET /hello HTTP/1.0\r\n\r\n", status: 200, closes: true
    ),
    Case(
      name: "HTTP/1.0 keep-alive", bytes: "GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
      status: 200, closes: false),
    Case(
      name: "Connection: close", bytes: "GET /hello HTTP/1.1\r\n\(host)Connection: close\r\n\r\n",
      status: 200, closes: true),
    Case(
      name: "header name case", bytes: "GET /hello HTTP/1.1\r\nhOsT: x\r\n\r\n", status: 200,
      closes: false),
    Case(
      name: "chunked with extension and trailer",
      bytes:
        "POST /echo HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n3;name=value\r\nabc\r\n0\r\nX-Trailer: 1\r\n\r\n",
      status: 200, closes: false),
    Case(name: "OPTIONS *", bytes: "OPTIONS * HTTP/1.1\r\n\(host)\r\n", status: 204, closes: false),
    Case(
      name: "unknown route keeps the connection", bytes: "GET /nope HTTP/1.1\r\n\(host)\r\n",
      status: 404, closes: false),
    Case(
      name: "obs-text in a header value",
      bytes: "GET /hello HTTP/1.1\r\n\(host)X-A: caf\u{E9}\r\n\r\n", status: 200, closes: false),
  ]

  @Test(arguments: cases)
  func malformedOrEdgeRequest(_ testCase: Case) throws {
    let server = try makeTestServer()
    defer { stop(server) }
    let client = try RawClient(port: server.port)
    client.send(Array(testCase.bytes.utf8))
    let response = try client.readResponse()
    #expect(response.status == testCase.status)
    if testCase.closes {
      #expect(response.header("Connection")?.lowercased() == "close")
      #expect(client.isClosed(within: 3))
    } else {
      // Kept alive: a second request on the same connection is answered, and its answer is
      // the next bytes on the wire. That is what 0.2 s of silence (`staysOpen`) showed, and
      // more (no stray bytes after the first answer would parse as this one), without a
      // fixed wait.
      client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
      let next = try client.readResponse()
      #expect(next.status == 200 && next.text == "hello")
    }
  }

  /// A TLS ClientHello on the plain port (first bytes 0x16 0x03 0x01) gets 400 at once, not a
  /// 408 after the header timeout.
  @Test func tlsHandshakeIsRefusedAtOnce() throws {
    var limits = testLimits()
    limits.headerTimeout = 5
    let server = try makeTestServer(limits: limits)
    defer { stop(server) }
    let client = try RawClient(port: server.port)
    let start = DispatchTime.now().uptimeNanoseconds
    client.send([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03])
    let response = try client.readResponse(timeout: 2)
    #expect(response.status == 400)
    #expect(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 < 0.5)
    #expect(client.isClosed(within: 3))
  }

  @Test func chunkedBodyIsReassembled() throws {
    let server = try makeTestServer()
    defer { stop(server) }
    let client = try RawClient(port: server.port)
    client.send(
      "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\nA\r\n0123456789\r\n0\r\n\r\n"
    )
    let response = try client.readResponse()
    #expect(response.text == "abc0123456789")
  }

  @Test func queryAndPathAreSplit() throws {
    let server = try makeTestServer()
    defer { stop(server) }
    let client = try RawClient(port: server.port)
    client.send("GET /query?a=1&b=%20#frag HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(try client.readResponse().text == "/query|a=1&b=%20")
  }
}
