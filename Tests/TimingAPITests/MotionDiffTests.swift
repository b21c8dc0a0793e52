import Foundation
import Testing

@testable import TimingAPI

/// `POST /v1/diff` (docs/diff.md "Proof"): two animations compared as motion, each difference
/// worked out by hand from the documents, over HTTP in process.
@Suite struct MotionDiffTests {
  let api = ServiceHarness()

  /// A 30 fps document of one shape layer: a 40 × 20 rectangle filled with `red`, moved
  /// linearly from (0, 0) at frame 0 to (`x`, 0) at frame 30 and held, shown `ip`..`op`.
  static func document(x: Double = 100, red: Double = 0.2, op: Int = 60, name: String = "Ball")
    -> String
  {
    #"""
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": \#(op), "w": 200, "h": 100, "layers": [
      {"ty": 4, "nm": "\#(name)", "ind": 1, "ip": 0, "op": 60, "st": 0, "sr": 1,
       "ks": {"p": {"a": 1, "k": [
         {"t": 0, "s": [0, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
         {"t": 30, "s": [\#(x), 0]}]}},
       "shapes": [{"ty": "gr", "it": [
         {"ty": "rc", "p": {"a": 0, "k": [20, 10]}, "s": {"a": 0, "k": [40, 20]}, "r": {"a": 0, "k": 0}},
         {"ty": "fl", "c": {"a": 0, "k": [\#(red), 0.4, 0.6, 1]}, "o": {"a": 0, "k": 100}},
         {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]},
      {"ty": 4, "nm": "Still", "ind": 2, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [50, 50]}},
       "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}}]}]}
    """#
  }

  func diff(_ a: String, _ b: String, query: String = "") throws -> [String: Any] {
    let answer = api.postJSON("/v1/diff" + query, #"{"a": \#(a), "b": \#(b)}"#)
    #expect(answer.status == 200, "\(answer.text.prefix(400))")
    return answer.json
  }

  func pair(_ answer: [String: Any], _ key: String) throws -> [String: Any] {
    let layers = try #require(answer["layers"] as? [[String: Any]])
    return try #require(layers.first { $0["a"] as? String == key })
  }

  func largest(_ pair: [String: Any], _ measure: String) -> (Double, Double?) {
    let m = pair[measure] as? [String: Any] ?? [:]
    return (m["largest"] as? Double ?? .nan, m["time"] as? Double)
  }

  @Test func aFileAgainstItselfIsTheSame() throws {
    let text = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/lottie/ios__Issues__issue_2066.json"),
      encoding: .utf8)
    let answer = try diff(text, text)
    #expect(answer["same"] as? Bool == true)
    let layers = try #require(answer["layers"] as? [[String: Any]])
    #expect(layers.count == 61)
    for layer in layers {
      #expect(layer["matchedBy"] as? String == "key")
      #expect(largest(layer, "box").0 == 0 && largest(layer, "opacity").0 == 0)
      #expect((layer["visibility"] as? [String: Any])?["times"] as? Int == 0)
    }
    #expect((answer["onlyInA"] as? [Any])?.isEmpty == true)
  }

  /// The last keyframe moved from x 100 to 105: the layer is 5·f/30 px off at frame f ≤ 30,
  /// so 5 px first at frame 30 (1 s), and held; the other layer is untouched.
  @Test func aKeyframeMovedFivePixels() throws {
    let answer = try diff(Self.document(), Self.document(x: 105))
    #expect(answer["same"] as? Bool == false)
    let ball = try pair(answer, "/layers/0")
    let (box, time) = largest(ball, "box")
    #expect(abs(box - 5) <= 1e-9, "\(box) px")
    #expect(time == 1, "\(String(describing: time)) s")
    #expect(ball["same"] as? Bool == false)
    #expect((ball["box"] as? [String: Any])?["same"] as? Bool == false)
    let still = try pair(answer, "/layers/1")
    #expect(largest(still, "box").0 == 0 && still["same"] as? Bool == true)
    // Within a tolerance of 5 px it is the same.
    let tolerant = try diff(Self.document(), Self.document(x: 105), query: "?tolerance=5")
    #expect(tolerant["same"] as? Bool == true)
  }

  @Test func aColourChanged() throws {
    let answer = try diff(Self.document(), Self.document(red: 0.5))
    let colors = try #require(try pair(answer, "/layers/0")["colors"] as? [[String: Any]])
    #expect(colors.count == 1)
    #expect(colors.first?["a"] as? String == "/shapes/0/it/1")
    #expect(abs((colors.first?["largest"] as? Double ?? 0) - 0.3) <= 1e-12)
    #expect(colors.first?["time"] as? Double == 0)
    #expect(answer["same"] as? Bool == false)
  }

  /// The document's op from 60 to 45: frames 45…59 (1.5 s on) are drawn in a only — 15 times
  /// for each of the two layers.
  @Test func aShorterDocumentIsAVisibilityDifference() throws {
    let answer = try diff(Self.document(), Self.document(op: 45))
    for key in ["/layers/0", "/layers/1"] {
      let visibility = try #require(try pair(answer, key)["visibility"] as? [String: Any])
      #expect(visibility["times"] as? Int == 15)
      #expect(visibility["first"] as? Double == 1.5)
      #expect(visibility["drawnIn"] as? String == "a")
    }
    let times = try #require(answer["times"] as? [String: Any])
    #expect(times["count"] as? Int == 60)
  }

  /// A layer inserted before the others moved their pointers: they match by their names,
  /// said so, and the new one is only in b; a layer renamed in place still matches by pointer.
  @Test func layersMatchByNameWhereUnique() throws {
    let b = Self.document().replacingOccurrences(
      of: #""layers": ["#,
      with: #""layers": [{"ty": 3, "nm": "Other", "ind": 9, "ip": 0, "op": 60, "ks": {}}, "#)
    let answer = try diff(Self.document(), b)
    let layers = try #require(answer["layers"] as? [[String: Any]])
    let ball = try #require(layers.first { $0["name"] as? String == "Ball" })
    #expect(ball["a"] as? String == "/layers/0" && ball["b"] as? String == "/layers/1")
    #expect(ball["matchedBy"] as? String == "name")
    #expect(ball["same"] as? Bool == true)
    let only = try #require(answer["onlyInB"] as? [[String: Any]])
    #expect(only.map { $0["name"] as? String } == ["Other"])
    let renamed = try diff(Self.document(), Self.document(name: "Bell"))
    let bell = try pair(renamed, "/layers/0")
    #expect(bell["b"] as? String == "/layers/0" && bell["matchedBy"] as? String == "key")
  }

  /// Two scenes: a 100 × 50 layer at (200, 100) against one at (203, 104): every corner 5 px
  /// apart (a 3-4-5 triangle) — Core Animation's placement, by hand.
  @Test func twoScenesByHand() throws {
    let scene = { (x: Int, y: Int) in
      #"{"layers": [{"name": "card", "properties": {"bounds": [0, 0, 100, 50], "position": [\#(x), \#(y)]}}], "sample": {"from": 0, "to": 1, "fps": 10}}"#
    }
    let answer = try diff(scene(200, 100), scene(203, 104))
    let card = try pair(answer, "card")
    #expect(card["matchedBy"] as? String == "key")
    #expect(abs(largest(card, "box").0 - 5) <= 1e-12)
    #expect(largest(card, "box").1 == 0)
    let a = try #require(answer["a"] as? [String: Any])
    #expect(a["kind"] as? String == "scene" && a["frameRate"] as? Double == 10)
  }

  /// A scene against its own `?format=lottie` export: eased, turning and fading layers under a
  /// turned, scaled superlayer, within the export's stated bounds (`LottiePlaybackTests
  /// .tolerance`: per layer on the way 0.5 px of position, 0.5 px of rotation and 0.002 of
  /// 100 px of scale; opacity 0.002 a layer, with the superlayer's).
  @Test func aSceneAgainstItsLottieExport() throws {
    let scene = #"""
      {"layers": [{"name": "parent", "properties": {"bounds": [0, 0, 100, 100], "position": [150, 150], "transform": [{"rotate": 0.5235987755982988}, {"scale": 1.5}], "backgroundColor": "#3366ccff"},
        "animations": [{"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0.5, "toValue": 1.5, "duration": 1, "timingFunction": "easeInEaseOut", "fillMode": "forwards", "removedOnCompletion": false},
                       {"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0.4, "duration": 0.8, "timingFunction": "easeIn", "fillMode": "forwards", "removedOnCompletion": false}],
        "sublayers": [{"name": "child", "properties": {"bounds": [0, 0, 30, 16], "position": [70, 30], "anchorPoint": [0.2, 0.7]},
          "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 10, "toValue": 90, "duration": 0.8, "beginTime": 0.1, "timingFunction": "easeOut", "fillMode": "both", "removedOnCompletion": false},
                         {"type": "basic", "keyPath": "transform.scale.y", "fromValue": 1, "toValue": 0.5, "duration": 1, "fillMode": "forwards", "removedOnCompletion": false}]}]}],
       "sample": {"from": 0, "to": 1, "fps": 30}}
      """#
    let export = api.postJSON("/v1/timelines?format=lottie", scene)
    #expect(export.status == 200, "\(export.text.prefix(300))")
    let answer = try diff(scene, export.text, query: "?tolerance=2.4&opacityTolerance=0.004")
    #expect(answer["same"] as? Bool == true, "\(answer)")
    for name in ["parent", "child"] {
      let layer = try pair(answer, name)
      #expect(layer["matchedBy"] as? String == "name")
      #expect(largest(layer, "box").0 <= LottiePlaybackTests.tolerance(depth: 2))
      #expect(largest(layer, "opacity").0 <= 0.004)
      let colors = try #require(layer["colors"] as? [[String: Any]])
      #expect(colors.first?["a"] as? String == "backgroundColor")
      #expect((colors.first?["largest"] as? Double ?? 1) <= 1e-9)
    }
    // The export is not the scene: moved, it differs by what moved it.
    let moved = scene.replacingOccurrences(
      of: #""position": [150, 150]"#, with: #""position": [150, 160]"#)
    let far = try diff(moved, export.text)
    #expect(abs(largest(try pair(far, "parent"), "box").0 - 10) <= 2.4)
  }

  @Test func badInputNamesTheField() throws {
    let cases: [(String, String)] = [
      ("[]", ""),
      (#"{"a": 1, "b": {}}"#, "/a"),
      (#"{"a": {"fr": 30, "ip": 0, "op": 10, "layers": []}}"#, "/b"),
      (#"{"a": {"layers": []}, "b": {"layers": []}, "c": 0}"#, "/c"),
      (
        #"{"a": \#(Self.document()), "b": {"fr": 1e300, "ip": 0, "op": 10, "layers": []}}"#, "/b/fr"
      ),
      (
        #"{"a": {"layers": [{"name": 3}], "sample": {"from": 0, "to": 1, "fps": 10}}, "b": \#(Self.document())}"#,
        "/a/layers/0/name"
      ),
      (
        #"{"a": {"fr": 30, "ip": 0, "op": 10, "layers": [{"ty": 3, "ind": 1, "parent": 1, "ip": 0, "op": 10, "ks": {}}]}, "b": {"fr": 30, "ip": 0, "op": 10, "layers": []}}"#,
        "/a/layers/0/parent"
      ),
    ]
    for (body, pointer) in cases {
      let answer = api.postJSON("/v1/diff", body)
      #expect(answer.status == 422, "\(body.prefix(80)): \(answer.text.prefix(300))")
      let errors = answer.json["errors"] as? [[String: Any]] ?? []
      #expect(errors.contains { $0["pointer"] as? String == pointer }, "\(answer.text.prefix(400))")
    }
    // Too many times, or a bad list.
    let fast = api.postJSON(
      "/v1/diff?fps=1e6", #"{"a": \#(Self.document()), "b": \#(Self.document())}"#)
    #expect(fast.status == 422 && fast.text.contains(#""parameter":"fps""#))
    let list = api.postJSON(
      "/v1/diff?times=0,x", #"{"a": \#(Self.document()), "b": \#(Self.document())}"#)
    #expect(list.status == 422 && list.text.contains(#""parameter":"times""#))
    let both = api.postJSON(
      "/v1/diff?times=0&fps=3", #"{"a": \#(Self.document()), "b": \#(Self.document())}"#)
    #expect(both.status == 422)
    let tolerance = api.postJSON(
      "/v1/diff?tolerance=-1", #"{"a": \#(Self.document()), "b": \#(Self.document())}"#)
    #expect(tolerance.status == 422 && tolerance.text.contains(#""parameter":"tolerance""#))
  }
}
