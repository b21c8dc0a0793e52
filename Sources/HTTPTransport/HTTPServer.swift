import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An HTTP/1.1 server on POSIX sockets driven by Dispatch (docs/design.md "The server").
///
/// Connections are read and answered on a fixed set of event loops (`EventLoop`, one thread and
/// one epoll set each, `workers` of them). Operations and light requests are handled there, on
/// the thread that read them; heavy requests run on a separate pool of
/// `maxConcurrentHeavyRequests` Dispatch queues, so a heavy request never holds up a light one
/// on another connection, and memory and CPU spent on heavy work stay bounded whatever the
/// number of clients. Accepting, signals and the heavy pool use Dispatch; nothing ever blocks a
/// thread of Dispatch's global pool.
public final class HTTPServer: @unchecked Sendable {
  /// Answers a request, with the placement the classifier gave it.
  public typealias Handler = @Sendable (HTTPRequest, RequestPlacement) -> HTTPResponse
  /// Decides where a complete request runs (see `RequestClass`), and may note the route it
  /// found for the handler (`RequestPlacement`).
  public typealias Classifier = @Sendable (HTTPRequest) -> RequestPlacement
  /// Builds the response for an error the server itself detects (a malformed request, a
  /// deadline, the connection cap), so the application decides its format.
  public typealias ErrorResponder = @Sendable (HTTPStatus, String) -> HTTPResponse

  /// Receives what the server reports (see `ServerEvent`); the process decides what to log.
  public typealias EventHandler = @Sendable (ServerEvent) -> Void

  private let host: String
  private let requestedPort: Int
  private let limits: ServerLimits
  private let handler: Handler
  private let classifier: Classifier
  private let errorResponder: ErrorResponder
  private let events: EventHandler
  private let counters: ServerStatistics
  private let loopCount: Int
  private var loops: [EventLoop] = []
  let heavyWork: HeavyWorkPool
  private let acceptQueue = DispatchQueue(label: "animation-timing.accept")
  private var listenFD: Int32 = -1
  private var listenSource: DispatchSourceRead?
  private var listenSuspended = false
  private var boundPort = 0
  /// When the accept loop last logged running out of descriptors (accept queue only).
  private var lastDescriptorWarning: UInt64 = 0
  private var suppressedDescriptorWarnings = 0

  private struct State {
    var connections: [Int: Connection] = [:]
    var nextID = 0
    var draining = false
    /// The connection cap in force: the configured one, lowered to fit the descriptor limit.
    var maxConnections: Int
  }
  private let state: Mutex<State>

  /// Response bytes queued on connections and not yet sent.
  public var bufferedResponseBytes: Int { counters.bufferedResponseBytes.load(ordering: .relaxed) }

  func adjustBuffered(by delta: Int) {
    if delta != 0 { counters.bufferedResponseBytes.add(delta, ordering: .relaxed) }
  }

  /// - Parameters:
  ///   - statistics: the counters this server updates, created by the caller so that whatever
  ///     reports them (the API's `/metrics`) holds them before the server exists.
  ///   - events: what the server reports (`ServerEvent`), for the caller to log as it sees fit.
  public init(
    host: String = "0.0.0.0", port: Int = 8080, limits: ServerLimits = ServerLimits(),
    workers: Int = 2,
    statistics: ServerStatistics = ServerStatistics(),
    events: @escaping EventHandler = { _ in },
    errorResponder: @escaping ErrorResponder = HTTPServer.plainTextError,
    classify: @escaping Classifier = { _ in RequestPlacement(.light) },
    handler: @escaping Handler
  ) {
    self.host = host
    self.requestedPort = port
    self.limits = limits
    self.handler = handler
    self.classifier = classify
    self.errorResponder = errorResponder
    self.events = events
    self.counters = statistics
    self.loopCount = max(1, workers)
    // Freed memory goes back to the kernel once heavy work has been idle for a second:
    // trimming after every request would make the next one fault its pages in again (17 % of a
    // timeline's time in the kernel, docs/performance.md), and a second is well inside the 5 s
    // in which the resident size must come back down.
    self.heavyWork = HeavyWorkPool(
      width: limits.maxConcurrentHeavyRequests, maxQueued: limits.maxQueuedHeavyRequests,
      idleDelay: 1, statistics: statistics, onIdle: { FreedMemory.giveBack() })
    self.state = Mutex(State(maxConnections: limits.maxConnections))
  }

