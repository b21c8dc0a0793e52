import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// A test client on a raw TCP socket: sends exact bytes and reads exactly what comes back, so
/// tests see the wire, including whether and when the server closes.
public final class RawClient {
  public let fd: Int32

  public struct Response {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]
    public init(status: Int, headers: [(String, String)], body: [UInt8]) {
      self.status = status
      self.headers = headers
      self.body = body
    }
    public func header(_ name: String) -> String? {
      headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
    public var text: String { String(decoding: body, as: UTF8.self) }
  }

  /// `receiveBuffer` shrinks the socket's receive buffer (set before connecting, so the window
  /// is small from the start): the server then meets a slow reader's back-pressure at once.
  public init(port: Int, receiveBuffer: Int32? = nil) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    if var size = receiveBuffer {
      setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else { throw ClientError.connectFailed(errno) }
  }

  public enum ClientError: Error { case connectFailed(Int32), timeout, closed, malformed(String) }

  deinit { close(fd) }

  public func send(_ text: String) { send(Array(text.utf8)) }

  public func send(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
      }
      if n <= 0 { return }
      offset += n
    }
  }

  public func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

  private var buffer: [UInt8] = []
  private var sawEOF = false

  /// Reads more bytes, waiting up to `timeout` seconds; false on timeout or EOF.
  private func fill(timeout: Double) -> Bool {
    if sawEOF { return false }
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, Int32(timeout * 1000)) > 0 else { return false }
    var chunk = [UInt8](repeating: 0, count: 65536)
    let n = read(fd, &chunk, chunk.count)
    if n <= 0 {
      sawEOF = true
      return false
    }
    buffer.append(contentsOf: chunk[0..<n])
    return true
  }

  /// Reads and discards up to `max` bytes, waiting up to `timeout`; the count, 0 at EOF or on
  /// timeout. For tests that pace their reading.
  public func readSome(max: Int, timeout: Double) -> Int {
    if !buffer.isEmpty {
      let n = Swift.min(max, buffer.count)
      buffer.removeFirst(n)
      return n
    }
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, Int32(timeout * 1000)) > 0 else { return 0 }
    var chunk = [UInt8](repeating: 0, count: max)
    let n = read(fd, &chunk, max)
    if n <= 0 { sawEOF = true }
    return Swift.max(n, 0)
  }

  /// Reads one response; `head` says it answers a HEAD request (no body despite the length).
  public func readResponse(timeout: Double = 5, head: Bool = false) throws -> Response {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
    func remaining() -> Double {
      let now = DispatchTime.now().uptimeNanoseconds
      return now >= deadline ? 0 : Double(deadline - now) / 1e9
    }
    var headEnd: Int?
    while true {
      if let range = find([13, 10, 13, 10]) {
        headEnd = range
        break
      }
      guard fill(timeout: remaining()) else {
        throw sawEOF ? ClientError.closed : ClientError.timeout
      }
    }
    let headText = String(decoding: buffer[0..<headEnd!], as: UTF8.self)
    var lines = headText.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
    let statusLine = lines.removeFirst()
    let parts = statusLine.split(separator: " ")
    guard parts.count >= 2, let status = Int(parts[1]) else {
      throw ClientError.malformed(statusLine)
    }
    let headers = lines.compactMap { line -> (String, String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingSpaces())
    }
    buffer.removeFirst(headEnd! + 4)
    var response = Response(status: status, headers: headers, body: [])
    if head || status == 204 || status == 304 || status < 200 { return response }
    if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
      response.body = try readChunkedBody(remaining)
      return response
    }
    guard let lengthText = response.header("Content-Length"), let length = Int(lengthText) else {
      if response.header("Connection")?.lowercased() == "close" {
        // Close-delimited (an HTTP/1.0 answer of unknown length): the body is all until EOF.
        while fill(timeout: remaining()) {}
        guard sawEOF else { throw ClientError.timeout }
        response.body = buffer
        buffer.removeAll()
        return response
      }
      throw ClientError.malformed("no Content-Length")
    }
    while buffer.count < length {
      guard fill(timeout: remaining()) else {
        throw sawEOF ? ClientError.closed : ClientError.timeout
      }
    }
    response.body = Array(buffer[0..<length])
    buffer.removeFirst(length)
    return response
  }

  /// A chunked body (RFC 9112 §7.1), checked strictly: hex size, CRLF, data, CRLF, and a last
  /// chunk of size 0 followed by an empty trailer section.
  private func readChunkedBody(_ remaining: () -> Double) throws -> [UInt8] {
    var body: [UInt8] = []
    var position = 0
    func line() throws -> String {
      while true {
        if let end = indexOfCRLF(from: position) {
          let text = String(decoding: buffer[position..<end], as: UTF8.self)
          position = end + 2
          return text
        }
        guard fill(timeout: remaining()) else {
          throw sawEOF ? ClientError.closed : ClientError.timeout
        }
      }
    }
    while true {
      let sizeLine = try line()
      guard let size = Int(sizeLine.split(separator: ";")[0], radix: 16), size >= 0 else {
        throw ClientError.malformed("chunk size '\(sizeLine)'")
      }
      if size == 0 {
        guard try line().isEmpty else { throw ClientError.malformed("trailer fields") }
        buffer.removeFirst(position)
        return body
      }
      while buffer.count < position + size + 2 {
        guard fill(timeout: remaining()) else {
          throw sawEOF ? ClientError.closed : ClientError.timeout
        }
      }
      body.append(contentsOf: buffer[position..<position + size])
      guard buffer[position + size] == 13, buffer[position + size + 1] == 10 else {
        throw ClientError.malformed("chunk data not followed by CRLF")
      }
      position += size + 2
      if position > 1 << 20 {
        buffer.removeFirst(position)
        position = 0
      }
    }
  }

  private func indexOfCRLF(from start: Int) -> Int? {
    var i = start
    while i + 1 < buffer.count {
      if buffer[i] == 13 && buffer[i + 1] == 10 { return i }
      i += 1
    }
    return nil
  }

  /// True if the server closes the connection within `timeout` (reading and discarding any
  /// further bytes).
  public func isClosed(within timeout: Double = 2) -> Bool {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
    while DispatchTime.now().uptimeNanoseconds < deadline {
      if sawEOF { return true }
      let left = Double(deadline - DispatchTime.now().uptimeNanoseconds) / 1e9
      if !fill(timeout: max(left, 0.001)) && sawEOF { return true }
      buffer.removeAll()
    }
    return sawEOF
  }

  /// True if nothing arrives and the connection stays open for `duration`.
  public func staysOpen(for duration: Double = 0.3) -> Bool {
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return buffer.isEmpty && poll(&descriptor, 1, Int32(duration * 1000)) == 0
  }

  private func find(_ pattern: [UInt8]) -> Int? {
    guard buffer.count >= pattern.count else { return nil }
    for i in 0...(buffer.count - pattern.count) where buffer[i] == pattern[0] {
      if Array(buffer[i..<i + pattern.count]) == pattern { return i }
    }
    return nil
  }
}

extension String {
  public func trimmingSpaces() -> String {
    var s = Substring(self)
    while s.first == " " || s.first == "\t" { s = s.dropFirst() }
    while s.last == " " || s.last == "\t" { s = s.dropLast() }
    return String(s)
  }
}
