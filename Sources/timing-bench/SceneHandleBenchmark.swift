import HTTPTransport
import TimingAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `timing-bench scene-handle [runs]`: the standard timeline scene through
/// `TimingService.handle` in process, `runs` times (default 5), the figure scripts/load.sh sets
/// against the same request over HTTP (docs/performance.md "HTTP"). Made to compare like with
/// like, which `timing-bench timeline`'s "end to end" row does not:
/// - the heap is set up as the server sets it (`FreedMemory.configure()`, and main.swift does not
///   re-exec this mode with the benchmark's GLIBC_TUNABLES), so allocator policy is not counted
///   as a cost of HTTP;
/// - the service is configured as the server's defaults configure it;
/// - the pieces are read and dropped, as curl `-o /dev/null` drops them, instead of gathered into
///   one 57 MB array (a copy and its growth that the HTTP side never makes);
/// - it prints the median and the best of the runs, so the caller takes the same statistic of
///   both sides.
enum SceneHandleBenchmark {
  static func run(runs: Int) {
    FreedMemory.configure()
    let service = TimingService(configuration: APIConfiguration())
    let request = HTTPRequest(
      method: .post, target: "/v1/timelines",
      headers: HTTPFields([
        (HTTPField.Name.host, "bench"), (HTTPField.Name.contentType, "application/json"),
      ]),
      body: Array(TimelineBenchmark.requestJSON().utf8))
    var bytes = 0
    var rates: [Double] = []
    var answered: [Double] = []
    for _ in 0..<max(1, runs) {
      var status = 0
      var response: HTTPResponse?
      let clock = ContinuousClock()
      let start = clock.now
      let seconds = TimelineBenchmark.seconds {
        response = service.handle(request)
        let (whole, fraction) = start.duration(to: clock.now).components
        answered.append(Double(whole) + Double(fraction) / 1e18)
        status = response!.status.code
        bytes = drained(response!)
      }
      guard status == 200 else {
        // Exit non-zero, so scripts/load.sh stops instead of pairing rounds of different times.
        print("the standard scene failed: \(status)")
        exit(1)
      }
      rates.append(Double(bytes) / seconds / 1e6)
    }
    let sorted = rates.sorted()
    // How long `handle` took to return the response (parse, plan, head) before its body: the
    // part an HTTP client sees as time to first byte.
    let head = answered.sorted()[answered.count / 2]
    print(
      "scene-handle bytes \(bytes) runs \(rates.map { fixed($0, 1) }.joined(separator: " ")) "
        + "median \(fixed(sorted[sorted.count / 2], 1)) best \(fixed(sorted.last!, 1)) MB/s"
        + " head \(fixed(head * 1000, 1)) ms")
  }

  /// The body's length, read piece by piece as a client reads a streamed answer.
  private static func drained(_ response: HTTPResponse) -> Int {
    guard let stream = response.stream else { return response.body.count }
    var count = 0
    while true {
      let (piece, more) = stream.next()
      count += piece.count
      if !more { return count }
    }
  }
}
