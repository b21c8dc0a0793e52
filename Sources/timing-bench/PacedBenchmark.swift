import TimingAPI
import TimingEngine

/// Sampling cost of the paced keyframe modes (issue 12): arc length inverted at every sample.
/// The standard timeline scene has none, so these get their own figures: 200 layers, each one
/// paced animation, sampled at 1 000 times — 200 000 samples per scene, reported in ns per
/// sample (best of 9 runs, median in brackets).
enum PacedBenchmark {
  static let layerCount = 200
  static let sampleCount = 1_000

  static let scenes: [(name: String, keyPath: String, animation: String)] = [
    (
      "cubicPaced scalar, 6 values (issue 12)", "zPosition",
      #""values":[133.563,2.124,28.625,-7.188,128.043,-20.913],"calculationMode":"cubicPaced""#
    ),
    (
      "cubicPaced point, 6 values, TCB", "position",
      #""values":[[0,0],[100,40],[200,0],[300,80],[120,160],[0,0]],"calculationMode":"cubicPaced","#
        + #""tensionValues":[0,0.3,-0.2,0,0.5,0],"continuityValues":[0,-0.5,0.4,0,0,0],"#
        + #""biasValues":[0,0.2,0,-0.6,0,0]"#
    ),
    (
      "paced path: lines, Béziers, arcs; auto", "transform",
      #""path":"M0,0 L100,0 Q150,0 150,50 C150,120 60,80 40,160 A60,40 30 1 1 -20,100 Z","#
        + #""calculationMode":"paced","rotationMode":"auto""#
    ),
  ]

  static func requestJSON(_ keyPath: String, _ animation: String) -> String {
    let animated = keyPath == "transform" ? "position" : keyPath
    var layers: [String] = []
    for i in 0..<layerCount {
      layers.append(
        #"{"name":"l\#(i)","animations":[{"type":"keyframe","keyPath":"\#(animated)","duration":\#(1 + Double(i % 7) * 0.1),"repeatCount":"infinity",\#(animation)}]}"#
      )
    }
    let keys = keyPath == "transform" ? #"["position","transform"]"# : #"["\#(keyPath)"]"#
    return
      #"{"layers":[\#(layers.joined(separator: ","))],"sample":{"from":0,"to":\#(Double(sampleCount - 1) / 100),"fps":100},"keyPaths":\#(keys)}"#
  }

  /// `filter`: only the scenes whose name contains it (`timing-bench paced scalar`).
  static func run(filter: String? = nil) {
    var configuration = APIConfiguration()
    configuration.maxTimelineValues = 10_000_000
    print("\npaced keyframes — \(layerCount) layers × \(sampleCount) samples (best of 9; median)")
    for scene in scenes where filter.map(scene.name.contains) ?? true {
      let json = Array(requestJSON(scene.keyPath, scene.animation).utf8)
      let prepared: PreparedTimeline
      do {
        prepared = try PreparedTimeline(json: json, configuration: configuration)
      } catch {
        print("  \(scene.name): request failed: \(error)")
        continue
      }
      let count = Double(layerCount * sampleCount)
      let (best, median) = TimelineBenchmark.best(9) { _ = prepared.sample() }
      print(
        "  " + pad(scene.name, 42) + fixed(best / count * 1e9, 1) + " ns/sample   ["
          + fixed(median / count * 1e9, 1) + "]")
    }
    guard filter == nil else { return }
    // Building the animations: arc length is integrated when the plan is made. A path of
    // 5 000 relative cubics (as many as fit in path data's 100 000 bytes with one-digit
    // offsets) and a 1 000-value cubicPaced spline, with one sample each.
    var generator = SplitMixBench(seed: 12)
    func digit() -> String { String(Int(generator.next() % 19) - 9) }
    func coordinate() -> String { String(Int(generator.next() % 400) - 200) }
    var path = "M0,0"
    for _ in 0..<5_000 {
      path += "c" + (0..<6).map { _ in digit() }.joined(separator: ",")
    }
    let values = (0..<1_000).map { _ in "[\(coordinate()),\(coordinate())]" }
    for (name, animation) in [
      ("plan: paced path of 5 000 cubics", #""path":"\#(path)","calculationMode":"paced""#),
      (
        "plan: cubicPaced, 1 000 points",
        #""values":[\#(values.joined(separator: ","))],"calculationMode":"cubicPaced""#
      ),
    ] {
      let json = Array(
        #"{"layers":[{"name":"a","animations":[{"type":"keyframe","keyPath":"position","duration":1,\#(animation)}]}],"sample":{"times":[0.5]}}"#
          .utf8)
      do {
        _ = try PreparedTimeline(json: json, configuration: configuration)
      } catch {
        print("  \(name): request failed: \(error)")
        continue
      }
      let (best, median) = TimelineBenchmark.best(5) {
        _ = try? PreparedTimeline(json: json, configuration: configuration)
      }
      print(
        "  " + pad(name, 42) + fixed(best * 1e3, 2) + " ms   [" + fixed(median * 1e3, 2) + "]")
    }
  }
}

/// SplitMix64, so the generated path is the same in every run.
struct SplitMixBench {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
