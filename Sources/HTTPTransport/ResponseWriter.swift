/// Turns a response value into bytes on the wire. The writer owns framing: it sets
/// `Content-Length` or `Transfer-Encoding`, `Connection` and `Date`, whatever the handler put
/// there, and leaves the body out for HEAD and for statuses that forbid one.
enum ResponseWriter {
  enum Framing {
    /// A body held whole: `Content-Length`.
    case length(Int)
    /// A streamed body to an HTTP/1.1 client.
    case chunked
    /// A streamed body to an HTTP/1.0 client, which knows no chunks: the end of the body is the
    /// end of the connection.
    case untilClose
    /// No body at all (204, 304).
    case none
  }

  static func framing(_ response: HTTPResponse, version: HTTPVersion) -> Framing {
    if response.status.forbidsContent { return .none }
    guard response.stream != nil else { return .length(response.body.count) }
    return version == .http10 ? .untilClose : .chunked
  }

  /// The status line and header section.
  static func head(
    _ response: HTTPResponse, framing: Framing, version: HTTPVersion, keepAlive: Bool
  )
    -> [UInt8]
  {
    var head = "HTTP/1.1 \(response.status.code) \(response.status.reason)\r\n"
    for field in response.headers {
      switch field.name.lowercased() {
      case "content-length", "connection", "date", "transfer-encoding": continue
      default: head += "\(field.name): \(field.value)\r\n"
      }
    }
    head += "Date: \(HTTPDate.shared.now)\r\n"
    switch framing {
    case .length(let count): head += "Content-Length: \(count)\r\n"
    case .chunked: head += "Transfer-Encoding: chunked\r\n"
    case .untilClose, .none: break
    }
    if !keepAlive {
      head += "Connection: close\r\n"
    } else if version == .http10 {
      head += "Connection: keep-alive\r\n"
    }
    head += "\r\n"
    return Array(head.utf8)
  }

  /// Head and body in one array, for small answers the server makes itself (errors, 503s).
  static func serialize(
    _ response: HTTPResponse, version: HTTPVersion, isHead: Bool, keepAlive: Bool
  ) -> [UInt8] {
    let framing = framing(response, version: version)
    var bytes = head(response, framing: framing, version: version, keepAlive: keepAlive)
    if case .length = framing, !isHead { bytes.append(contentsOf: response.body) }
    return bytes
  }

  /// One chunk of a chunked body (RFC 9112 §7.1): size in hex, CRLF, data, CRLF.
  static func chunkHeader(_ count: Int) -> [UInt8] {
    Array((String(count, radix: 16) + "\r\n").utf8)
  }

  static let crlf: [UInt8] = [0x0D, 0x0A]
  static let lastChunk = Array("0\r\n\r\n".utf8)
  static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
}
