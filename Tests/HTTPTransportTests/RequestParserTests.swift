import TestSupport
import Testing

@testable import HTTPTransport

/// The parser on its own: incremental feeding and hostile bytes.
@Suite struct RequestParserTests {
  static let valid = [
    "GET /a?b=c HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n",
    "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\nhello world",
    "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nT: 1\r\n\r\n",
    "GET / HTTP/1.0\r\n\r\n",
  ]

  /// Everything the parser produced, fed `chunk` bytes at a time.
  static func parseAll(_ text: String, chunk: Int) throws(RequestParseError) -> [String] {
    var parser = RequestParser(limits: ServerLimits())
    let bytes = Array(text.utf8)
    var buffer: [UInt8] = []
    var start = 0
    var results: [String] = []
    var offset = 0
    while offset < bytes.count {
      buffer.append(contentsOf: bytes[offset..<min(offset + chunk, bytes.count)])
      offset += chunk
      while let event = try parser.parse(buffer, from: &start) {
        if case .complete(let request) = event {
          results.append(
            "\(request.method) \(request.target) \(request.version.text) \(request.headers.count) "
              + String(decoding: request.body, as: UTF8.self))
        }
      }
    }
    return results
  }

  @Test func byteAtATimeEqualsAllAtOnce() throws {
    let pipelined = Self.valid.joined()
    let whole = try Self.parseAll(pipelined, chunk: pipelined.utf8.count)
    #expect(whole.count == 4)
    #expect(whole[1] == "POST /echo HTTP/1.1 2 hello world")
    #expect(whole[2] == "POST /echo HTTP/1.1 2 hello world")
    for chunk in [1, 2, 3, 7, 64] {
      #expect(try Self.parseAll(pipelined, chunk: chunk) == whole, "chunk \(chunk)")
    }
  }

  /// Random mutations of valid requests: the parser either accepts or answers with one of the
  /// statuses a malformed request may get, and never reads past what it was given.
  @Test func mutatedRequestsGetTransportStatuses() {
    var rng = SplitMix(seed: 42)
    let allowed: Set<Int> = [400, 413, 414, 417, 431, 501, 505]
    var rejected = 0
    for iteration in 0..<20_000 {
      var bytes = Array(Self.valid[iteration % Self.valid.count].utf8)
      for _ in 0..<(1 + Int(rng.next() % 4)) {
        let position = Int(rng.next() % UInt64(bytes.count))
        switch rng.next() % 3 {
        case 0: bytes[position] = UInt8(truncatingIfNeeded: rng.next())
        case 1: bytes.remove(at: position)
        default: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: position)
        }
        if bytes.isEmpty { bytes = [0] }
      }
      var parser = RequestParser(limits: ServerLimits())
      var start = 0
      do {
        while let _ = try parser.parse(bytes, from: &start) {}
        #expect(start <= bytes.count)
      } catch {
        rejected += 1
        #expect(allowed.contains(error.status.code), "\(error.status.code) \(error.detail)")
      }
    }
    #expect(rejected > 5_000)
  }

  /// The first error a stream gets, fed `chunk` bytes at a time.
  static func firstError(_ bytes: [UInt8], chunk: Int) -> RequestParseError? {
    var parser = RequestParser(limits: ServerLimits())
    var buffer: [UInt8] = []
    var start = 0
    var offset = 0
    while offset < bytes.count {
      buffer.append(contentsOf: bytes[offset..<min(offset + chunk, bytes.count)])
      offset += chunk
      do {
        while try parser.parse(buffer, from: &start) != nil {}
      } catch {
        return error
      }
    }
    return nil
  }

  /// Found by fuzz-http-parser: a non-token byte in the method got "malformed method" when the
  /// line arrived whole and the not-HTTP answer when the read ended inside the method; and a
  /// bare CR later in the line won over the method when it had arrived too.
  @Test(arguments: [
    Array("G\u{E2}T /hello HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
    Array("G\u{1}T / HTTP/1.1\rX\r\n\r\n".utf8),
    [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03, 0x0D, 0x0A],
  ])
  func badMethodGetsOneAnswerHoweverSplit(_ bytes: [UInt8]) {
    let whole = Self.firstError(bytes, chunk: bytes.count)
    #expect(whole?.status == .badRequest)
    #expect(whole?.detail.contains("does not start with an HTTP method") == true)
    for chunk in [1, 2, 3, 5] {
      #expect(Self.firstError(bytes, chunk: chunk) == whole, "chunk \(chunk)")
    }
  }

  /// Empty lines before a request and bare line ends are still judged as before, by the line
  /// reader, not as a bad method.
  @Test func lineEndsBeforeTheMethodAreNotMethodErrors() {
    let leading = Array("\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
    #expect(Self.firstError(leading, chunk: leading.count) == nil)
    #expect(Self.firstError(leading, chunk: 1) == nil)
    let bareLF = Array("\nGET / HTTP/1.1\r\n".utf8)
    #expect(Self.firstError(bareLF, chunk: bareLF.count)?.detail == "line ends in a bare LF")
    #expect(Self.firstError(bareLF, chunk: 1)?.detail == "line ends in a bare LF")
  }
}
