import Dispatch
import Foundation
import HTTPTransport
import Testing
import TimingEngine

@testable import TimingAPI

/// `GET /metrics` in Prometheus' text format, read back by a small parser written here from the
/// format's description (scripts/check-metrics.py reads a live server's with prometheus_client's
/// own parser).
@Suite struct MetricsExpositionTests {
  struct Sample: Equatable {
    var name: String
    var labels: [String: String]
    var value: Double
  }

  /// The samples, checking on the way that every sample's family was announced by `# HELP` and
  /// `# TYPE` lines before it, and returning each family's type.
  static func parse(_ text: String) -> (samples: [Sample], types: [String: String]) {
    var samples: [Sample] = []
    var types: [String: String] = [:]
    var helped: Set<String> = []
    #expect(text.hasSuffix("\n"))
    for line in text.split(separator: "\n") {
      if line.hasPrefix("# HELP ") {
        helped.insert(String(line.dropFirst(7).prefix { $0 != " " }))
        continue
      }
      if line.hasPrefix("# TYPE ") {
        let parts = line.dropFirst(7).split(separator: " ")
        types[String(parts[0])] = String(parts[1])
        continue
      }
      var name = String(line.prefix { $0 != "{" && $0 != " " })
      var rest = line.dropFirst(name.count)
      var labels: [String: String] = [:]
      if rest.hasPrefix("{") {
        // name="value" pairs; a value is quoted, with \\, \" and \n escaped, and may hold
        // braces and commas (`route="/v1/timing-functions/{function}"`).
        var characters = rest.dropFirst().makeIterator()
        var key = ""
        while let c = characters.next(), c != "}" {
          if c == "," { continue }
          if c != "=" {
            key.append(c)
            continue
          }
          #expect(characters.next() == "\"", "\(line)")
          var value = ""
          while let v = characters.next(), v != "\"" {
            if v == "\\", let escaped = characters.next() {
              value.append(escaped == "n" ? "\n" : escaped)
            } else {
              value.append(v)
            }
          }
          labels[key] = value
          key = ""
        }
        rest = Substring(String(characters.map { $0 }))
      }
      let value = Double(rest.trimmingCharacters(in: " "))
      #expect(value != nil, "\(line)")
      samples.append(Sample(name: name, labels: labels, value: value ?? .nan))
      // The family a histogram's or summary's series belong to.
      for suffix in ["_bucket", "_sum", "_count"] where types[name] == nil && name.hasSuffix(suffix)
      {
        name.removeLast(suffix.count)
      }
      #expect(types[name] != nil && helped.contains(name), "no HELP/TYPE before \(line)")
    }
    return (samples, types)
  }

  static func value(
    _ samples: [Sample], _ name: String, _ labels: [String: String] = [:]
  ) -> Double? {
    samples.first { $0.name == name && $0.labels == labels }?.value
  }

