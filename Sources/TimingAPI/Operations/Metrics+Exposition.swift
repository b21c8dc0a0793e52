import HTTPTransport
import TimingEngine

extension Metrics {
  /// The text exposition format 0.0.4: each family's `# HELP` and `# TYPE`, then its samples.
  /// Route series are written for every route from the start (zeros included), so that
  /// `rate()` over a route that is first called after a scrape starts from 0, not from nothing.
  public func exposition() -> String {
    var text = ""
    family(
      &text, "animation_timing_build_info", .gauge,
      "The service's version (the contract's info.version); always 1.")
    text += "animation_timing_build_info{version=\"\(escaped(ServiceVersion.current))\"} 1\n"
    family(
      &text, "animation_timing_requests_in_flight", .gauge,
      "Requests being handled by the API now (a streamed answer counts until its head is made).")
    text += "animation_timing_requests_in_flight \(requestsInFlight)\n"
    if let table = slots { routeFamilies(&text, table) }
    processFamilies(&text)
    if let server = server?.snapshot { serverFamilies(&text, server) }
    return text
  }

  /// A Prometheus metric type.
  enum MetricType: String {
    case counter, gauge, histogram
  }

  private func family(_ text: inout String, _ name: String, _ type: MetricType, _ help: String) {
    text += "# HELP \(name) \(help)\n# TYPE \(name) \(type.rawValue)\n"
  }

  private func routeFamilies(_ text: inout String, _ table: Table) {
    let counters = table.counters
    let slots = table.labels.indices
    func value(_ slot: Int, _ offset: Int) -> Int { counters.load(slot * Table.stride + offset) }
    let labels = table.labels.map { "route=\"\(escaped($0))\"" }

    family(
      &text, "animation_timing_requests_total", .counter,
      "Requests answered by the API, by route template and status.")
    for slot in slots {
      for status in Self.statuses {
        let count = value(slot, Table.firstStatus + status - Self.statuses.lowerBound)
        if count > 0 {
          text +=
            "animation_timing_requests_total{\(labels[slot]),status=\"\(status)\"} \(count)\n"
        }
      }
    }

    let name = "animation_timing_request_duration_seconds"
    family(
      &text, name, .histogram,
      "Time the API took to answer, by route template: the whole handling, middleware included.")
    for slot in slots {
      var cumulative = 0
      for (bucket, bound) in Self.bucketBounds.enumerated() {
        cumulative += value(slot, Table.firstBucket + bucket)
        text += "\(name)_bucket{\(labels[slot]),le=\"\(numberText(bound))\"} \(cumulative)\n"
      }
      cumulative += value(slot, Table.firstBucket + Self.bucketBounds.count)
      text += "\(name)_bucket{\(labels[slot]),le=\"+Inf\"} \(cumulative)\n"
      let seconds = Double(value(slot, Field.nanoseconds.rawValue)) / 1e9
      text += "\(name)_sum{\(labels[slot])} \(numberText(seconds))\n"
      text += "\(name)_count{\(labels[slot])} \(cumulative)\n"
    }

    family(
      &text, "animation_timing_response_bytes_total", .counter,
      "Response body bytes made by the API, by route template (streamed answers as each piece is made; HEAD counts none)."
    )
    for slot in slots {
      text +=
        "animation_timing_response_bytes_total{\(labels[slot])} \(value(slot, Field.responseBytes.rawValue))\n"
    }

    family(
      &text, "animation_timing_work_units_total", .counter,
      "Engine work units charged to answered requests' work budgets, by route template (a unit is about 10 ns of CPU; README \"Limits\")."
    )
    for slot in slots {
      text +=
        "animation_timing_work_units_total{\(labels[slot])} \(value(slot, Field.workUnits.rawValue))\n"
    }
  }

  private func processFamilies(_ text: inout String) {
    let process = ProcessStatistics.current()
    singles(
      &text,
      [
        (
          "process_cpu_seconds_total", .counter, "User and system CPU time, seconds.",
          process.cpuSeconds.map(numberText)
        ),
        (
          "process_resident_memory_bytes", .gauge, "Resident memory size, bytes.",
          process.residentBytes.map { "\($0)" }
        ),
        (
          "process_virtual_memory_bytes", .gauge, "Virtual memory size, bytes.",
          process.virtualBytes.map { "\($0)" }
        ),
        (
          "process_open_fds", .gauge, "Open file descriptors.",
          process.openDescriptors.map { "\($0)" }
        ),
        (
          "process_start_time_seconds", .gauge,
          "Start time of the process, seconds since the Unix epoch.",
          process.startTime.map(numberText)
        ),
      ])
  }

  private func serverFamilies(_ text: inout String, _ server: ServerStatistics.Snapshot) {
    singles(
      &text,
      [
        (
          "animation_timing_open_connections", .gauge, "Open client connections.",
          "\(server.openConnections)"
        ),
        (
          "animation_timing_connections_total", .counter, "Connections accepted.",
          "\(server.acceptedConnections)"
        ),
        (
          "animation_timing_connections_rejected_total", .counter,
          "Connections refused at the connection cap.", "\(server.rejectedConnections)"
        ),
        (
          "animation_timing_connections_evicted_total", .counter,
          "Idle connections closed at the connection cap to admit a new one.",
          "\(server.evictedConnections)"
        ),
        (
          "animation_timing_buffered_response_bytes", .gauge,
          "Response bytes not yet taken by clients.", "\(server.bufferedResponseBytes)"
        ),
        (
          "animation_timing_queued_heavy_requests", .gauge,
          "Heavy requests waiting for a slot in the heavy-work pool.",
          "\(server.queuedHeavyRequests)"
        ),
      ])
    family(
      &text, "animation_timing_responses_total", .counter,
      "Responses written, including transport errors.")
    for (status, count) in server.responsesByStatus.sorted(by: { $0.key < $1.key }) {
      text += "animation_timing_responses_total{status=\"\(status)\"} \(count)\n"
    }
  }

  /// Families of one unlabelled sample each, in order: a name is written once, for its family
  /// and its sample; a family without a value (a statistic this system does not give) is left
  /// out.
  private func singles(
    _ text: inout String,
    _ families: [(name: String, type: MetricType, help: String, value: String?)]
  ) {
    for family in families {
      guard let value = family.value else { continue }
      self.family(&text, family.name, family.type, family.help)
      text += "\(family.name) \(value)\n"
    }
  }

  /// A label value as the format wants it: backslash, double quote and newline escaped.
  private func escaped(_ value: String) -> String {
    var out = ""
    for character in value {
      switch character {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case "\n": out += "\\n"
      default: out.append(character)
      }
    }
    return out
  }
}
