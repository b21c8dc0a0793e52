import Foundation
import Testing

@testable import TimingAPI

/// `format=lottie` (docs/export.md "Lottie"): the document's shape, the players' limits it
/// is written for, and the mapping checked by hand; `scripts/lottie-check` renders every
/// document of its corpus with rlottie against the samples.
@Suite struct LottieExportTests {
  let api = ServiceHarness()

  func lottie(_ layers: String, to: Double = 2) -> [String: Any] {
    let response = api.postJSON(
      "/v1/timelines?format=lottie",
      #"{"layers": [\#(layers)], "sample": {"from": 0, "to": \#(to), "fps": 30}}"#)
    #expect(response.status == 200, "\(response.text.prefix(300))")
    #expect(response.header("Content-Type") == "video/lottie+json")
    return response.json
  }

  func layers(_ document: [String: Any]) -> [[String: Any]] {
    document["layers"] as? [[String: Any]] ?? []
  }

  /// Lottie 1.0's required members, frames from the samples (30 fps, 2 s: frames 0…60, `op`
  /// 61), and
  /// a shape layer with `ddd: 0` (rlottie reads a layer without it as 3D and drops its
  /// rotation) holding the bounds as a filled rectangle.
  @Test func documentShape() throws {
    let document = lottie(
      ##"{"name": "card", "properties": {"bounds": [0, 0, 80, 40], "position": [150, 100], "backgroundColor": "#ff0000"}}"##
    )
    #expect(document["ver"] as? Int == 10000)
    #expect(document["fr"] as? Double == 30)
    #expect(document["ip"] as? Double == 0)
    // One past the last sample: `op` is where the animation stops, not a frame it shows.
    #expect(document["op"] as? Double == 61)
    let layer = try #require(layers(document).first)
    #expect(
      layer["ty"] as? Int == 4 && layer["ddd"] as? Int == 0 && layer["nm"] as? String == "card")
    let ks = try #require(layer["ks"] as? [String: [String: Any]])
    // The anchor point (0.5, 0.5) of an 80 × 40 box, at the position.
    #expect(ks["a"]?["k"] as? [Double] == [40, 20])
    #expect(ks["p"]?["k"] as? [Double] == [150, 100])
    #expect(ks["s"]?["k"] as? [Double] == [100, 100])
    let group = try #require(
      (layer["shapes"] as? [[String: Any]])?.first?["it"] as? [[String: Any]])
    #expect(group.map { $0["ty"] as? String } == ["rc", "fl", "tr"])
    #expect((group[0]["s"] as? [String: Any])?["k"] as? [Double] == [80, 40])
    #expect((group[1]["c"] as? [String: Any])?["k"] as? [Double] == [1, 0, 0])
  }

  /// A Core Animation curve whose segment is sampled whole (filled forwards) is one segment
  /// with that curve's handles (o = (x1, y1), i = (x2, y2)), named to full precision; the last
  /// keyframe has neither `i` nor `o` (rlottie otherwise shows the end value throughout).
  @Test func aCoreAnimationCurveIsItsOwnHandles() throws {
    let document = lottie(
      #"{"name": "a", "properties": {"bounds": [0, 0, 10, 10]}, "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 300, "duration": 1, "timingFunction": "easeInEaseOut", "fillMode": "forwards", "removedOnCompletion": false}]}"#
    )
    let position = try #require(
      (layers(document).first?["ks"] as? [String: [String: Any]])?["p"])
    let keyframes = try #require(position["k"] as? [[String: Any]])
    #expect(keyframes.map { $0["t"] as? Double } == [0, 30, 60])
    #expect((keyframes[0]["o"] as? [String: [Double]])?["x"] == [0.42])
    #expect((keyframes[0]["o"] as? [String: [Double]])?["y"] == [0])
    #expect((keyframes[0]["i"] as? [String: [Double]])?["x"] == [0.58])
    #expect((keyframes[0]["i"] as? [String: [Double]])?["y"] == [1])
    #expect(keyframes[0]["n"] as? String == "at_0.42_0_0.58_1")
    #expect(keyframes.last?["i"] == nil && keyframes.last?["o"] == nil)
    let report = try #require(document["animationTiming"] as? [String: Any])
    let properties = try #require(
      (report["layers"] as? [[String: Any]])?.first?["properties"] as? [[String: Any]])
    #expect(properties.first?["property"] as? String == "position")
    #expect((properties.first?["maxError"] as? Double ?? 1) < 1e-9)
  }

  /// y at x of the easing with handles (x1, y1), (x2, y2), by bisection on the curve's
  /// parameter: written here, apart from the service's solver.
  static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double)
    -> Double
  {
    func coordinate(_ a: Double, _ b: Double, _ s: Double) -> Double {
      3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
    }
    var (lo, hi) = (0.0, 1.0)
    for _ in 0..<100 {
      let mid = (lo + hi) / 2
      if coordinate(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return coordinate(y1, y2, (lo + hi) / 2)
  }

  /// A spring's keyframes, played as Lottie plays them — straight, held, or through each
  /// segment's handles — are within the stated bound of the timeline's samples at every
  /// frame, and fitted curves are among them; `hidden` is held keyframes.
  @Test func springSegmentsAndHoldsPlayWithinTheBound() throws {
    let layer =
      #"{"name": "a", "properties": {"bounds": [0, 0, 10, 10]}, "animations": [{"type": "spring", "keyPath": "position.x", "fromValue": 0, "toValue": 200, "duration": 2, "damping": 6}, {"type": "keyframe", "keyPath": "hidden", "values": [false, true, false], "calculationMode": "discrete", "duration": 1.5}]}"#
    let document = lottie(layer)
    let timeline = api.postJSON(
      "/v1/timelines",
      #"{"layers": [\#(layer)], "sample": {"from": 0, "to": 2, "fps": 30}, "keyPaths": ["position", "hidden"]}"#
    ).json
    let columns = try #require(
      (timeline["layers"] as? [String: Any])?["a"] as? [String: Any])
    let xs = try #require(columns["position"] as? [[Double]]).map { $0[0] }
    let ks = try #require(layers(document).first?["ks"] as? [String: [String: Any]])
    let keyframes = try #require(ks["p"]?["k"] as? [[String: Any]])
    let report = try #require(
      ((document["animationTiming"] as? [String: Any])?["layers"] as? [[String: Any]])?.first?[
        "properties"] as? [[String: Any]])
    let position = try #require(report.first { $0["property"] as? String == "position" })
    #expect((position["curves"] as? Int ?? 0) > 0)
    let bound = try #require(position["bound"] as? Double)
    // The default length bound (docs/export.md "Bounds"), so the check below cannot pass on a
    // bound the export reports too wide.
    #expect(bound == 0.5)
    for (k, keyframe) in keyframes.dropLast().enumerated() {
      let next = keyframes[k + 1]
      let (f0, f1) = (keyframe["t"] as! Double, next["t"] as! Double)
      let (v0, v1) = ((keyframe["s"] as! [Double])[0], (next["s"] as! [Double])[0])
      let o = keyframe["o"] as? [String: [Double]]
      let i = keyframe["i"] as? [String: [Double]]
      for frame in Int(f0)...Int(f1) {
        let x = (Double(frame) - f0) / (f1 - f0)
        let y =
          keyframe["h"] as? Int == 1
          ? (x < 1 ? 0 : 1)
          : Self.bezier(o!["x"]![0], o!["y"]![0], i!["x"]![0], i!["y"]![0], at: x)
        let played = v0 + (v1 - v0) * y
        #expect(
          abs(played - xs[frame]) <= bound + 1e-6, "frame \(frame): \(played) vs \(xs[frame])")
      }
    }
    let opacity = try #require(ks["o"]?["k"] as? [[String: Any]])
    #expect(opacity.dropLast().allSatisfy { $0["h"] as? Int == 1 })
    let hidden = try #require(columns["hidden"] as? [Bool])
    for keyframe in opacity {
      let frame = Int(keyframe["t"] as! Double)
      #expect(((keyframe["s"] as! [Double])[0] == 0) == hidden[frame], "frame \(frame)")
    }
  }

  /// Rotation in degrees clockwise, scale in percent, opacity 0–100, by hand: a quarter turn
  /// scaled by 2 at half opacity.
  @Test func transformAndOpacityInLottiesUnits() throws {
    let document = lottie(
      #"{"name": "a", "properties": {"bounds": [0, 0, 10, 10], "opacity": 0.5, "transform": [{"rotate": 1.5707963267948966}, {"scale": 2}]}}"#
    )
    let ks = try #require(layers(document).first?["ks"] as? [String: [String: Any]])
    let rotation = try #require(ks["r"]?["k"] as? Double)
    #expect(abs(rotation - 90) < 1e-9)
    let scale = try #require(ks["s"]?["k"] as? [Double])
    #expect(abs(scale[0] - 200) < 1e-9 && abs(scale[1] - 200) < 1e-9)
    #expect(ks["o"]?["k"] as? Double == 50)
  }

  /// A sublayer is parented (`parent` is its superlayer's `ind`), listed before it (Lottie
  /// draws the first layer on top), and carries its superlayer's opacity, which Lottie's
  /// parenting does not.
  @Test func sublayersAreParented() throws {
    let document = lottie(
      #"{"name": "parent", "properties": {"bounds": [0, 0, 100, 100], "opacity": 0.5}, "sublayers": [{"name": "child", "properties": {"bounds": [0, 0, 10, 10], "opacity": 0.5}}]}"#
    )
    let list = layers(document)
    #expect(list.map { $0["nm"] as? String } == ["child", "parent"])
    #expect(list[0]["parent"] as? Int == list[1]["ind"] as? Int)
    #expect(((list[0]["ks"] as? [String: [String: Any]])?["o"]?["k"] as? Double) == 25)
  }

  /// From an attacker's pass: siblings in `zPosition` order (the higher drawn on top, so
  /// listed first); a negative size drawn as its extent; sample times no frame rate fits (1e-310
  /// apart) at 60 fps, every number finite; a parent's rotation bound tight enough for its
  /// sublayer 100 px out.
  @Test func zOrderSizesFrameRatesAndSublayerReach() throws {
    let ordered = lottie(
      #"{"name": "front", "properties": {"bounds": [0, 0, 10, 10], "zPosition": 10}}, {"name": "back", "properties": {"bounds": [0, 0, 10, 10]}}"#
    )
    #expect(layers(ordered).map { $0["nm"] as? String } == ["front", "back"])
    let negative = lottie(#"{"name": "a", "properties": {"bounds": [10, 10, -80, -40]}}"#)
    let group = try #require(
      (layers(negative).first?["shapes"] as? [[String: Any]])?.first?["it"] as? [[String: Any]])
    #expect((group[0]["s"] as? [String: Any])?["k"] as? [Double] == [80, 40])
    #expect(((group[0]["r"] as? [String: Any])?["k"] as? Double ?? -1) >= 0)
    let tiny = api.postJSON(
      "/v1/timelines?format=lottie",
      #"{"layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1}]}], "sample": {"times": [0, 1e-310]}}"#
    )
    #expect(tiny.status == 200 && tiny.json["fr"] as? Double == 60)
    #expect(!tiny.text.contains("null"))
    let swinging = lottie(
      #"{"name": "group", "properties": {"bounds": [0, 0, 0, 0]}, "animations": [{"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 6.283185307179586, "duration": 2, "timingFunction": "easeInEaseOut"}], "sublayers": [{"name": "child", "properties": {"bounds": [0, 0, 10, 10], "position": [100, 0]}}]}"#
    )
    let report = try #require(
      ((swinging["animationTiming"] as? [String: Any])?["layers"] as? [[String: Any]])?.first {
        $0["name"] as? String == "group"
      })
    let rotation = try #require(
      (report["properties"] as? [[String: Any]])?.first { $0["property"] as? String == "rotation" })
    // 0.5 px at about 107 px from the anchor (the child's far corner) is about 0.27°.
    #expect((rotation["bound"] as? Double ?? 1) < 0.3)
  }

  /// No sample times: a 422 naming `sample`, not an empty document (a document's frames are
  /// its samples). Writing one trapped on the first value of an empty column and took the
  /// server down; the next request shows it is still up.
  @Test func noSampleTimesIsRefused() throws {
    let response = api.postJSON(
      "/v1/timelines?format=lottie",
      #"{"layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1}]}], "sample": {"times": []}}"#
    )
    #expect(response.status == 422)
    #expect(response.errorPointers == ["/sample"])
    #expect(layers(lottie(#"{"name": "a"}"#, to: 0)).count == 1)
  }

  /// What Lottie 1.0 cannot express is named: a perspective transform.
  @Test func perspectiveIsNotExported() throws {
    let document = lottie(
      #"{"name": "a", "properties": {"bounds": [0, 0, 10, 10], "transform": [{"perspective": 500}, {"rotate": 0.5, "axis": [0, 1, 0]}]}}"#
    )
    let report = try #require(document["animationTiming"] as? [String: Any])
    let notExported = (report["layers"] as? [[String: Any]])?.first?["notExported"] as? [String]
    #expect(notExported?.contains { $0.hasPrefix("transform (perspective") } == true)
  }

  /// A property that stays within its bound of its first value is written still: a rotation
  /// read back from its matrix has a scale of 100 % to within rounding (cos² + sin² = 1 ± 1e-16),
  /// and a scale has a rotation of 0° exactly, so a turn animates `r` only and a scale `s` only.
  @Test func whatDoesNotMoveIsStill() throws {
    let turning = lottie(
      #"{"name": "a", "properties": {"bounds": [0, 0, 80, 40], "position": [150, 100]}, "animations": [{"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0.3, "toValue": 2.9, "duration": 2, "timingFunction": "easeInEaseOut"}]}"#
    )
    let ks = try #require(layers(turning).first?["ks"] as? [String: [String: Any]])
    #expect(ks["r"]?["a"] as? Int == 1)
    #expect(ks["s"]?["a"] as? Int == 0 && ks["p"]?["a"] as? Int == 0 && ks["a"]?["a"] as? Int == 0)
    let scale = try #require(ks["s"]?["k"] as? [Double])
    // Within the factor bound (0.002 × 100 %) of 100 %.
    #expect(scale.allSatisfy { abs($0 - 100) <= 0.2 })
    let scaling = lottie(
      #"{"name": "a", "properties": {"bounds": [0, 0, 80, 40], "position": [150, 100], "transform": [{"rotate": 0.7}]}, "animations": [{"type": "basic", "keyPath": "transform.scale", "fromValue": 0.5, "toValue": 1.5, "duration": 2}]}"#
    )
    let scaled = try #require(layers(scaling).first?["ks"] as? [String: [String: Any]])
    #expect(scaled["s"]?["a"] as? Int == 1)
    #expect(scaled["r"]?["a"] as? Int == 0)
    // 0.7 rad is 40.107°.
    #expect(abs((scaled["r"]?["k"] as? Double ?? 0) - 0.7 * 180 / Double.pi) < 1e-9)
    let report = try #require(turning["animationTiming"] as? [String: Any])
    let properties = try #require(
      (report["layers"] as? [[String: Any]])?.first?["properties"] as? [[String: Any]])
    #expect(properties.map { $0["property"] as? String } == ["rotation"])
  }

  /// A turn out of the screen's plane is drawn flat (Lottie players have no 3D) and says so in
  /// `animationTiming.warnings`, by how much: an 80 × 40 layer turned 0 → 1.2 rad about y
  /// under a perspective of 500 px (m34 = −1/500). By hand: a corner (x, y) from the anchor
  /// goes to (x·cos θ, y, −x·sin θ) with w = 1 + x·sin θ / 500; the document draws
  /// (x·cos θ, y), Core Animation that divided by w. The largest distance over the samples
  /// (θ = 1.2·t, t = 0, 1/30, …, 1) is computed below from that formula. Without perspective
  /// Core Animation draws the turn flat itself: 0 px, said so. A turn in the plane warns of
  /// nothing.
  @Test func aTurnOutOfThePlaneIsAWarning() throws {
    func warnings(_ document: [String: Any]) -> [[String: Any]] {
      (document["animationTiming"] as? [String: Any])?["warnings"] as? [[String: Any]] ?? []
    }
    let perspective = lottie(
      #"{"name": "card", "properties": {"bounds": [0, 0, 80, 40], "position": [150, 100], "transform": [{"perspective": 500}]}, "animations": [{"type": "basic", "keyPath": "transform.rotation.y", "fromValue": 0, "toValue": 1.2, "duration": 1, "fillMode": "forwards", "removedOnCompletion": false}]}"#,
      to: 1)
    var expected = 0.0
    for k in 0...30 {
      let theta = 1.2 * Double(k) / 30
      for (x, y) in [(-40.0, -20.0), (40, -20), (40, 20), (-40, 20)] {
        let w = 1 + x * sin(theta) / 500
        let (flatX, flatY) = (x * cos(theta), y)
        expected = max(expected, hypot(flatX / w - flatX, flatY / w - flatY))
      }
    }
    let warning = try #require(warnings(perspective).first)
    #expect(warning["pointer"] as? String == "")
    let message = try #require(warning["message"] as? String)
    #expect(message.contains("layer 'card'") && message.contains("transform.rotation.y"))
    // 1.2 rad is 68.75°.
    #expect(message.contains("up to 68.75°"), "\(message)")
    let px = try #require(
      message.firstMatch(of: /up to ([0-9.]+) px/).flatMap { Double($0.1) })
    #expect(abs(px - expected) <= 0.005, "\(message) against \(expected)")
    let flat = lottie(
      #"{"name": "card", "properties": {"bounds": [0, 0, 80, 40]}, "animations": [{"type": "basic", "keyPath": "transform.rotation.x", "fromValue": 0, "toValue": 0.5, "duration": 1}]}"#,
      to: 1)
    let orthographic = try #require(warnings(flat).first?["message"] as? String)
    #expect(orthographic.contains("transform.rotation.x") && orthographic.contains("0 px"))
    let inPlane = lottie(
      #"{"name": "card", "properties": {"bounds": [0, 0, 80, 40]}, "animations": [{"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 6.283185307179586, "duration": 1}]}"#,
      to: 1)
    #expect(warnings(inPlane).isEmpty)
  }

  /// Asked by `Accept`, and for a preset: the view in the middle of the screen, with the
  /// preset's keyframes.
  @Test func acceptAndPresets() throws {
    let accepted = api.postJSON(
      "/v1/timelines", #"{"layers": [{"name": "a"}], "sample": {"from": 0, "to": 1, "fps": 10}}"#,
      headers: [("Accept", "video/lottie+json")])
    #expect(accepted.status == 200 && accepted.header("Content-Type") == "video/lottie+json")
    let preset = api.get("/v1/presets/pop?format=lottie&fps=30&viewWidth=100&viewHeight=100")
    #expect(preset.status == 200)
    let document = preset.json
    #expect(document["w"] as? Int == 375 && document["h"] as? Int == 667)
    let ks = try #require(layers(document).first?["ks"] as? [String: [String: Any]])
    #expect(ks["p"]?["k"] as? [Double] == [187.5, 333.5])
    #expect(ks["s"]?["a"] as? Int == 1)
  }
}