  /// The histogram per route: buckets in increasing `le` with non-decreasing counts, `+Inf`
  /// equal to `_count`, the counts those of the requests made, and a 405 on a known route
  /// under that route.
  @Test func latencyHistogramPerRoute() throws {
    let metrics = Metrics()
    let api = ServiceHarness(metrics: metrics)
    for _ in 0..<3 { _ = api.get("/v1/timing-functions/easeIn?x=0.5") }
    _ = api.request("DELETE", "/v1/timelines")
    _ = api.get("/nowhere")
    let (samples, types) = Self.parse(metrics.exposition())
    let name = "animation_timing_request_duration_seconds"
    #expect(types[name] == "histogram")
    let routes = [
      ("/v1/timing-functions/{function}", 3.0), ("/v1/timelines", 1.0), ("unmatched", 1.0),
      ("/healthz", 0.0),
    ]
    for (route, requests) in routes {
      let buckets = samples.filter { $0.name == name + "_bucket" && $0.labels["route"] == route }
      #expect(buckets.count == Metrics.bucketBounds.count + 1, "\(route)")
      #expect(buckets.last?.labels["le"] == "+Inf")
      let bounds = buckets.dropLast().map { Double($0.labels["le"]!)! }
      #expect(bounds == Metrics.bucketBounds)
      #expect(zip(buckets, buckets.dropFirst()).allSatisfy { $0.value <= $1.value }, "\(route)")
      #expect(buckets.last?.value == requests, "\(route)")
      #expect(Self.value(samples, name + "_count", ["route": route]) == requests)
      let sum = try #require(Self.value(samples, name + "_sum", ["route": route]))
      // Each request took some time, and in process far less than a second.
      #expect(requests == 0 ? sum == 0 : (sum > 0 && sum < requests), "\(route): \(sum)")
    }
    #expect(
      Self.value(
        samples, "animation_timing_requests_total", ["route": "/v1/timelines", "status": "405"])
        == 1)
    #expect(
      Self.value(
        samples, "animation_timing_requests_total",
        ["route": "/v1/timing-functions/{function}", "status": "200"]) == 3)
    #expect(
      !samples.contains {
        $0.name == "animation_timing_requests_total" && $0.labels["route"] == "unmatched"
          && $0.labels["status"] == "405"
      })
    #expect(Self.value(samples, "animation_timing_requests_in_flight") == 0)
  }

  /// Response bytes are the bodies' sizes, streamed ones included; HEAD counts none.
  @Test func responseBytes() throws {
    let metrics = Metrics()
    let api = ServiceHarness(metrics: metrics)
    let a = api.get("/v1/timing-functions/easeIn?x=0.5")
    let b = api.get("/v1/timing-functions/linear?samples=11")
    _ = api.request("HEAD", "/v1/timing-functions/linear?samples=11")
    let scene = """
      {"layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "opacity",
        "fromValue": 0, "toValue": 1, "duration": 1}]}],
       "sample": {"from": 0, "to": 70, "fps": 1000}, "keyPaths": ["opacity"]}
      """
    #expect(api.answer(postingJSON: scene, to: "/v1/timelines").stream != nil)
    let timeline = api.postJSON("/v1/timelines", scene)
    #expect(timeline.status == 200)
    let (samples, _) = Self.parse(metrics.exposition())
    let name = "animation_timing_response_bytes_total"
    #expect(
      Self.value(samples, name, ["route": "/v1/timing-functions/{function}"])
        == Double(a.body.count + b.body.count))
    // Two streamed answers were made; only the second was read to its end.
    #expect(Self.value(samples, name, ["route": "/v1/timelines"]) == Double(timeline.body.count))
  }

  /// Work units are what the requests' budgets were charged: a lookup at three points is three
  /// points' evaluation (`WorkCost.timingFunctionPoint` each), and nothing else.
  @Test func workUnits() {
    let metrics = Metrics()
    let api = ServiceHarness(metrics: metrics)
    _ = api.get("/v1/timing-functions/easeIn?x=0.1&x=0.2&x=0.3")
    _ = api.get("/healthz")
    let (samples, _) = Self.parse(metrics.exposition())
    let name = "animation_timing_work_units_total"
    #expect(
      Self.value(samples, name, ["route": "/v1/timing-functions/{function}"])
        == Double(3 * WorkCost.timingFunctionPoint))
    #expect(Self.value(samples, name, ["route": "/healthz"]) == 0)
  }

  /// The process's own figures, within what this test process can be.
  @Test func processMetrics() throws {
    let (samples, types) = Self.parse(Metrics().exposition())
    let resident = try #require(Self.value(samples, "process_resident_memory_bytes"))
    #expect(resident > 1_000_000 && resident < 64_000_000_000)
    // stdin, stdout, stderr at least.
    let fds = try #require(Self.value(samples, "process_open_fds"))
    #expect(fds >= 3 && fds < 100_000)
    let start = try #require(Self.value(samples, "process_start_time_seconds"))
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    // Started before now, and less than a day ago (the test process).
    #expect(start <= Double(now.tv_sec) + 1 && start > Double(now.tv_sec) - 86_400)
    let cpu = try #require(Self.value(samples, "process_cpu_seconds_total"))
    #expect(cpu >= 0)
    #expect(types["process_cpu_seconds_total"] == "counter")
    #expect(types["process_open_fds"] == "gauge")
    #expect(
      Self.value(samples, "animation_timing_build_info", ["version": ServiceVersion.current]) == 1)
  }

  /// Recording from many threads at once loses nothing (relaxed atomic adds, no lock).
  @Test func concurrentRecordingIsExact() {
    let metrics = Metrics()
    let api = ServiceHarness(metrics: metrics)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<250 { _ = api.get("/healthz") }
    }
    let (samples, _) = Self.parse(metrics.exposition())
    #expect(
      Self.value(
        samples, "animation_timing_requests_total", ["route": "/healthz", "status": "200"])
        == 2000)
    #expect(
      Self.value(samples, "animation_timing_request_duration_seconds_count", ["route": "/healthz"])
        == 2000)
  }
}
