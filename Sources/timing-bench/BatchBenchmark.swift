import HTTPTransport
import TimingAPI

#if canImport(Glibc)
  import Glibc
#endif

/// `timing-bench batch`: `POST /v1/batch` in process, one core — its lines a second against the
/// same requests sent one by one through `TimingService.handle`, for three kinds of line (the
/// load test's small GET, a spring conversion, a small token file); and the process's peak
/// memory after batches of 10 000 and 100 000 small lines, whose answers are drained piece by
/// piece as a client reads them (docs/performance.md "Batch").
enum BatchBenchmark {
  static let lines = [
    (
      "GET /v1/timing-functions/easeIn?x=…",
      #"{"method": "GET", "path": "/v1/timing-functions/easeIn?x=0.5"}"#
    ),
    (
      "POST /v1/springs (SwiftUI)",
      #"{"method": "POST", "path": "/v1/springs", "body": {"swiftUI": {"response": 0.5, "dampingFraction": 0.7}}}"#
    ),
    (
      "POST /v1/tokens (3 tokens, CSS)",
      #"{"method": "POST", "path": "/v1/tokens?format=css", "body": {"d": {"$type": "duration", "$value": {"value": 70, "unit": "ms"}}, "e": {"$type": "cubicBezier", "$value": [0.2, 0, 0, 1]}, "t": {"$type": "transition", "$value": {"duration": {"value": 200, "unit": "ms"}, "delay": {"value": 0, "unit": "ms"}, "timingFunction": [0.4, 0, 0.2, 1]}}}}"#
    ),
  ]

  static func run() {
    var configuration = APIConfiguration()
    configuration.batchSeconds = 1e9
    let service = TimingService(configuration: configuration)
    print("\nbatch — POST /v1/batch in process against the same requests one by one, one core")
    print("  (best of 5; each batch's answer drained piece by piece)")
    print("  line | lines | batch ns/line | single ns/request | batch/single")
    for (name, line) in lines {
      let count = 2_000
      let batch = batchRequest(Array(repeating: line, count: count))
      let single = singleRequest(line)
      var sink = 0
      let (batchBest, _) = TimelineBenchmark.best(5) { sink &+= drain(service.handle(batch)) }
      let (singleBest, _) = TimelineBenchmark.best(5) {
        for _ in 0..<count { sink &+= service.handle(single).body.count }
      }
      let perLine = batchBest * 1e9 / Double(count)
      let perRequest = singleBest * 1e9 / Double(count)
      print(
        "  \(name) | \(count) | \(fixed(perLine, 0)) | \(fixed(perRequest, 0)) | "
          + "\(fixed(perLine / perRequest, 2))×   (\(sink % 10))")
    }
    for count in [10_000, 100_000] {
      let body = batchRequest(Array(repeating: lines[0].1, count: count))
      let before = peakKiB()
      let bytes = drain(service.handle(body))
      print(
        "  \(count) small lines: \(bytes / 1024) KiB answered, peak memory \(before / 1024) → "
          + "\(peakKiB() / 1024) MiB (the body is \(body.body.count / 1024) KiB)")
    }
  }

  static func batchRequest(_ lines: [String]) -> HTTPRequest {
    let body = Array((lines.joined(separator: "\n") + "\n").utf8)
    return HTTPRequest(
      method: .post, target: "/v1/batch",
      headers: HTTPFields([
        (HTTPField.Name.host, "bench"), (HTTPField.Name.contentType, "application/x-ndjson"),
        (HTTPField.Name.contentLength, String(body.count)),
      ]), body: body)
  }

  /// The request a line describes, as a client would send it alone.
  static func singleRequest(_ line: String) -> HTTPRequest {
    let path = line.split(separator: "\"")[7]
    let marker = Array(#""body": "#.utf8)
    let bytes = Array(line.utf8)
    guard
      let start = (0...(bytes.count - marker.count)).first(where: {
        Array(bytes[$0..<$0 + marker.count]) == marker
      })
    else {
      return HTTPRequest(
        method: .get, target: String(path), headers: HTTPFields([(HTTPField.Name.host, "bench")]))
    }
    let body = Array(bytes[(start + marker.count)..<(bytes.count - 1)])
    return HTTPRequest(
      method: .post, target: String(path),
      headers: HTTPFields([
        (HTTPField.Name.host, "bench"), (HTTPField.Name.contentType, "application/json"),
        (HTTPField.Name.contentLength, String(body.count)),
      ]), body: body)
  }

  /// The answer's bytes, taken a piece at a time and let go, as the server sends them.
  static func drain(_ response: HTTPResponse) -> Int {
    guard let stream = response.stream else { return response.body.count }
    var total = 0
    while true {
      let (piece, more) = stream.next()
      total += piece.count
      if !more { return total }
    }
  }

  /// The process's peak resident memory, KiB.
  static func peakKiB() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss
  }
}
