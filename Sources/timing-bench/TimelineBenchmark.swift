import HTTPTransport
import TimingAPI
import TimingEngine

/// The standard timeline scene (issue 3): 1 000 layers, each with 4 animations of mixed classes
/// — a basic opacity fade (autoreversing, repeating forever), a linear keyframe path on position,
/// a spring on bounds.size.width, and a group holding a backgroundColor fade — sampled at 600
/// times (10 s at 60 fps) on 4 key paths: 2.4 million property-values.
enum TimelineBenchmark {
  static let layerCount = 1_000
  static let keyPaths = ["opacity", "position", "bounds.size.width", "backgroundColor"]

  /// With `distinctTimings`, every layer's animations get timings of their own (durations and
  /// begin times a hair apart, the group's too): the same work per value with nothing for
  /// `SharedTimings` to share, the sampler's rate when no two steps have one timing.
  static func requestJSON(distinctTimings: Bool = false) -> String {
    var layers: [String] = []
    for i in 0..<layerCount {
      let d = distinctTimings ? Double(i) * 1e-4 : Double(i % 7) * 0.1
      let g = distinctTimings ? 4 + Double(i) * 1e-4 : 4
      layers.append(
        """
        {"name":"layer\(i)","properties":{"position":[\(i),\(i % 50)],"bounds":[0,0,100,100],"opacity":1},
        "animations":[
        {"key":"fade","type":"basic","keyPath":"opacity","fromValue":0,"toValue":1,"duration":\(1 + d),"autoreverses":true,
         "repeatCount":"infinity","timingFunction":"easeInEaseOut"},
        {"key":"path","type":"keyframe","keyPath":"position","values":[[0,0],[100,40],[200,0],[300,80],[\(i),\(i % 50)]],
         "keyTimes":[0,0.2,0.5,0.7,1],"duration":\(3 + d),"repeatCount":3,"timingFunction":"default"},
        {"key":"grow","type":"spring","keyPath":"bounds.size.width","fromValue":100,"toValue":200,"duration":2,
         "damping":\(8 + Double(i % 5)),"beginTime":\(d)},
        {"key":"tint","type":"group","duration":\(g),"repeatCount":2,"animations":[
          {"type":"basic","keyPath":"backgroundColor","fromValue":"#ff0000","toValue":"#0000ffff","duration":3,
           "timingFunction":"cubic-bezier(0.3,0.1,0.2,1)"}]}
        ]}
        """)
    }
    let keys = keyPaths.map { "\"\($0)\"" }.joined(separator: ",")
    return
      "{\"layers\":[\(layers.joined(separator: ","))],\"sample\":{\"from\":0,\"to\":\(599.0 / 60),\"fps\":60},\"keyPaths\":[\(keys)]}"
  }

  static func seconds(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let d = clock.measure(body).components
    return Double(d.seconds) + Double(d.attoseconds) / 1e18
  }

  /// The fastest of `runs` runs: on a shared virtual machine the other runs measure the
  /// neighbours too (the median is printed beside it).
  static func best(_ runs: Int, _ body: () -> Void) -> (best: Double, median: Double) {
    let all = (0..<runs).map { _ in seconds(body) }.sorted()
    return (all[0], all[runs / 2])
  }

  static func profileSampling() {
    var configuration = APIConfiguration()
    configuration.maxTimelineValues = 10_000_000
    guard
      let prepared = try? PreparedTimeline(
        json: Array(requestJSON().utf8), configuration: configuration)
    else { return }
    var total = 0
    for _ in 0..<20 { total += prepared.sample().layers.count }
    print(total)
  }

  static func sampling(runs: Int) {
    for distinct in [false, true] {
      var configuration = APIConfiguration()
      configuration.maxTimelineValues = 10_000_000
      guard
        let prepared = try? PreparedTimeline(
          json: Array(requestJSON(distinctTimings: distinct).utf8), configuration: configuration)
      else { return print("the standard scene did not plan") }
      let values = Double(prepared.times.count * prepared.outputs.valuesPerSample)
      var layers = 0
      let (best, median) = best(max(runs, 1)) { layers += prepared.sample().layers.count }
      let shared = prepared.plan.sharedTimings
      print(
        (distinct ? "  no timing shared        " : "sample (engine, 1 core)   ")
          + "\(fixed(best * 1000, 1)) ms   "
          + "\(fixed(values / best / 1e6, 1)) M property-values/s   [median \(fixed(values / median / 1e6, 1))]"
          + "   \(shared.steps) of \(prepared.plan.stepCount) steps share \(shared.timings) timings"
          + (layers > 0 ? "" : " (no layers)"))
    }
  }

