import Foundation
import Testing
import TimingEngine

@testable import TimingAPI

/// The service's own `?format=lottie` exports read back by `POST /v1/lottie/timeline`
/// (docs/lottie.md "Proof"): each exported layer's rectangle placed by the timeline's world
/// transform lands within the export's stated bound of the corners Core Animation's geometry
/// gives from the scene's samples, and within 1e-9 px of where `LottiePlaybackTests`' own
/// player (written apart from both) puts it.
@Suite struct LottieRoundTripTests {
  let playback = LottiePlaybackTests()
  let api = ServiceHarness()

  /// Under a superlayer turned 30°, scaled 1.5 and turning, three sublayers flipping about x or
  /// y under their own rotations (`LottiePlaybackTests.flipsUnderATurningParent`'s scene).
  static let scene: String = {
    let child = { (name: String, y: Int, angle: Double, keyPath: String, from: Int, to: Int) in
      #"{"name": "\#(name)", "properties": {"bounds": [0, 0, 30, 16], "position": [70, \#(y)], "transform": [{"rotate": \#(angle)}]}, "animations": [{"type": "basic", "keyPath": "\#(keyPath)", "fromValue": \#(from), "toValue": \#(to), "duration": 0.8, "beginTime": 0.1, "fillMode": "both", "removedOnCompletion": false}]}"#
    }
    return
      #"{"name": "parent", "properties": {"bounds": [0, 0, 100, 100], "position": [150, 150], "transform": [{"rotate": 0.5235987755982988}, {"scale": 1.5}]}, "animations": [{"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0.5235987755982988, "toValue": 1.0235987755982988, "duration": 1, "fillMode": "forwards", "removedOnCompletion": false}], "sublayers": ["#
      + child("x", 30, -0.6981317007977318, "transform.scale.x", 1, -1) + ", "
      + child("y", 50, 1.0471975511965976, "transform.scale.y", 1, -1) + ", "
      + child("back", 70, 0.3490658503988659, "transform.scale.x", -1, 1) + "]}"
  }()

  @Test func anExportReadsBackToItsSamples() throws {
    let export = api.postJSON(
      "/v1/timelines?format=lottie",
      #"{"layers": [\#(Self.scene)], "sample": {"from": 0, "to": 1, "fps": 30}}"#)
    #expect(export.status == 200, "\(export.text.prefix(300))")
    let document = export.json
    let frames = (0...120).map { Double($0) / 4 }
    let list = frames.map { numberText($0 / 30) }.joined(separator: ",")
    let timeline = api.postJSON("/v1/lottie/timeline?times=\(list)", export.body)
    #expect(timeline.status == 200, "\(timeline.text.prefix(300))")
    let columns = try #require(timeline.json["layers"] as? [String: [String: Any]])
    let info = try #require(timeline.json["layerInfo"] as? [String: [String: Any]])
    let samples = try playback.sampled(
      Self.scene, times: frames.map { $0 / 30 },
      parents: ["x": "parent", "y": "parent", "back": "parent"])
    // Each layer's rectangle (its group's first item), as the document states it.
    let layers = try #require(document["layers"] as? [[String: Any]])
    var worstSamples = 0.0
    var worstPlayer = 0.0
    for (k, frame) in frames.enumerated() {
      let played = LottiePlaybackTests.played(document, frame: frame)
      for (key, layerInfo) in info {
        let name = try #require(layerInfo["name"] as? String)
        let pointer = try #require(layerInfo["pointer"] as? String)
        let index = try #require(Int(pointer.split(separator: "/").last ?? ""))
        let group =
          (layers[index]["shapes"] as? [[String: Any]])?.first?["it"] as? [[String: Any]] ?? []
        let center = LottiePlaybackTests.value(group[0]["p"] as! [String: Any], at: frame)
        let size = LottiePlaybackTests.value(group[0]["s"] as! [String: Any], at: frame)
        let (w, h) = (size[0] / 2, size[1] / 2)
        let m = try #require((columns[key]?["transform"] as? [[Double]])?[k])
        let corners = [
          (center[0] - w, center[1] - h), (center[0] + w, center[1] - h),
          (center[0] + w, center[1] + h), (center[0] - w, center[1] + h),
        ].map { p in (m[0] * p.0 + m[4] * p.1 + m[12], m[1] * p.0 + m[5] * p.1 + m[13]) }
        for (got, want) in zip(corners, try #require(samples[k][name])) {
          worstSamples = max(worstSamples, hypot(got.0 - want.x, got.1 - want.y))
        }
        for (got, want) in zip(corners, try #require(played[name])) {
          worstPlayer = max(worstPlayer, hypot(got.0 - want.x, got.1 - want.y))
        }
      }
    }
    #expect(worstSamples <= LottiePlaybackTests.tolerance(depth: 2), "\(worstSamples) px")
    #expect(worstPlayer <= 1e-9, "\(worstPlayer) px from the test's own player")
  }
}
