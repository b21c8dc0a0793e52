import HTTPTransport
import TimingAPI

/// `timing-bench handle`: the small GET of the load test (`GET /v1/timing-functions/easeIn?x=0.5`,
/// scripts/load.sh) through `TimingService.handle` in process, one core, no sockets: what the
/// service itself costs a request, apart from the transport and the kernel (docs/performance.md
/// "HTTP").
enum HandleBenchmark {
  static func run() {
    let service = TimingService(configuration: APIConfiguration())
    let request = HTTPRequest(
      method: .get, target: "/v1/timing-functions/easeIn?x=0.5",
      headers: HTTPFields([(HTTPField.Name.host, "bench"), ("User-Agent", "wrk")]), body: [])
    guard service.handle(request).status.code == 200 else {
      print("the small GET failed")
      return
    }
    let count = 200_000
    var bytes = 0
    let (best, median) = TimelineBenchmark.best(7) {
      for _ in 0..<count { bytes &+= service.handle(request).body.count }
    }
    print("\nhandle — GET /v1/timing-functions/easeIn?x=0.5 in process, one core")
    print("  (best of 7 runs of \(count); median in brackets)")
    let ns = best * 1e9 / Double(count)
    print(
      "  \(fixed(ns, 0)) ns/request   \(fixed(1e9 / ns / 1000, 0)) k requests/s"
        + "   [\(fixed(median * 1e9 / Double(count), 0)) ns]   (\(bytes % 10) )")
  }
}
