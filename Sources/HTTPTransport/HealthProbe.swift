#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A minimal HTTP GET against a local port, for container health checks: the runtime image has
/// no curl, so the binary checks itself (`animation-timing --healthcheck`).
public enum HealthProbe {
  /// The status code of `GET path` on 127.0.0.1:port, or nil if there is no answer in time.
  public static func status(port: Int, path: String, timeoutSeconds: Int32 = 2) -> Int? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var timeout = timeval(tv_sec: Int(timeoutSeconds), tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { return nil }
    let request = Array("GET \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8)
    guard
      request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) })
        == request.count
    else { return nil }
    var buffer = [UInt8](repeating: 0, count: 64)
    let n = read(fd, &buffer, buffer.count)
    // "HTTP/1.1 200 …"
    guard n >= 12 else { return nil }
    return Int(String(decoding: buffer[9..<12], as: UTF8.self))
  }
}
