import Foundation
import Testing

/// GET /v1/presets… and Canvas in timelines, through the whole service in process
/// (semantics.md §7).
@Suite struct PresetEndpointTests {
  @Test func listsEveryType() throws {
    let api = ServiceHarness()
    let presets = api.get("/v1/presets").json["presets"] as? [[String: Any]] ?? []
    #expect(presets.count == 29)
    let popDown = presets.first { $0["type"] as? String == "popDown" }
    #expect(popDown?["stepDuration"] as? String == "duration/3")
    let shake = presets.first { $0["type"] as? String == "shake" }
    #expect((shake?["steps"] as? [Any])?.count == 5)
  }

  /// bounceRight, duration 2, delay 0.5, screen 400 wide, 4 fps: start T(−400, 0) held through
  /// the delay, then 4 steps of 0.5 s (halfway through each is the midpoint: easeInEaseOut).
  @Test func expandedPreset() throws {
    let api = ServiceHarness()
    let json = api.get("/v1/presets/bounceRight?duration=2&delay=0.5&width=400&fps=4").json
    let keyframes = json["keyframes"] as? [String: Any] ?? [:]
    #expect(
      keyframes["times"] as? [Double] == [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.25, 2.5])
    let x = (keyframes["transform"] as? [[Double]] ?? []).map { $0[12] }
    let expected: [Double] = [-400, -400, -400, -195, 10, 2.5, -5, -1.5, 2, 1, 0]
    #expect(
      x.count == expected.count && zip(x, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(x)")
    let steps = json["steps"] as? [[String: Any]] ?? []
    #expect(steps.map { $0["begin"] as? Double } == [0.5, 1, 1.5, 2])
    let animations = json["animations"] as? [[String: Any]] ?? []
    #expect(animations.count == 4)
    #expect(
      animations.allSatisfy {
        $0["timingFunction"] as? String == "easeInEaseOut" && $0["additive"] as? Bool == true
      })
  }

  @Test func badPresetRequests() throws {
    let api = ServiceHarness()
    #expect(api.get("/v1/presets/wobble").status == 404)
    let bad = api.get("/v1/presets/pop?duration=-1&fps=abc&speed=2")
    #expect(bad.status == 422)
    #expect(Set(bad.errorParameters) == ["duration", "fps", "speed"])
    let tooMany = api.get("/v1/presets/pop?duration=10000&fps=1000")
    #expect(tooMany.problemType == "too-much-work")
  }

  /// A scene's Canvas view, a `{"type": "canvas"}` animation, and startCanvasAnimation with the
  /// recursion into a nested Canvas view.
  @Test func canvasInTimelines() throws {
    let api = ServiceHarness()
    let response = api.postJSON(
      "/v1/timelines",
      """
      {"screen": {"width": 200, "height": 600},
       "layers": [
         {"name": "card",
          "canvas": {"type": "fadeIn", "duration": 1, "pauseAnimationOnAwake": true},
          "sublayers": [{"name": "badge",
            "canvas": {"type": "slideLeft", "duration": 1, "pauseAnimationOnAwake": true}}]},
         {"name": "tile",
          "animations": [{"type": "canvas", "name": "zoomOut", "duration": 2, "addedAt": 1}]}],
       "events": [{"time": 2, "startCanvasAnimation": {"layer": "card"}}],
       "sample": {"times": [1.5, 2, 2.5, 3]},
       "keyPaths": ["opacity", "transform.translation.x", "transform.scale"]}
      """)
    #expect(response.status == 200, "\(response.text.prefix(500))")
    let layers = response.json["layers"] as? [String: [String: Any]] ?? [:]
    #expect(layers["card"]?["opacity"] as? [Double] == [1, 0, 0.5, 1])
    #expect(layers["badge"]?["transform.translation.x"] as? [Double] == [0, 200, 100, 0])
    // zoomOut from S(2) with α 0 at 1 to S(1) with α 1 at 3: halfway at 2.
    let scale = layers["tile"]?["transform.scale"] as? [Double] ?? []
    #expect(scale.count == 4 && abs(scale[1] - 1.5) < 1e-9 && scale[3] == 1)
    #expect(abs((layers["tile"]?["opacity"] as? [Double] ?? [])[1] - 0.5) < 1e-9)
  }
}