  public static let plainTextError: ErrorResponder = { status, detail in
    HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: detail + "\n")
  }

  /// The port actually bound (useful with port 0).
  public var port: Int { boundPort }

  public var isDraining: Bool { state.withLock { $0.draining } }

  /// The connection cap in force (the configured one, or lower if descriptors are short).
  public var maxConnections: Int { state.withLock { $0.maxConnections } }

  /// The counters this server keeps (those it was given), as they are now.
  public var statistics: ServerStatistics.Snapshot { counters.snapshot }

  /// Binds, listens and starts accepting.
  public func start() throws {
    signal(SIGPIPE, SIG_IGN)
    fitConnectionCapToDescriptors()
    // Deadlines are checked by each loop's sweep, every eighth of the shortest timeout (between
    // 10 and 250 ms): they fire at most that late.
    let shortest = min(
      limits.headerTimeout, limits.bodyTimeout, limits.idleTimeout, limits.writeTimeout)
    let period = min(max(shortest / 8, 0.01), 0.25)
    loops = try (0..<loopCount).map {
      try EventLoop(index: $0, sweepPeriod: period, statistics: counters)
    }
    for loop in loops { loop.start() }
    listenFD = try Socket.listen(host: host, port: requestedPort)
    boundPort = Socket.boundPort(listenFD)
    let source = DispatchSource.makeReadSource(fileDescriptor: listenFD, queue: acceptQueue)
    let fd = listenFD
    source.setEventHandler { [unowned self] in acceptPending() }
    source.setCancelHandler { Glibc.close(fd) }
    listenSource = source
    source.resume()
    report(.listening(host: host, port: boundPort))
  }

  /// Each connection needs a descriptor: raise the soft limit to the hard one, and if that is
  /// still short of the cap, lower the cap (leaving 64 for the listener, logs and the runtime)
  /// and say so, rather than failing `accept` with EMFILE under load.
  #if canImport(Glibc)
    private static let descriptorResource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
  #else
    private static let descriptorResource = RLIMIT_NOFILE
  #endif

  private func fitConnectionCapToDescriptors() {
    var limit = rlimit()
    guard getrlimit(Self.descriptorResource, &limit) == 0 else { return }
    if limit.rlim_cur < limit.rlim_max {
      var raised = limit
      raised.rlim_cur = limit.rlim_max
      if setrlimit(Self.descriptorResource, &raised) == 0 { limit = raised }
    }
    // rlim_t is unsigned and RLIM_INFINITY is its maximum: compare before converting.
    let available = limit.rlim_cur > 1 << 30 ? 1 << 30 : Int(limit.rlim_cur)
    let fitting = max(1, available - 64)
    let cap = state.withLock { s in
      s.maxConnections = min(s.maxConnections, fitting)
      return s.maxConnections
    }
    if cap < limits.maxConnections {
      report(
        .connectionCapLowered(
          configured: limits.maxConnections, effective: cap, descriptorLimit: available))
    }
  }

  // MARK: Accepting

  private func acceptPending() {
    while true {
      var address = sockaddr_storage()
      var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
      let fd = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listenFD, $0, &length) }
      }
      if fd < 0 {
        let error = errno
        if error == EINTR || error == ECONNABORTED { continue }
        if error == EMFILE || error == ENFILE || error == ENOBUFS || error == ENOMEM {
          backOffAccepting(error)
        } else if error != EAGAIN && error != EWOULDBLOCK {
          report(.acceptFailed(errno: error))
        }
        return
      }
      admit(fd, peer: Socket.describe(address))
    }
  }

  private func admit(_ fd: Int32, peer: String) {
    Socket.setNonBlocking(fd)
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    Socket.setNoDelay(fd)
    enum Admission {
      case admitted(Int, evicting: Connection?)
      case rejected
    }
    let admission: Admission = state.withLock { s in
      var victim: Connection?
      if s.connections.count >= s.maxConnections && !s.draining {
        victim = Self.evictionCandidate(s.connections)
        guard victim != nil else {
          counters.rejectedConnections.add(1, ordering: .relaxed)
          return .rejected
        }
        counters.evictedConnections.add(1, ordering: .relaxed)
      }
      s.nextID += 1
      counters.acceptedConnections.add(1, ordering: .relaxed)
      return .admitted(s.nextID, evicting: victim)
    }
    guard case .admitted(let id, let victim) = admission else {
      rejectOverCapacity(fd)
      return
    }
    if let victim { victim.loop.execute { victim.evict() } }
    let loop = loops[id % loops.count]
    let connection = Connection(
      id: id, fd: fd, peer: peer, loop: loop, server: self, limits: limits)
    state.withLock { $0.connections[id] = connection }
    counters.openConnections.add(1, ordering: .relaxed)
    loop.execute { connection.start() }
  }

  /// The connection that has held its slot longest without a request in progress, claimed so
  /// that two accepts do not pick the same one; nil when every connection is working.
  private static func evictionCandidate(_ connections: [Int: Connection]) -> Connection? {
    var best: Connection?
    var bestSince = UInt64.max
    for connection in connections.values {
      let since = connection.evictableSince.load(ordering: .relaxed)
      if since != 0 && since < bestSince {
        best = connection
        bestSince = since
      }
    }
    guard let best,
      best.evictableSince.compareExchange(expected: bestSince, desired: 0, ordering: .relaxed)
        .exchanged
    else { return nil }
    return best
  }

  /// Out of descriptors (or kernel memory): stop accepting for 100 ms instead of spinning on a
  /// listener that stays readable, and log once a second at most.
  private func backOffAccepting(_ error: Int32) {
    let now = Clock.now()
    if now - lastDescriptorWarning >= 1_000_000_000 {
      report(.acceptPaused(errno: error, suppressed: suppressedDescriptorWarnings))
      lastDescriptorWarning = now
      suppressedDescriptorWarnings = 0
    } else {
      suppressedDescriptorWarnings += 1
    }
    guard let listenSource, !listenSuspended else { return }
    listenSource.suspend()
    listenSuspended = true
    acceptQueue.asyncAfter(deadline: .now() + 0.1) { [self] in resumeAccepting() }
  }

  private func resumeAccepting() {
    guard listenSuspended, let listenSource else { return }
    listenSuspended = false
    listenSource.resume()
  }

  /// Over the connection cap with every connection working: a best-effort 503 and close,
  /// without any per-connection state.
  private func rejectOverCapacity(_ fd: Int32) {
    let response = errorResponder(
      .serviceUnavailable, "the server is at its connection limit; retry shortly")
    var withRetry = response
    withRetry.headers.set(HTTPField.Name.retryAfter, "1")
    let bytes = ResponseWriter.serialize(
      withRetry, version: .http11, isHead: false, keepAlive: false)
    _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    Glibc.close(fd)
  }

  // MARK: Called by connections

  func classify(_ request: HTTPRequest) -> RequestPlacement { classifier(request) }

  func handle(_ request: HTTPRequest, _ placement: RequestPlacement) -> HTTPResponse {
    handler(request, placement)
  }

  func errorResponse(_ status: HTTPStatus, _ detail: String) -> HTTPResponse {
    errorResponder(status, detail)
  }

  /// Unread response bytes are over budget: new data requests are refused without running.
  var isShedding: Bool { bufferedResponseBytes > limits.maxBufferedResponseBytes }

  /// 503 with Retry-After, for shedding and for a full line of heavy requests.
  func overloaded(heavyLine: Bool = false) -> HTTPResponse {
    var response = errorResponder(
      .serviceUnavailable,
      heavyLine
        ? "too many requests are waiting for a turn of heavy work; retry shortly"
        : "the server is holding too many unread responses; retry shortly")
    response.headers.set(HTTPField.Name.retryAfter, "1")
    return response
  }

  func connectionClosed(_ connection: Connection) {
    let removed = state.withLock { $0.connections.removeValue(forKey: connection.id) }
    if removed != nil { counters.openConnections.subtract(1, ordering: .relaxed) }
  }

  func report(_ event: ServerEvent) { events(event) }

  // MARK: Shutdown

  /// Graceful shutdown, losing no request that reached the server:
  /// 1. new connection attempts are dropped at the socket (a filter on the listener), so the
  ///    backlog stops growing while it is emptied;
  /// 2. every connection already in the backlog is accepted, then the listener closes;
  /// 3. each connection answers the requests it holds — buffered in the process or still in the
  ///    kernel — with `Connection: close`; idle ones (and one whose keep-alive response was going
  ///    out) stay open through `ServerLimits.drainGrace`, answering a request that arrives with
  ///    `Connection: close`, and close when it ends;
  /// 4. `completion` runs when every connection is gone or `drainTimeout` has passed (then the
  ///    rest are closed).
  public func shutdown(drainTimeout: Double = 10, completion: @escaping @Sendable () -> Void) {
    state.withLock { $0.draining = true }
    acceptQueue.async { [self] in
      if let listenSource {
        Socket.dropNewConnections(listenFD)
        resumeAccepting()
        acceptPending()
        // A source suspended by a descriptor back-off would never run its cancel handler.
        resumeAccepting()
        listenSource.cancel()
        self.listenSource = nil
      }
      let connections = state.withLock { Array($0.connections.values) }
      report(.draining(connections: connections.count))
      for connection in connections {
        connection.loop.execute { connection.drain() }
      }
      let deadline = DispatchTime.now() + drainTimeout
      pollDrain(deadline: deadline, completion: completion)
    }
  }

  private func pollDrain(deadline: DispatchTime, completion: @escaping @Sendable () -> Void) {
    let remaining = state.withLock { Array($0.connections.values) }
    if remaining.isEmpty {
      stopLoops()
      completion()
      return
    }
    if DispatchTime.now() >= deadline {
      for connection in remaining { connection.loop.execute { connection.close() } }
      acceptQueue.asyncAfter(deadline: .now() + 0.2) { [self] in
        stopLoops()
        completion()
      }
      return
    }
    acceptQueue.asyncAfter(deadline: .now() + 0.02) { [self] in
      pollDrain(deadline: deadline, completion: completion)
    }
  }

  /// The loops' threads end once every connection is gone (or was told to close).
  private func stopLoops() {
    for loop in loops { loop.stop() }
  }
}
