/// A complete request as the parser produced it: what the client sent and where from, nothing
/// the application decides (its route comes back in `RequestPlacement`, its id stays in its own
/// request type).
public struct HTTPRequest: Sendable {
  public var method: HTTPMethod
  /// The request target exactly as sent (origin-form `/path?query`, or `*`).
  public var target: String
  /// The path part of the target, still percent-encoded.
  public var path: String
  /// The query part of the target without `?`, still percent-encoded; nil when absent.
  public var query: String?
  public var version: HTTPVersion
  public var headers: HTTPFields
  public var body: [UInt8]
  /// The peer's address as `ip:port` (`[ip]:port` for IPv6) when the request came over a socket;
  /// nil in process. Behind a load balancer or proxy it is the proxy's.
  public var peerAddress: String?

  public init(
    method: HTTPMethod, target: String, version: HTTPVersion = .http11,
    headers: HTTPFields = HTTPFields(),
    body: [UInt8] = []
  ) {
    self.method = method
    self.target = target
    let split = RequestTarget.split(target)
    self.path = split.path
    self.query = split.query
    self.version = version
    self.headers = headers
    self.body = body
  }
}

public struct HTTPVersion: Sendable, Equatable {
  public let major: Int
  public let minor: Int
  public static let http10 = HTTPVersion(major: 1, minor: 0)
  public static let http11 = HTTPVersion(major: 1, minor: 1)
  public var text: String { "HTTP/\(major).\(minor)" }
}

enum RequestTarget {
  /// Splits origin-form and absolute-form targets into path and query; the target's bytes were
  /// already checked to be visible ASCII by the parser, so it works on bytes (the Character view
  /// made this ~5 % of a small request).
  static func split(_ target: String) -> (path: String, query: String?) {
    var target = target
    return target.withUTF8 { bytes in
      var start = 0
      if bytes.first != UInt8(ascii: "/") {
        start = authorityEnd(bytes) ?? 0
      }
      // One scan for the query's '?' and the fragment's '#' (a fragment is cut first: a '?'
      // after '#' is part of the fragment).
      var mark: Int?
      var end = bytes.count
      var i = start
      while i < end {
        switch bytes[i] {
        case UInt8(ascii: "?") where mark == nil: mark = i
        case UInt8(ascii: "#"): end = i
        default: break
        }
        i += 1
      }
      func text(_ from: Int, _ to: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
      }
      if start == bytes.count { return ("/", nil) }
      // A '?' is only taken before any '#', so a mark is always before the end.
      guard let mark else { return (start == end ? "/" : text(start, end), nil) }
      return (start == mark ? "/" : text(start, mark), text(mark + 1, end))
    }
  }

  /// In an absolute-form target (`http://host/path`), where the path (or query) starts: the
  /// first '/' or '?' after "://", or the end of the target when there is neither. Nil when the
  /// target is not in absolute form.
  private static func authorityEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
      bytes[colon...].starts(with: "://".utf8)
    else { return nil }
    let host = colon + 3
    return bytes[host...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }
      ?? bytes.count
  }
}
