/// Why a request could not be parsed; every one of them ends the connection, because the
/// framing of what follows can no longer be trusted (or, for 413/417, is not read).
public struct RequestParseError: Error, Sendable, Equatable {
  public let status: HTTPStatus
  public let detail: String
  init(_ status: HTTPStatus, _ detail: String) {
    self.status = status
    self.detail = detail
  }
  static func bad(_ detail: String) -> RequestParseError { RequestParseError(.badRequest, detail) }
}

/// An incremental, byte-level HTTP/1.1 request parser (RFC 9112). It is fed whatever bytes have
/// arrived and enforces every limit as it goes, so no limit depends on a whole request being
/// buffered first.
struct RequestParser {
  enum Event {
    /// The header section is complete; `expectsContinue` asks for `100 Continue` before the body.
    case head(expectsContinue: Bool)
    case complete(HTTPRequest)
  }

  private enum State {
    case requestLine
    case headers
    case fixedBody(remaining: Int)
    case chunkSize
    case chunkData(remaining: Int)
    case chunkDataEnd
    case trailers
  }

  let limits: ServerLimits
  private var state = State.requestLine
  private var method = HTTPMethod("")
  private var target = ""
  private var version = HTTPVersion.http11
  private var headers = HTTPFields()
  private var headerBytes = 0
  private var trailerCount = 0
  private var body: [UInt8] = []
  /// Where the search for the current line's end resumes, so bytes are scanned once.
  private var scanOffset = 0
  private var leadingEmptyLines = 0

  init(limits: ServerLimits) { self.limits = limits }

  /// True while nothing of the next request has been consumed.
  var isIdle: Bool {
    if case .requestLine = state { return scanOffset == 0 }
    return false
  }

  /// Consumes bytes from `buffer[start...]`, advancing `start`. Returns an event when one
  /// happens, nil when it needs more bytes.
  mutating func parse(_ buffer: [UInt8], from start: inout Int) throws(RequestParseError) -> Event?
  {
    while true {
      switch state {
      case .requestLine:
        // Before the line is scanned, so that the answer to a bad method does not depend on
        // whether the rest of the line (with, say, a bare CR) has arrived yet.
        try checkMethodPrefix(buffer, from: start)
        guard
          let line = try nextLine(
            buffer, &start, limit: limits.maxRequestLineBytes, tooLong: .uriTooLong)
        else { return nil }
        if line.isEmpty {
          // RFC 9112 §2.2: ignore at least one empty line before a request.
          leadingEmptyLines += 1
          if leadingEmptyLines > 4 { throw .bad("empty lines before the request line") }
          continue
        }
        headerBytes = line.count + 2
        try parseRequestLine(buffer[line])
        state = .headers
      case .headers:
        let remaining = limits.maxHeaderBytes - headerBytes
        guard
          let line = try nextLine(
            buffer, &start, limit: max(remaining, 0), tooLong: .headerFieldsTooLarge)
        else { return nil }
        headerBytes += line.count + 2
        if headerBytes > limits.maxHeaderBytes {
          throw RequestParseError(
            .headerFieldsTooLarge, "header section exceeds \(limits.maxHeaderBytes) bytes")
        }
        if line.isEmpty {
          return .head(expectsContinue: try finishHead())
        }
        guard headers.count < limits.maxHeaderCount else {
          throw RequestParseError(
            .headerFieldsTooLarge, "more than \(limits.maxHeaderCount) header fields")
        }
        let (name, value) = try parseField(buffer[line])
        headers.append(name, value)
      case .fixedBody(let remaining):
        let available = min(remaining, buffer.count - start)
        body.append(contentsOf: buffer[start..<start + available])
        start += available
        if available < remaining {
          state = .fixedBody(remaining: remaining - available)
          return nil
        }
        return .complete(finishRequest())
      case .chunkSize:
        guard let line = try nextLine(buffer, &start, limit: 1024, tooLong: .badRequest) else {
          return nil
        }
        let size = try parseChunkSize(buffer[line])
        if size == 0 {
          state = .trailers
        } else {
          let limit = limits.maxBodyBytes(for: target)
          guard size <= limit - body.count else {
            throw RequestParseError(.contentTooLarge, "request body exceeds \(limit) bytes")
          }
          state = .chunkData(remaining: size)
        }
      case .chunkData(let remaining):
        let available = min(remaining, buffer.count - start)
        body.append(contentsOf: buffer[start..<start + available])
        start += available
        if available < remaining {
          state = .chunkData(remaining: remaining - available)
          return nil
        }
        state = .chunkDataEnd
      case .chunkDataEnd:
        guard buffer.count - start >= 2 else { return nil }
        guard buffer[start] == 0x0D, buffer[start + 1] == 0x0A else {
          throw .bad("chunk data is not followed by CRLF")
        }
        start += 2
        state = .chunkSize
      case .trailers:
        guard
          let line = try nextLine(
            buffer, &start, limit: limits.maxHeaderBytes, tooLong: .headerFieldsTooLarge)
        else { return nil }
        if line.isEmpty { return .complete(finishRequest()) }
        trailerCount += 1
        guard trailerCount <= limits.maxHeaderCount else {
          throw RequestParseError(.headerFieldsTooLarge, "too many trailer fields")
        }
        // Trailer fields are checked for syntax and otherwise ignored.
        _ = try parseField(buffer[line])
      }
    }
  }

