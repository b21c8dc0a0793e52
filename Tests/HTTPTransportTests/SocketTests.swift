import Testing

@testable import HTTPTransport

#if canImport(Glibc)
  import Glibc
#endif

/// Peer addresses as the access log writes them: `ip:port`, and `[ip]:port` for IPv6
/// (RFC 3986 §3.2.2), the address in `inet_ntop`'s text (RFC 5952 for IPv6).
@Suite struct SocketTests {
  static func storage<Address>(_ address: Address) -> sockaddr_storage {
    var storage = sockaddr_storage()
    withUnsafeMutableBytes(of: &storage) { target in
      withUnsafeBytes(of: address) { target.copyMemory(from: $0) }
    }
    return storage
  }

  @Test func describesIPv4AndIPv6Peers() {
    var v4 = sockaddr_in()
    v4.sin_family = sa_family_t(AF_INET)
    v4.sin_port = UInt16(8080).bigEndian
    v4.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    #expect(Socket.describe(Self.storage(v4)) == "127.0.0.1:8080")

    var v6 = sockaddr_in6()
    v6.sin6_family = sa_family_t(AF_INET6)
    v6.sin6_port = UInt16(443).bigEndian
    withUnsafeMutableBytes(of: &v6.sin6_addr) { bytes in
      for (i, byte) in [0x20, 0x01, 0x0d, 0xb8].enumerated() { bytes[i] = UInt8(byte) }
      bytes[15] = 1
    }
    #expect(Socket.describe(Self.storage(v6)) == "[2001:db8::1]:443")

    var unknown = sockaddr_storage()
    unknown.ss_family = sa_family_t(AF_UNIX)
    #expect(Socket.describe(unknown) == "unknown")
  }
}
