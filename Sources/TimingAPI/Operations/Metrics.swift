import HTTPTransport
import Synchronization

/// Requests by route template and status, their latency as a histogram, response bytes and
/// engine work units per route, requests in flight, the process's own figures, and the
/// server's connection counters when the service runs behind a server — for `GET /metrics`
/// (Prometheus text exposition format 0.0.4, `Metrics+Exposition.swift`). Created by the
/// process before both: the server counts into `server`, the service records requests here.
///
/// Recording is on every request's path, so it takes no lock and allocates nothing: the route
/// templates are a closed set known when the service starts (`prepare`), so each has a slot of
/// preallocated atomic counters, found by the index the router gave the route; everything is
/// summed and formatted only when scraped.
public final class Metrics: Sendable {
  /// Upper bounds of the latency buckets, in seconds: from 0.5 ms (a curve lookup takes about
  /// 0.1 ms of handling, docs/performance.md) to 10 s (past the slowest request the work
  /// budget lets through, 0.56 s, by a wide margin), about 2.5× apart.
  static let bucketBounds: [Double] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
  ]
  /// The same bounds in nanoseconds, which is what is compared on the request path.
  static let bucketNanoseconds: [Int] = bucketBounds.map { Int(($0 * 1e9).rounded()) }
  /// Every status the API can answer with has its own counter in each slot, indexed by
  /// `status - statuses.lowerBound`: 500 counters (4 KB) per route, no lookup on the path.
  static let statuses = 100...599

  /// What one slot holds, at these offsets: the counters that are not per bucket or status.
  enum Field: Int, CaseIterable {
    case nanoseconds, responseBytes, workUnits
  }

  /// The slots, one per label, laid out one after the other in one counter table.
  final class Table: Sendable {
    /// The route label of each slot: the router's templates, then `Endpoint.fixedLabels`.
    let labels: [String]
    let counters: AtomicCounters

    /// Counters per slot: the fields, one per bucket and one above the last bound (the
    /// histogram's `+Inf` is their sum, so it equals `_count` by construction), one per
    /// status.
    static let stride = Field.allCases.count + bucketBounds.count + 1 + statuses.count
    static let firstBucket = Field.allCases.count
    static let firstStatus = firstBucket + bucketBounds.count + 1

    init(labels: [String]) {
      self.labels = labels
      counters = AtomicCounters(count: labels.count * Self.stride)
    }

    /// A request answered in `nanoseconds`, with `bytes` of body held whole (a streamed body
    /// counts its pieces as they are made, `add(responseBytes:slot:)`).
    func record(slot: Int, status: Int, nanoseconds: Int, bytes: Int) {
      let base = slot * Self.stride
      var bucket = 0
      let bounds = Metrics.bucketNanoseconds
      while bucket < bounds.count, nanoseconds > bounds[bucket] { bucket += 1 }
      counters.add(1, at: base + Self.firstBucket + bucket)
      counters.add(nanoseconds, at: base + Field.nanoseconds.rawValue)
      if bytes > 0 { counters.add(bytes, at: base + Field.responseBytes.rawValue) }
      // HTTP has no status outside 100–599 (RFC 9110 §15); should one appear it is counted as
      // 599 rather than written outside the slot.
      let statuses = Metrics.statuses
      let status = statuses.contains(status) ? status : statuses.upperBound
      counters.add(1, at: base + Self.firstStatus + status - statuses.lowerBound)
    }

    /// Bytes of a streamed answer, as each piece is made.
    func add(responseBytes: Int, slot: Int) {
      counters.add(responseBytes, at: slot * Self.stride + Field.responseBytes.rawValue)
    }

    /// Engine work units a request was charged (its `WorkBudget.spent`).
    func add(workUnits: Int, slot: Int) {
      counters.add(workUnits, at: slot * Self.stride + Field.workUnits.rawValue)
    }
  }

  private let table = AtomicLazyReference<Table>()
  private let inFlight = Atomic<Int>(0)
  /// The server's counters; nil in process (tests, benchmarks), where `/metrics` shows requests
  /// and the process only.
  public let server: ServerStatistics?

  public init(server: ServerStatistics? = nil) { self.server = server }

  /// Gives each label a slot, in order: the router's route templates, then the endpoints that
  /// have no route (the service passes both). Called by the service when it is made; a second
  /// service on the same metrics (same routes, same code) keeps the first table. The service
  /// records into the table returned: loading it from here (an `AtomicLazyReference`, whose
  /// generic load is not inlined) on each request was ~5 % of a small GET in process.
  func prepare(labels: [String]) -> Table {
    table.storeIfNil(Table(labels: labels))
  }

  /// The slots and their labels, once prepared.
  var slots: Table? { table.load() }

  /// A request started: the in-flight gauge goes up until `end` for it.
  @inline(__always)
  func begin() { inFlight.wrappingAdd(1, ordering: .relaxed) }

  /// A request answered (`Table.record`).
  @inline(__always)
  func end() { inFlight.wrappingSubtract(1, ordering: .relaxed) }

  var requestsInFlight: Int { inFlight.load(ordering: .relaxed) }
}
