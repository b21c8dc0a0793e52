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

  /// The status line and header section, written as bytes into one array (building a String
  /// and converting it was ~4 % of a small request). `date` is the `Date` value (IMF-fixdate),
  /// cached by the caller for the current second.
  static func head(
    _ response: HTTPResponse, framing: Framing, version: HTTPVersion, keepAlive: Bool,
    date: String = HTTPDate.shared.now
  ) -> [UInt8] {
    var head: [UInt8] = []
    head.reserveCapacity(192 + response.headers.count * 48)
    head.append(contentsOf: "HTTP/1.1 ".utf8)
    appendDecimal(response.status.code, to: &head)
    head.append(0x20)
    head.append(contentsOf: response.status.reason.utf8)
    head.append(contentsOf: crlf)
    for field in response.headers where !isFraming(field.name) {
      head.append(contentsOf: field.name.utf8)
      head.append(contentsOf: ": ".utf8)
      head.append(contentsOf: field.value.utf8)
      head.append(contentsOf: crlf)
    }
    head.append(contentsOf: "Date: ".utf8)
    head.append(contentsOf: date.utf8)
    head.append(contentsOf: crlf)
    switch framing {
    case .length(let count):
      head.append(contentsOf: "Content-Length: ".utf8)
      appendDecimal(count, to: &head)
      head.append(contentsOf: crlf)
    case .chunked: head.append(contentsOf: "Transfer-Encoding: chunked\r\n".utf8)
    case .untilClose, .none: break
    }
    if !keepAlive {
      head.append(contentsOf: "Connection: close\r\n".utf8)
    } else if version == .http10 {
      head.append(contentsOf: "Connection: keep-alive\r\n".utf8)
    }
    head.append(contentsOf: crlf)
    return head
  }

  /// The fields the writer owns, whatever the handler set.
  private static func isFraming(_ name: String) -> Bool {
    HTTPFields.equalsIgnoringCase(name, HTTPField.Name.contentLength)
      || HTTPFields.equalsIgnoringCase(name, HTTPField.Name.connection)
      || HTTPFields.equalsIgnoringCase(name, HTTPField.Name.date)
      || HTTPFields.equalsIgnoringCase(name, HTTPField.Name.transferEncoding)
  }

  /// Decimal digits without a heap allocation (a String of up to 15 bytes is stored inline).
  private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: String(value).utf8)
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
