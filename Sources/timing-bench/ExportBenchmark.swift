import HTTPTransport
import TimingAPI
import TimingEngine

/// `timing-bench export`: the standard timeline scene (`TimelineBenchmark`) exported as Web
/// Animations keyframes (docs/export.md) in process, on one core: the whole request
/// (`?format=waapi` through `TimingService.handle`), and the part after planning — sampling every
/// exported property of every layer, fitting and writing — as that minus parse + decode + plan.
enum ExportBenchmark {
  static func run() {
    let json = Array(TimelineBenchmark.requestJSON().utf8)
    var configuration = APIConfiguration()
    // 1 000 layers × 32 numbers × 600 samples = 19.2 M: over the default 5 M, as for the
    // timeline benchmark.
    configuration.maxTimelineValues = 20_000_000
    let service = TimingService(configuration: configuration)
    let request = TimelineBenchmark.post("/v1/timelines?format=waapi", json)
    guard let probe = TimelineBenchmark.answered(service, request, "export") else { return }
    let body = probe.collectedBody()
    // Keyframes: one "offset" member each; animations: one "keyframeCount" each.
    let keyframes = occurrences(of: "\"offset\":", in: body)
    let animations = occurrences(of: "\"keyframeCount\":", in: body)
    let (planSeconds, _) = TimelineBenchmark.best(5) {
      _ = try? PreparedTimeline(json: json, configuration: configuration)
    }
    let (endToEnd, median) = TimelineBenchmark.best(5) {
      _ = service.handle(request).collectedBody()
    }
    let layers = TimelineBenchmark.layerCount
    print("\nexport (format=waapi) — standard scene: \(layers) layers × 4 animations, 600 samples")
    print("  (best of 5 runs; median in brackets)")
    print(
      "  animations (layer × CSS property)  \(animations)   keyframes  \(keyframes)   "
        + "(\(fixed(Double(keyframes) / Double(max(1, animations)), 1)) per animation, of 600 samples)"
    )
    print("  answer                    \(body.count / 1024) KiB")
    print("  parse + decode + plan     \(fixed(planSeconds * 1000, 1)) ms")
    print(
      "  sample + fit + write      \(fixed((endToEnd - planSeconds) * 1000, 1)) ms")
    print(
      "  end to end (handle)       \(fixed(endToEnd * 1000, 1)) ms   [\(fixed(median * 1000, 1))]")
  }

  static func occurrences(of text: String, in bytes: [UInt8]) -> Int {
    let marker = Array(text.utf8)
    var count = 0
    var i = 0
    while i + marker.count <= bytes.count {
      if bytes[i] == marker[0] && bytes[i..<(i + marker.count)].elementsEqual(marker) {
        count += 1
        i += marker.count
      } else {
        i += 1
      }
    }
    return count
  }
}
