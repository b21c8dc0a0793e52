import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An HTTP/1.1 server on POSIX sockets driven by Dispatch (DESIGN.md "The server").
///
/// Requests are handled synchronously on the connection's queue; connection queues target a
/// fixed set of serial worker queues, so at most `workers` handlers run at once and nothing ever
/// blocks a thread of Dispatch's global pool.
public final class HTTPServer: @unchecked Sendable {
  public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse
  /// Builds the response for an error the server itself detects (a malformed request, a
  /// deadline, the connection cap), so the application decides its format.
  public typealias ErrorResponder = @Sendable (HTTPStatus, String) -> HTTPResponse

  public enum LogLevel: Int, Sendable, Comparable {
    case debug, info, warning, error
    public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue < b.rawValue }
    public var name: String { ["debug", "info", "warning", "error"][rawValue] }
  }
  public typealias Logger = @Sendable (LogLevel, String, [String: String]) -> Void

  public struct Statistics: Sendable {
    public var openConnections: Int
    public var acceptedConnections: Int
    public var rejectedConnections: Int
    public var responsesByStatus: [Int: Int]
    public var bufferedResponseBytes: Int
  }

  private let host: String
  private let requestedPort: Int
  private let limits: ServerLimits
  private let handler: Handler
  private let errorResponder: ErrorResponder
  private let logger: Logger
  private let workers: [DispatchQueue]
  private let acceptQueue = DispatchQueue(label: "animation-timing.accept")
  private var listenFD: Int32 = -1
  private var listenSource: DispatchSourceRead?
  private var boundPort = 0

  private struct State {
    var connections: [Int: Connection] = [:]
    var nextID = 0
    var accepted = 0
    var rejected = 0
    var responses: [Int: Int] = [:]
    var draining = false
  }
  private let state = Mutex(State())
  private let bufferedBytes = Atomic<Int>(0)

  /// Response bytes queued on connections and not yet sent.
  public var bufferedResponseBytes: Int { bufferedBytes.load(ordering: .relaxed) }

  func adjustBuffered(by delta: Int) {
    if delta != 0 { bufferedBytes.add(delta, ordering: .relaxed) }
  }

  public init(
    host: String = "0.0.0.0", port: Int = 8080, limits: ServerLimits = ServerLimits(),
    workers: Int = 2,
    logger: @escaping Logger = { _, _, _ in },
    errorResponder: @escaping ErrorResponder = HTTPServer.plainTextError,
    handler: @escaping Handler
  ) {
    self.host = host
    self.requestedPort = port
    self.limits = limits
    self.handler = handler
    self.errorResponder = errorResponder
    self.logger = logger
    self.workers = (0..<max(1, workers)).map {
      DispatchQueue(label: "animation-timing.worker.\($0)", qos: .userInitiated)
    }
  }

  public static let plainTextError: ErrorResponder = { status, detail in
    HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: detail + "\n")
  }

  /// The port actually bound (useful with port 0).
  public var port: Int { boundPort }

  public var isDraining: Bool { state.withLock { $0.draining } }

  public var statistics: Statistics {
    state.withLock {
      Statistics(
        openConnections: $0.connections.count, acceptedConnections: $0.accepted,
        rejectedConnections: $0.rejected, responsesByStatus: $0.responses,
        bufferedResponseBytes: bufferedBytes.load(ordering: .relaxed))
    }
  }

  /// Binds, listens and starts accepting.
  public func start() throws {
    signal(SIGPIPE, SIG_IGN)
    listenFD = try Socket.listen(host: host, port: requestedPort)
    boundPort = Socket.boundPort(listenFD)
    let source = DispatchSource.makeReadSource(fileDescriptor: listenFD, queue: acceptQueue)
    let fd = listenFD
    source.setEventHandler { [unowned self] in acceptPending() }
    source.setCancelHandler { Glibc.close(fd) }
    listenSource = source
    source.resume()
    log(.info, "listening", ["host": host, "port": String(boundPort)])
  }

  private func acceptPending() {
    while true {
      let fd = accept(listenFD, nil, nil)
      if fd < 0 {
        let error = errno
        if error == EINTR || error == ECONNABORTED { continue }
        if error != EAGAIN && error != EWOULDBLOCK {
          log(.error, "accept failed", ["errno": String(error)])
        }
        return
      }
      Socket.setNonBlocking(fd)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      Socket.setNoDelay(fd)
      // Nil: over the cap (or draining, when the listener is about to go): 503 and close.
      let admitted: Int? = state.withLock { s in
        guard !s.draining, s.connections.count < limits.maxConnections else {
          s.rejected += 1
          return nil
        }
        s.nextID += 1
        s.accepted += 1
        return s.nextID
      }
      guard let id = admitted else {
        rejectOverCapacity(fd)
        continue
      }
      let queue = DispatchQueue(
        label: "animation-timing.connection", target: workers[id % workers.count])
      let connection = Connection(id: id, fd: fd, queue: queue, server: self, limits: limits)
      state.withLock { $0.connections[id] = connection }
      queue.async { connection.start() }
    }
  }

  /// Over the connection cap: a best-effort 503 and close, without any per-connection state.
  private func rejectOverCapacity(_ fd: Int32) {
    let response = errorResponder(
      .serviceUnavailable, "the server is at its connection limit; retry shortly")
    var withRetry = response
    withRetry.headers.set("Retry-After", "1")
    let bytes = ResponseWriter.serialize(
      withRetry, version: .http11, isHead: false, keepAlive: false)
    _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    Glibc.close(fd)
  }

  // MARK: Called by connections

  func handle(_ request: HTTPRequest) -> HTTPResponse { handler(request) }

  func errorResponse(_ status: HTTPStatus, _ detail: String) -> HTTPResponse {
    errorResponder(status, detail)
  }

  func didRespond(status: Int) {
    state.withLock { $0.responses[status, default: 0] += 1 }
  }

  func connectionClosed(_ connection: Connection) {
    _ = state.withLock { $0.connections.removeValue(forKey: connection.id) }
  }

  func log(_ level: LogLevel, _ message: String, _ fields: [String: String] = [:]) {
    logger(level, message, fields)
  }

  // MARK: Shutdown

  /// Graceful shutdown: stop accepting, let in-flight requests finish (their responses say
  /// `Connection: close`), close idle connections, and call `completion` when every connection
  /// is gone or `drainTimeout` has passed (then the rest are closed).
  public func shutdown(drainTimeout: Double = 10, completion: @escaping @Sendable () -> Void) {
    let connections: [Connection] = state.withLock { s in
      s.draining = true
      return Array(s.connections.values)
    }
    log(.info, "draining", ["connections": String(connections.count)])
    acceptQueue.async { [self] in listenSource?.cancel() }
    for connection in connections {
      connection.queue.async { connection.drain() }
    }
    let deadline = DispatchTime.now() + drainTimeout
    acceptQueue.async { [self] in pollDrain(deadline: deadline, completion: completion) }
  }

  private func pollDrain(deadline: DispatchTime, completion: @escaping @Sendable () -> Void) {
    let remaining = state.withLock { Array($0.connections.values) }
    if remaining.isEmpty {
      completion()
      return
    }
    if DispatchTime.now() >= deadline {
      for connection in remaining { connection.queue.async { connection.close() } }
      acceptQueue.asyncAfter(deadline: .now() + 0.2) { completion() }
      return
    }
    acceptQueue.asyncAfter(deadline: .now() + 0.02) { [self] in
      pollDrain(deadline: deadline, completion: completion)
    }
  }
}
