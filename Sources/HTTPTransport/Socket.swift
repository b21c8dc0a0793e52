#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Thin wrappers over the POSIX socket calls the server needs.
enum Socket {
  struct Failure: Error, CustomStringConvertible {
    let call: String
    let code: Int32
    var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
  }

  /// A non-blocking listening socket bound to host:port (IPv4 or IPv6, as the host resolves).
  static func listen(host: String, port: Int, backlog: Int32 = 1024) throws -> Int32 {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_PASSIVE
    var result: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &result)
    guard status == 0, let info = result else {
      throw Failure(call: "getaddrinfo(\(host))", code: EINVAL)
    }
    defer { freeaddrinfo(result) }
    let fd = socket(
      info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw Failure(call: "socket", code: errno) }
    var one: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
      let code = errno
      close(fd)
      throw Failure(call: "bind(\(host):\(port))", code: code)
    }
    guard Glibc.listen(fd, backlog) == 0 else {
      let code = errno
      close(fd)
      throw Failure(call: "listen", code: code)
    }
    setNonBlocking(fd)
    return fd
  }

  static func setNonBlocking(_ fd: Int32) {
    let flags = fcntl(fd, F_GETFL)
    _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
  }

  static func setNoDelay(_ fd: Int32) {
    var one: Int32 = 1
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
  }

  /// The port a socket is bound to (to learn the one the kernel chose for port 0).
  static func boundPort(_ fd: Int32) -> Int {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
    }
    if storage.ss_family == sa_family_t(AF_INET6) {
      return withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          Int(UInt16(bigEndian: $0.pointee.sin6_port))
        }
      }
    }
    return withUnsafePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        Int(UInt16(bigEndian: $0.pointee.sin_port))
      }
    }
  }

  /// A peer address as `ip:port`, or `[ip]:port` for IPv6 (RFC 3986's form, so the port cannot
  /// be mistaken for part of the address); "unknown" for a family that is neither.
  static func describe(_ address: sockaddr_storage) -> String {
    var storage = address
    switch Int32(storage.ss_family) {
    case AF_INET:
      return withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { p in
          "\(text(AF_INET, p.pointee.sin_addr)):\(UInt16(bigEndian: p.pointee.sin_port))"
        }
      }
    case AF_INET6:
      return withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { p in
          "[\(text(AF_INET6, p.pointee.sin6_addr))]:\(UInt16(bigEndian: p.pointee.sin6_port))"
        }
      }
    default:
      return "unknown"
    }
  }

  /// `inet_ntop`'s text for an IP address of `family` (`in_addr` or `in6_addr`).
  /// The address's bytes are passed through `withUnsafeBytes(of:)`, which says what the
  /// implicit `&address` conversion left the compiler to warn about for a generic type.
  private static func text<Address>(_ family: Int32, _ address: Address) -> String {
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    withUnsafeBytes(of: address) { bytes in
      _ = inet_ntop(family, bytes.baseAddress, &text, socklen_t(text.count))
    }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Bytes written to a socket that its peer has not yet acknowledged (SIOCOUTQ); Int.max if the
  /// kernel will not say, so that a caller comparing for progress sees none.
  static func unsentBytes(_ fd: Int32) -> Int {
    var count: Int32 = 0
    // SIOCOUTQ is TIOCOUTQ, 0x5411, on Linux.
    guard ioctl(fd, 0x5411, &count) == 0 else { return Int.max }
    return Int(count)
  }

  /// Attaches a socket filter that drops every packet to a listening socket: new connection
  /// attempts (and handshakes not yet complete) go unanswered, so during shutdown the backlog
  /// stops growing and can be emptied before the listener closes. A client whose SYN is dropped
  /// retries it and then finds the port closed — refused before sending anything, never a
  /// request lost. Best effort: without the filter the window is the few microseconds between
  /// the last `accept` and `close`.
  static func dropNewConnections(_ fd: Int32) {
    // One classic BPF instruction: BPF_RET | BPF_K with k = 0, "accept 0 bytes".
    var instruction = SocketFilterInstruction(code: 0x06, jt: 0, jf: 0, k: 0)
    withUnsafeMutablePointer(to: &instruction) { pointer in
      var program = SocketFilterProgram(length: 1, instructions: pointer)
      _ = setsockopt(
        fd, SOL_SOCKET, SO_ATTACH_FILTER, &program,
        socklen_t(MemoryLayout<SocketFilterProgram>.size))
    }
  }
}

/// `struct sock_filter` of <linux/filter.h>, which Swift's Glibc module does not import.
private struct SocketFilterInstruction {
  var code: UInt16
  var jt: UInt8
  var jf: UInt8
  var k: UInt32
}

/// `struct sock_fprog`: a count and a pointer (the count is padded to the pointer's alignment in
/// both the C and the Swift layout).
private struct SocketFilterProgram {
  var length: UInt16
  var instructions: UnsafeMutablePointer<SocketFilterInstruction>
}