  /// A request line must start with a method token: a client speaking another protocol (a TLS
  /// ClientHello begins 0x16 0x03) is told at once instead of waiting for the header timeout.
  /// Checked on every call, complete line or not, and only on the bytes before the first SP, CR
  /// or LF (at most 16, so the check is constant per call): whether it fires then depends only on
  /// the bytes, not on how they were split into reads (fuzz-http-parser found "G\xe2T …" getting
  /// this answer when split after "G\xe2" and "malformed method" when read at once). A CR or LF
  /// ends the prefix so that empty lines before a request and bare line ends are judged by
  /// `nextLine`.
  private func checkMethodPrefix(_ buffer: [UInt8], from start: Int) throws(RequestParseError) {
    for c in buffer[start..<min(buffer.count, start + 16)] {
      if c == 0x20 || c == 0x0D || c == 0x0A { return }
      guard Self.isTokenByte(c) else {
        throw .bad("the request does not start with an HTTP method (is this TLS on a plain port?)")
      }
    }
  }

  /// The next CRLF-terminated line as a range without its CRLF, or nil if it has not arrived.
  /// A CR not followed by LF (bare CR) or a line past `limit` is an error.
  private mutating func nextLine(
    _ buffer: [UInt8], _ start: inout Int, limit: Int, tooLong: HTTPStatus
  ) throws(RequestParseError) -> Range<Int>? {
    var i = start + scanOffset
    while i < buffer.count {
      let byte = buffer[i]
      if byte == 0x0A {
        guard i > start, buffer[i - 1] == 0x0D else { throw .bad("line ends in a bare LF") }
        let line = start..<(i - 1)
        start = i + 1
        scanOffset = 0
        return line
      }
      if i > start && buffer[i - 1] == 0x0D { throw .bad("bare CR in the request") }
      if i - start >= limit + 1 {
        let what =
          tooLong == .uriTooLong
          ? "request line exceeds \(limit) bytes" : "line exceeds \(limit) bytes"
        throw RequestParseError(tooLong, what)
      }
      i += 1
    }
    scanOffset = i - start
    if scanOffset > limit + 1 {
      throw RequestParseError(
        tooLong,
        tooLong == .uriTooLong
          ? "request line exceeds \(limit) bytes" : "line exceeds \(limit) bytes")
    }
    return nil
  }

