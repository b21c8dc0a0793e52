/// Limits and deadlines, all configurable (docs/design.md "The server").
public struct ServerLimits: Sendable {
  /// Longest request line (method, target, version) before 414.
  public var maxRequestLineBytes = 8 * 1024
  /// Largest header section (request line included) before 431.
  public var maxHeaderBytes = 16 * 1024
  /// Most header fields before 431.
  public var maxHeaderCount = 100
  /// Largest request body before 413; decided from the headers when the length is declared.
  public var maxBodyBytes = 1024 * 1024
  /// Paths whose body may be larger than `maxBodyBytes`, and how large (the API's batch route:
  /// many requests in one body). A path here is matched whole, its query aside.
  public var largerBodies: [String: Int] = [:]

  /// The body limit of a request to `target` (`/path?query`).
  public func maxBodyBytes(for target: String) -> Int {
    guard !largerBodies.isEmpty else { return maxBodyBytes }
    let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
    return largerBodies[String(path)].map { max($0, maxBodyBytes) } ?? maxBodyBytes
  }
  /// From a request's first byte to the end of its header section; also from accepting a
  /// connection to its first byte, so a socket that never speaks cannot hold a slot for long.
  public var headerTimeout: Double = 10
  /// From the end of the header section to the end of the body.
  public var bodyTimeout: Double = 30
  /// How long a kept-alive connection may wait for its next request.
  public var idleTimeout: Double = 60
  /// How long a response may go without any byte taken by its client. On inactivity, not on the
  /// total: a client reading a 27 MB timeline steadily at 300 KB/s needs 90 s and must get it.
  public var writeTimeout: Double = 30
  /// During a shutdown, how long a kept-alive connection that is idle (or goes idle after the
  /// keep-alive response it was writing) stays open before it is closed: a request that arrives
  /// on it meanwhile is answered, with `Connection: close`. Closing idle connections at once
  /// raced the proxies that pool them: nginx wrote a POST onto one as it closed and answered
  /// 502 (1, 2 and 7 POSTs lost in three rolling replaces of three replicas, scripts/cluster-check
  /// --drain-grace 0), and never retries a POST once sent. The race is gone when the proxy stops
  /// reusing an idle upstream connection first: its upstream idle timeout < this grace, and
  /// grace + 1 s ≤ the drain timeout < the orchestrator's grace period (docs/operations.md
  /// "Draining behind a proxy"). 0 closes idle connections at once, as Go's `Server.Shutdown`
  /// does.
  public var drainGrace: Double = 5
  /// Open connections beyond which new ones get 503 and are closed.
  public var maxConnections = 1024
  /// Response bytes written by handlers but not yet taken by their clients, across all
  /// connections; beyond it new requests get 503 instead of adding more (slow or stalled readers
  /// would otherwise hold every timeline they asked for in memory).
  public var maxBufferedResponseBytes = 256 << 20
  /// Heavy requests (`RequestClass.heavy`) running at once. Each holds a plan and a piece of its
  /// response in memory and a core busy; beyond this they wait in line, so memory and CPU stay
  /// bounded whatever the number of clients, and light requests always find a core.
  public var maxConcurrentHeavyRequests = 2
  /// Heavy requests waiting for a turn before new ones get 503: at most about a second of work
  /// each (the API's work budget), so this bounds the wait too.
  public var maxQueuedHeavyRequests = 64

  public init() {}
}
