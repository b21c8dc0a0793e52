/// Turns a response value into bytes on the wire. The writer owns framing: it sets
/// `Content-Length`, `Connection` and `Date`, whatever the handler put there, and leaves the body
/// out for HEAD and for statuses that forbid one.
enum ResponseWriter {
  static func serialize(
    _ response: HTTPResponse, version: HTTPVersion, isHead: Bool, keepAlive: Bool
  ) -> [UInt8] {
    var head = "HTTP/1.1 \(response.status.code) \(response.status.reason)\r\n"
    for field in response.headers {
      switch field.name.lowercased() {
      case "content-length", "connection", "date", "transfer-encoding": continue
      default: head += "\(field.name): \(field.value)\r\n"
      }
    }
    head += "Date: \(HTTPDate.shared.now)\r\n"
    let hasContent = !response.status.forbidsContent
    if hasContent { head += "Content-Length: \(response.body.count)\r\n" }
    if !keepAlive {
      head += "Connection: close\r\n"
    } else if version == .http10 {
      head += "Connection: keep-alive\r\n"
    }
    head += "\r\n"
    var bytes = Array(head.utf8)
    if hasContent && !isHead { bytes.append(contentsOf: response.body) }
    return bytes
  }

  static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
}
