#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Something the server reports for the process's log. The server says what happened; how much of
/// it is worth a line (the level) is the process's decision, so the server imposes no level
/// scheme of its own (design.md "The server").
public enum ServerEvent: Sendable, Equatable {
  /// The listener is bound.
  case listening(host: String, port: Int)
  /// The descriptor limit holds fewer connections than configured (64 kept for the listener,
  /// logs and the runtime).
  case connectionCapLowered(configured: Int, effective: Int, descriptorLimit: Int)
  /// `accept` failed for a reason other than running out of descriptors or memory.
  case acceptFailed(errno: Int32)
  /// Out of descriptors or kernel memory: accepting pauses for 100 ms; `suppressed` counts the
  /// failures since the last report, which comes at most once a second.
  case acceptPaused(errno: Int32, suppressed: Int)
  /// Shutdown has begun with this many connections open.
  case draining(connections: Int)
  /// A request's header or body did not arrive before its deadline: 408, then close.
  case requestDeadlinePassed(connection: Int)
  /// An idle connection closed to admit another at the connection cap.
  case evicted(connection: Int)
  /// A malformed or oversized request answered with an error, then close.
  case rejectedRequest(status: Int, detail: String)

  /// The line's message, the same words whatever level the process gives it.
  public var message: String {
    switch self {
    case .listening: "listening"
    case .connectionCapLowered: "connection cap lowered to fit the file descriptor limit"
    case .acceptFailed: "accept failed"
    case .acceptPaused: "accept failed; pausing new connections for 100 ms"
    case .draining: "draining"
    case .requestDeadlinePassed: "request deadline passed"
    case .evicted: "evicted at the connection cap"
    case .rejectedRequest: "rejected request"
    }
  }

  /// The line's fields, as text.
  public var fields: [String: String] {
    switch self {
    case .listening(let host, let port):
      ["host": host, "port": String(port)]
    case .connectionCapLowered(let configured, let effective, let descriptorLimit):
      [
        "configured": String(configured), "effective": String(effective),
        "descriptorLimit": String(descriptorLimit),
      ]
    case .acceptFailed(let errno):
      ["errno": String(errno)]
    case .acceptPaused(let errno, let suppressed):
      [
        "errno": String(errno), "reason": String(cString: strerror(errno)),
        "suppressed": String(suppressed),
      ]
    case .draining(let connections):
      ["connections": String(connections)]
    case .requestDeadlinePassed(let connection), .evicted(let connection):
      ["connection": String(connection)]
    case .rejectedRequest(let status, let detail):
      ["status": String(status), "detail": detail]
    }
  }
}