  private mutating func parseRequestLine(_ line: ArraySlice<UInt8>) throws(RequestParseError) {
    // Three parts separated by single spaces, found without building arrays (the request line
    // is parsed once per request).
    guard let firstSpace = line.firstIndex(of: 0x20),
      let secondSpace = line[(firstSpace + 1)...].firstIndex(of: 0x20),
      !line[(secondSpace + 1)...].contains(0x20)
    else { throw .bad("request line must be 'METHOD target HTTP/1.1'") }
    let methodBytes = line[..<firstSpace]
    let targetBytes = line[(firstSpace + 1)..<secondSpace]
    let v = line[(secondSpace + 1)...]
    guard !methodBytes.isEmpty, methodBytes.allSatisfy(Self.isTokenByte) else {
      throw .bad("malformed method")
    }
    guard !targetBytes.isEmpty, targetBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      throw .bad("malformed request target")
    }
    let at = v.startIndex
    guard v.count == 8, v.starts(with: "HTTP/".utf8), Self.isDigit(v[at + 5]), v[at + 6] == 0x2E,
      Self.isDigit(v[at + 7])
    else { throw .bad("malformed HTTP version") }
    version = HTTPVersion(major: Int(v[at + 5] - 0x30), minor: Int(v[at + 7] - 0x30))
    guard version == .http11 || version == .http10 else {
      throw RequestParseError(.httpVersionNotSupported, "only HTTP/1.1 and HTTP/1.0 are supported")
    }
    method = HTTPMethod(String(decoding: methodBytes, as: UTF8.self))
    target = String(decoding: targetBytes, as: UTF8.self)
    guard
      target.hasPrefix("/") || (target == "*" && method == .options) || target.hasPrefix("http://")
        || target.hasPrefix("https://")
    else { throw .bad("request target must be origin-form ('/path?query')") }
  }

  private func parseField(_ line: ArraySlice<UInt8>) throws(RequestParseError) -> (String, String) {
    guard let first = line.first else { throw .bad("empty header line") }
    if first == 0x20 || first == 0x09 { throw .bad("obsolete line folding is not allowed") }
    guard let colon = line.firstIndex(of: 0x3A) else { throw .bad("header line without a colon") }
    let name = line[line.startIndex..<colon]
    guard !name.isEmpty else { throw .bad("empty header name") }
    guard name.allSatisfy(Self.isTokenByte) else {
      if let last = name.last, last == 0x20 || last == 0x09 {
        throw .bad("whitespace between a header name and its colon")
      }
      throw .bad("malformed header name")
    }
    var value = line[(colon + 1)...]
    while let c = value.first, c == 0x20 || c == 0x09 { value = value.dropFirst() }
    while let c = value.last, c == 0x20 || c == 0x09 { value = value.dropLast() }
    // field-vchar, SP, HTAB and obs-text; never control characters (NUL, CR, LF, DEL…).
    guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
      throw .bad("control character in a header value")
    }
    return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
  }

  /// Decides the body's framing from the header section (RFC 9112 §6.3) and checks `Host` and
  /// `Expect`. Returns whether the client waits for `100 Continue`.
  private mutating func finishHead() throws(RequestParseError) -> Bool {
    let hosts = headers.values(HTTPField.Name.host)
    if version == .http11 && hosts.count != 1 {
      throw .bad(hosts.isEmpty ? "missing Host header" : "more than one Host header")
    }
    if hosts.count > 1 { throw .bad("more than one Host header") }
    if let host = hosts.first, !Self.isValidHost(host) {
      throw .bad("malformed Host header (expected host[:port])")
    }

    let transferEncodings = headers.values(HTTPField.Name.transferEncoding)
    let contentLengths = headers.values(HTTPField.Name.contentLength)
    var expectsBody = false
    if !transferEncodings.isEmpty {
      if !contentLengths.isEmpty { throw .bad("both Content-Length and Transfer-Encoding") }
      if version == .http10 { throw .bad("Transfer-Encoding in an HTTP/1.0 request") }
      let codings = headers.tokens(HTTPField.Name.transferEncoding)
      guard codings.last == "chunked" else {
        throw RequestParseError(.notImplemented, "the only supported transfer coding is chunked")
      }
      guard codings.count == 1 else {
        if codings.dropLast().contains("chunked") { throw .bad("chunked applied more than once") }
        throw RequestParseError(.notImplemented, "the only supported transfer coding is chunked")
      }
      state = .chunkSize
      expectsBody = true
    } else if !contentLengths.isEmpty {
      guard contentLengths.count == 1 else { throw .bad("more than one Content-Length header") }
      let text = contentLengths[0]
      guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy(Self.isDigit),
        let length = Int(text)
      else {
        throw .bad("malformed Content-Length")
      }
      let limit = limits.maxBodyBytes(for: target)
      guard length <= limit else {
        throw RequestParseError(
          .contentTooLarge, "request body of \(length) bytes exceeds \(limit)")
      }
      state = .fixedBody(remaining: length)
      expectsBody = length > 0
    } else {
      state = .fixedBody(remaining: 0)
    }

    let expectations = headers.tokens(HTTPField.Name.expect)
    if !expectations.isEmpty && version == .http11 {
      guard expectations == ["100-continue"] else {
        throw RequestParseError(
          .expectationFailed, "the only supported expectation is 100-continue")
      }
      return expectsBody
    }
    return false
  }

  private func parseChunkSize(_ line: ArraySlice<UInt8>) throws(RequestParseError) -> Int {
    var digits = line
    if let semicolon = line.firstIndex(of: 0x3B) {
      digits = line[line.startIndex..<semicolon]
      // chunk-ext is ignored, but only printable bytes and tabs are allowed in it.
      guard line[semicolon...].allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
        throw .bad("control character in a chunk extension")
      }
    }
    while let c = digits.last, c == 0x20 || c == 0x09 { digits = digits.dropLast() }
    guard !digits.isEmpty, digits.count <= 15 else { throw .bad("malformed chunk size") }
    var size = 0
    for c in digits {
      guard let v = Self.hexValue(c) else { throw .bad("malformed chunk size") }
      size = size * 16 + v
    }
    return size
  }

  private mutating func finishRequest() -> HTTPRequest {
    let request = HTTPRequest(
      method: method, target: target, version: version, headers: headers, body: body)
    self = RequestParser(limits: limits)
    return request
  }

  /// RFC 9110 §7.2: `Host = uri-host [ ":" port ]`, uri-host being an IP literal in brackets, an
  /// IPv4 address or a reg-name (unreserved, pct-encoded, sub-delims). Empty is allowed (a
  /// target without authority). Spaces, `/`, `@` and the like are not: a proxy or cache keyed on
  /// Host would disagree with us about what they mean.
  static func isValidHost(_ value: String) -> Bool {
    var bytes = Array(value.utf8)[...]
    if bytes.isEmpty { return true }
    if bytes.first == UInt8(ascii: "[") {
      guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), close > bytes.startIndex + 1
      else { return false }
      let literal = bytes[(bytes.startIndex + 1)..<close]
      guard
        literal.allSatisfy({
          hexValue($0) != nil || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".")
            || $0 == UInt8(ascii: "v") || $0 == UInt8(ascii: "V") || isUnreserved($0)
            || isSubDelimiter($0)
        })
      else { return false }
      bytes = bytes[(close + 1)...]
    } else {
      let name = bytes.prefix { $0 != UInt8(ascii: ":") }
      guard
        name.allSatisfy({ isUnreserved($0) || isSubDelimiter($0) || $0 == UInt8(ascii: "%") })
      else { return false }
      bytes = bytes[name.endIndex...]
    }
    guard let colon = bytes.first else { return true }
    guard colon == UInt8(ascii: ":") else { return false }
    let port = bytes.dropFirst()
    return port.count <= 5 && port.allSatisfy(isDigit)
  }

  static func isUnreserved(_ c: UInt8) -> Bool {
    switch c {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
    default: false
    }
  }

  static func isSubDelimiter(_ c: UInt8) -> Bool {
    switch c {
    case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
      UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
      UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
      true
    default: false
    }
  }

  static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

  static func hexValue(_ c: UInt8) -> Int? {
    switch c {
    case 0x30...0x39: Int(c - 0x30)
    case 0x41...0x46: Int(c - 0x41 + 10)
    case 0x61...0x66: Int(c - 0x61 + 10)
    default: nil
    }
  }

  /// RFC 9110 tchar.
  static func isTokenByte(_ c: UInt8) -> Bool {
    switch c {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"),
      UInt8(ascii: "&"),
      UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
      true
    default: false
    }
  }
}
