import HTTPTransport
import TimingAPI

/// `timing-bench gzip`: what compressing the standard timeline answer costs and gains, at each
/// zlib level, coded as the service codes a streamed answer (512 KiB pieces, each flushed with
/// Z_SYNC_FLUSH) and in one call; then the service end to end with and without
/// `Accept-Encoding: gzip` (performance.md "Compression").
enum GzipBenchmark {
  static let levels: [Int32] = [1, 2, 3, 6, 9]
  /// The size of the pieces a streamed timeline is made in (TimelineStream.pieceBytes).
  static let pieceBytes = 512 * 1024

  static func run() {
    var configuration = APIConfiguration()
    configuration.maxTimelineValues = 10_000_000
    let service = TimingService(configuration: configuration)
    func request(_ headers: [(String, String)]) -> HTTPRequest {
      HTTPRequest(
        method: .post, target: "/v1/timelines",
        headers: HTTPFields(
          [(HTTPField.Name.host, "bench"), (HTTPField.Name.contentType, "application/json")]
            + headers),
        body: Array(TimelineBenchmark.requestJSON().utf8))
    }
    let identity = request([])
    let body = service.handle(identity).collectedBody()
    let megabytes = Double(body.count) / 1e6
    let pieces = stride(from: 0, to: body.count, by: pieceBytes).map {
      Array(body[$0..<min(body.count, $0 + pieceBytes)])
    }
    print("gzip — the standard timeline answer, \(fixed(megabytes, 1)) MB of JSON")
    print("  (best of 3 runs; median in brackets; MB/s of input)")
    print(pad("  level", 10) + pad("as streamed", 34) + "in one call")
    for level in levels {
      var streamed = 0
      let (seconds, median) = TimelineBenchmark.best(3) {
        let deflater = Deflater(.gzip, level: level)
        var output: [UInt8] = []
        output.reserveCapacity(body.count / 2)
        for (index, piece) in pieces.enumerated() {
          deflater.compress(
            piece, flush: index == pieces.count - 1 ? .finish : .sync, into: &output)
        }
        streamed = output.count
      }
      var whole = 0
      let (wholeSeconds, _) = TimelineBenchmark.best(3) {
        whole = Deflater.compress(body, .gzip, level: level).count
      }
      print(
        pad("  \(level)", 10)
          + pad(
            "\(fixed(Double(streamed) / 1e6, 2)) MB  \(fixed(Double(body.count) / Double(streamed), 1))×  "
              + "\(fixed(megabytes / seconds, 0)) MB/s [\(fixed(megabytes / median, 0))]", 34)
          + "\(fixed(Double(whole) / 1e6, 2)) MB  \(fixed(Double(body.count) / Double(whole), 1))×  "
          + "\(fixed(megabytes / wholeSeconds, 0)) MB/s")
    }
    let coded = request([(HTTPField.Name.acceptEncoding, "gzip")])
    var codedBytes = 0
    let (plain, plainMedian) = TimelineBenchmark.best(3) {
      _ = service.handle(identity).collectedBody()
    }
    let (gzip, gzipMedian) = TimelineBenchmark.best(3) {
      codedBytes = service.handle(coded).collectedBody().count
    }
    print(
      "  service, identity         \(fixed(plain * 1000, 0)) ms [\(fixed(plainMedian * 1000, 0))]   "
        + "\(fixed(megabytes, 1)) MB")
    print(
      "  service, gzip             \(fixed(gzip * 1000, 0)) ms [\(fixed(gzipMedian * 1000, 0))]   "
        + "\(fixed(Double(codedBytes) / 1e6, 2)) MB")
  }
}
