import Synchronization

/// The server's counters, created by the process before the server and handed to it, so that
/// whatever reports them (the API's `/metrics`) holds them from the start instead of reaching
/// for a server built later. The server is the only writer.
public final class ServerStatistics: Sendable {
  /// The counters at one moment. Each is read on its own, so a snapshot taken while connections
  /// come and go may be off by the few events in between: fine for metrics, never used for
  /// decisions (the connection cap counts under the server's lock).
  public struct Snapshot: Sendable {
    public var openConnections: Int
    public var acceptedConnections: Int
    public var rejectedConnections: Int
    public var evictedConnections: Int
    public var responsesByStatus: [Int: Int]
    public var bufferedResponseBytes: Int
    public var queuedHeavyRequests: Int
  }

  let openConnections = Atomic<Int>(0)
  let acceptedConnections = Atomic<Int>(0)
  let rejectedConnections = Atomic<Int>(0)
  let evictedConnections = Atomic<Int>(0)
  /// Responses by status, counted in shards so that event loops do not contend for one lock on
  /// every response (loop i counts into shard i mod the shard count); summed when read.
  let responseShards: [StatusCounts] = (0..<16).map { _ in StatusCounts() }
  /// Response bytes queued on connections and not yet sent (the server sheds load over its
  /// budget).
  let bufferedResponseBytes = Atomic<Int>(0)
  let queuedHeavyRequests = Atomic<Int>(0)

  public init() {}

  public var snapshot: Snapshot {
    Snapshot(
      openConnections: openConnections.load(ordering: .relaxed),
      acceptedConnections: acceptedConnections.load(ordering: .relaxed),
      rejectedConnections: rejectedConnections.load(ordering: .relaxed),
      evictedConnections: evictedConnections.load(ordering: .relaxed),
      responsesByStatus: responseShards.reduce(into: [:]) { total, shard in
        shard.counts.withLock { total.merge($0, uniquingKeysWith: +) }
      },
      bufferedResponseBytes: bufferedResponseBytes.load(ordering: .relaxed),
      queuedHeavyRequests: queuedHeavyRequests.load(ordering: .relaxed))
  }
}

/// One shard of the response counters (`ServerStatistics.responseShards`).
final class StatusCounts: Sendable {
  let counts = Mutex<[Int: Int]>([:])

  func count(_ status: Int) { counts.withLock { $0[status, default: 0] += 1 } }
}
