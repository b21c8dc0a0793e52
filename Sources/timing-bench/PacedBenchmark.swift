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

  static func run() {
    var configuration = APIConfiguration()
    configuration.maxTimelineValues = 10_000_000
    print("\npaced keyframes — \(layerCount) layers × \(sampleCount) samples (best of 9; median)")
    for scene in scenes {
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
  }
}
