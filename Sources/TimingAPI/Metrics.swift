import HTTPTransport
import Synchronization

/// Request counters and durations per route template and status, for `GET /metrics`
/// (Prometheus text exposition format 0.0.4), with the server's connection counters when the
/// service runs behind a server. Created by the process before both: the server counts into
/// `server`, the service records requests here.
public final class Metrics: Sendable {
  private struct Key: Hashable {
    let route: String
    let status: Int
  }
  private struct Series {
    var count = 0
    var seconds = 0.0
  }
  private let series = Mutex<[Key: Series]>([:])
  /// The server's counters; nil in process (tests, benchmarks), where `/metrics` shows requests
  /// only.
  public let server: ServerStatistics?

  public init(server: ServerStatistics? = nil) { self.server = server }

  func record(route: String, status: Int, seconds: Double) {
    series.withLock {
      $0[Key(route: route, status: status), default: Series()].count += 1
      $0[Key(route: route, status: status), default: Series()].seconds += seconds
    }
  }

  func exposition() -> String {
    let snapshot = series.withLock { $0 }.sorted {
      ($0.key.route, $0.key.status) < ($1.key.route, $1.key.status)
    }
    var text =
      "# HELP animation_timing_requests_total Requests answered by the API, by route and status.\n"
    text += "# TYPE animation_timing_requests_total counter\n"
    for (key, value) in snapshot {
      text +=
        "animation_timing_requests_total{route=\"\(key.route)\",status=\"\(key.status)\"} \(value.count)\n"
    }
    text +=
      "# HELP animation_timing_request_duration_seconds_sum Time spent in handlers, by route.\n"
    text += "# TYPE animation_timing_request_duration_seconds_sum counter\n"
    var byRoute: [String: Double] = [:]
    for (key, value) in snapshot { byRoute[key.route, default: 0] += value.seconds }
    for (route, seconds) in byRoute.sorted(by: { $0.key < $1.key }) {
      text += "animation_timing_request_duration_seconds_sum{route=\"\(route)\"} \(seconds)\n"
    }
    if let server = server?.snapshot {
      text += "# HELP animation_timing_open_connections Open client connections.\n"
      text += "# TYPE animation_timing_open_connections gauge\n"
      text += "animation_timing_open_connections \(server.openConnections)\n"
      text += "# HELP animation_timing_connections_total Connections accepted.\n"
      text += "# TYPE animation_timing_connections_total counter\n"
      text += "animation_timing_connections_total \(server.acceptedConnections)\n"
      text +=
        "# HELP animation_timing_connections_rejected_total Connections refused at the connection cap.\n"
      text += "# TYPE animation_timing_connections_rejected_total counter\n"
      text += "animation_timing_connections_rejected_total \(server.rejectedConnections)\n"
      text +=
        "# HELP animation_timing_buffered_response_bytes Response bytes not yet taken by clients.\n"
      text += "# TYPE animation_timing_buffered_response_bytes gauge\n"
      text += "animation_timing_buffered_response_bytes \(server.bufferedResponseBytes)\n"
      text +=
        "# HELP animation_timing_responses_total Responses written, including transport errors.\n"
      text += "# TYPE animation_timing_responses_total counter\n"
      for (status, count) in server.responsesByStatus.sorted(by: { $0.key < $1.key }) {
        text += "animation_timing_responses_total{status=\"\(status)\"} \(count)\n"
      }
    }
    return text
  }
}