  /// A POST of a JSON body, as the benchmarks send it through `TimingService.handle`.
  static func post(_ target: String, _ body: [UInt8]) -> HTTPRequest {
    HTTPRequest(
      method: .post, target: target,
      headers: HTTPFields([
        (HTTPField.Name.host, "bench"), (HTTPField.Name.contentType, "application/json"),
      ]), body: body)
  }

  /// The answer to `request` when it is a 200; else nil, with what failed printed.
  static func answered(_ service: TimingService, _ request: HTTPRequest, _ what: String)
    -> HTTPResponse?
  {
    let answer = service.handle(request)
    guard answer.status.code == 200 else {
      print(
        "\(what) request failed: \(answer.status.code) \(String(decoding: answer.body.prefix(400), as: UTF8.self))"
      )
      return nil
    }
    return answer
  }

  static func run() {
    let json = Array(requestJSON().utf8)
    var configuration = APIConfiguration()
    configuration.maxTimelineValues = 10_000_000
    let service = TimingService(configuration: configuration)
    let request = post("/v1/timelines", json)
    guard let probe = answered(service, request, "timeline") else { return }
    // The stages alone: parse + decode + plan once, then sample (one core), then sample and
    // encode as the route streams it.
    guard let prepared = try? PreparedTimeline(json: json, configuration: configuration) else {
      return
    }
    let (outputs, times) = (prepared.outputs, prepared.times)
    let values = Double(times.count * outputs.valuesPerSample)
    let (sampleSeconds, sampleMedian) = best(9) { _ = prepared.sample() }
    // The same scene with a timing of its own for every animation: nothing to share.
    var unshared = 0.0
    if let distinct = try? PreparedTimeline(
      json: Array(requestJSON(distinctTimings: true).utf8), configuration: configuration)
    {
      unshared = best(9) { _ = distinct.sample() }.best
    }
    let (planSeconds, _) = best(5) {
      _ = try? PreparedTimeline(json: json, configuration: configuration)
    }
    // The document as the route writes it (`TimelineStream`): sampled a block at a time as it
    // is encoded, so this is sampling and encoding together, the served path.
    let streamBytes = prepared.json().count
    let (streamSeconds, streamMedian) = best(9) { _ = prepared.json() }
    var responseBytes = 0
    // Large timelines are streamed: collect the pieces, as a client would read them.
    let (endToEnd, endToEndMedian) = best(5) {
      responseBytes = service.handle(request).collectedBody().count
    }

    print(
      "\ntimeline — standard scene: \(layerCount) layers × 4 animations (basic, keyframe, spring, group),"
    )
    print(
      "           \(times.count) samples, \(outputs.valuesPerSample / layerCount) key paths per layer = "
        + "\(Int(values)) property-values")
    print("  (best of 9 runs; median in brackets)")
    print("  request JSON              \(json.count / 1024) KiB")
    print("  parse + decode + plan     \(fixed(planSeconds * 1000, 1)) ms")
    print(
      "  sample (engine, 1 core)   \(fixed(sampleSeconds * 1000, 1)) ms   "
        + "\(fixed(values / sampleSeconds / 1e6, 1)) M property-values/s   [\(fixed(values / sampleMedian / 1e6, 1))]"
        + "   \(prepared.plan.sharedTimings.steps) steps share \(prepared.plan.sharedTimings.timings) timings"
    )
    print(
      "    no timing shared        \(fixed(unshared * 1000, 1)) ms   "
        + "\(fixed(values / unshared / 1e6, 1)) M property-values/s")
    print(
      "  sample + encode JSON      \(fixed(streamSeconds * 1000, 1)) ms   \(streamBytes / 1_000_000) MB   "
        + "\(fixed(Double(streamBytes) / streamSeconds / 1e6, 0)) MB/s   [\(fixed(Double(streamBytes) / streamMedian / 1e6, 0))]"
        + "   (streamed, as served)")
    print(
      "  end to end (handle)       \(fixed(endToEnd * 1000, 1)) ms   \(responseBytes / 1_000_000) MB response   "
        + "\(fixed(Double(responseBytes) / endToEnd / 1e6, 0)) MB/s   [\(fixed(Double(responseBytes) / endToEndMedian / 1e6, 0))]"
    )
  }
}
