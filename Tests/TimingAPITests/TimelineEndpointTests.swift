import Foundation
import Testing

/// POST /v1/timelines through the whole service, in process; expected values by hand
/// calculation or from semantics.md's worked examples.
@Suite struct TimelineEndpointTests {
  /// One layer "a" with the given model properties and animations, sampled at `times`.
  func scene(
    _ animations: String, properties: String = "{}", times: [Double], keyPaths: [String]? = nil
  ) -> String {
    let keys =
      keyPaths.map { ", \"keyPaths\": [" + $0.map { "\"\($0)\"" }.joined(separator: ",") + "]" }
      ?? ""
    return """
      {"layers": [{"name": "a", "properties": \(properties), "animations": [\(animations)]}],
       "sample": {"times": [\(times.map { String($0) }.joined(separator: ","))]}\(keys)}
      """
  }

  func post(_ api: ServiceHarness, _ body: String) -> [String: Any] {
    let response = api.postJSON("/v1/timelines", body)
    #expect(response.status == 200, "\(response.text.prefix(600))")
    return response.json
  }

  func column(_ json: [String: Any], _ keyPath: String, layer: String = "a") -> [Any] {
    ((json["layers"] as? [String: Any])?[layer] as? [String: Any])?[keyPath] as? [Any] ?? []
  }

  func numbers(_ json: [String: Any], _ keyPath: String) -> [Double] {
    column(json, keyPath).map { ($0 as? NSNumber)?.doubleValue ?? .nan }
  }

  func close(_ a: [Double], _ b: [Double], _ tolerance: Double = 1e-9) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
  }

  // MARK: semantics.md §1.4

  @Test(arguments: [
    ("removed", true, 1.0, 1.0), ("removed", false, 1.0, 1.0), ("backwards", true, 0.2, 1.0),
    ("backwards", false, 0.2, 1.0),
    ("forwards", true, 1.0, 1.0), ("forwards", false, 1.0, 0.8), ("both", true, 0.2, 1.0),
    ("both", false, 0.2, 0.8),
  ])
  func fillModeTable(_ fill: String, _ removed: Bool, _ before: Double, _ after: Double) throws {
    let api = ServiceHarness()
    let json = post(
      api,
      scene(
        #"""
        {"type": "basic", "keyPath": "opacity", "fromValue": 0.2, "toValue": 0.8, "duration": 1,
         "beginTime": 1, "fillMode": "\#(fill)", "removedOnCompletion": \#(removed)}
        """#,
        times: [0.5, 1.5, 3]))
    #expect(close(numbers(json, "opacity"), [before, 0.5, after]), "\(fill) \(removed)")
  }

  /// autoreverses with repeatCount 1.5 (AD = 3): forward, back, forward; the end holds x = 1.
  @Test func autoreverseWithFractionalRepeat() throws {
    let api = ServiceHarness()
    let json = post(
      api,
      scene(
        """
        {"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1,
         "autoreverses": true, "repeatCount": 1.5, "fillMode": "forwards",
         "removedOnCompletion": false}
        """,
        times: [0.25, 1.25, 2.25, 3, 9], keyPaths: ["position.x"]))
    #expect(close(numbers(json, "position.x"), [25, 75, 25, 100, 100]))
  }

  /// Apple's guide: duration 2 × repeatCount 3.5 = 7 s; forwards fill freezes halfway.
  @Test func repeatThreeAndAHalf() throws {
    let api = ServiceHarness()
    let json = post(
      api,
      scene(
        """
        {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 2,
         "repeatCount": 3.5, "fillMode": "forwards", "removedOnCompletion": false, "key": "r"}
        """,
        times: [6.5, 7, 8]))
    #expect(close(numbers(json, "opacity"), [0.25, 0.5, 0.5]))
    let events = json["events"] as? [[String: Any]] ?? []
    #expect(events.compactMap { $0["time"] as? Double } == [0, 7])
    #expect(events.last?["finished"] as? Bool == true)
  }

  // MARK: semantics.md §3.3: the seven cases (model position.x = 100)

  @Test(arguments: [
    (#""fromValue": 10, "toValue": 20"#, 10.0, 20.0), (#""fromValue": 10, "byValue": 5"#, 10, 15),
    (#""byValue": 5, "toValue": 20"#, 15, 20), (#""fromValue": 10"#, 10, 100),
    (#""toValue": 20"#, 100, 20),
    (#""byValue": 5"#, 100, 105), ("", 100, 100),
  ])
  func basicEnds(_ ends: String, _ start: Double, _ end: Double) throws {
    let api = ServiceHarness()
    let comma = ends.isEmpty ? "" : ", "
    let json = post(
      api,
      scene(
        #"""
        {"type": "basic", "keyPath": "position.x", "duration": 1, "fillMode": "both",
         "removedOnCompletion": false\#(comma)\#(ends)}
        """#,
        properties: #"{"position": [100, 50]}"#, times: [0, 0.5, 1], keyPaths: ["position.x"]))
    #expect(close(numbers(json, "position.x"), [start, (start + end) / 2, end]), "\(ends)")
  }

  // MARK: semantics.md §3.4

  @Test func keyframeModes() throws {
    let api = ServiceHarness()
    func run(_ extra: String, _ values: String, _ times: [Double]) -> [Double] {
      numbers(
        post(
          api,
          scene(
            #"""
            {"type": "keyframe", "keyPath": "position.x", "duration": 1,
             "values": \#(values)\#(extra)}
            """#,
            times: times,
            keyPaths: ["position.x"])),
        "position.x")
    }
    // semantics.md's discrete and paced examples.
    #expect(
      run(
        #", "calculationMode": "discrete", "keyTimes": [0, 0.25, 0.5, 0.75, 1]"#,
        "[310, 60, 120, 60]", [0.1, 0.3, 0.6, 0.9])
        == [310, 60, 120, 60])
    #expect(
      close(run(#", "calculationMode": "paced""#, "[310, 60, 120, 60, 310]", [0.25]), [155]))
    // linear with keyTimes: halfway through the first fifth.
    #expect(close(run(#", "keyTimes": [0, 0.2, 1]"#, "[0, 100, 0]", [0.1, 0.6]), [50, 50]))
    // Catmull–Rom, hand calculation 5.625 (see the engine test).
    #expect(close(run(#", "calculationMode": "cubic""#, "[0, 10, 0]", [0.25]), [5.625]))
    // Evenly spaced collinear values: cubicPaced moves at constant speed, exactly (issue 12).
    #expect(
      close(run(#", "calculationMode": "cubicPaced""#, "[0, 10, 20]", [0.25, 0.5]), [5, 10]))
  }

  @Test func keyframePathWithRotation() throws {
    let api = ServiceHarness()
    let json = post(
      api,
      scene(
        """
        {"type": "keyframe", "keyPath": "position", "duration": 2, "path": "M0,0 L100,0 L100,100",
         "calculationMode": "paced", "rotationMode": "auto"}
        """,
        times: [0.5, 1.5], keyPaths: ["position", "transform.rotation.z"]))
    let positions = column(json, "position") as? [[Double]] ?? []
    #expect(
      positions.count == 2 && close(positions[0], [50, 0]) && close(positions[1], [100, 50]))
    #expect(close(numbers(json, "transform.rotation.z"), [0, Double.pi / 2]))
  }

  // MARK: semantics.md §3.5: each regime, against the closed forms by hand

  @Test func springRegimes() throws {
    let api = ServiceHarness()
    for (damping, expected) in [
      (10.0, 1 - 0.6597),  // under: semantics.md's 0.340300 at 0.1 s
      (20.0, 1 - 2 * exp(-1.0)),  // critical: (1 + 10t)e^{−10t} at 0.1
      (25.0, 1 - (4.0 / 3 * exp(-0.5) - 1.0 / 3 * exp(-2.0))),  // over: C1 e^{−5t} + C2 e^{−20t}
    ] {
      let json = post(
        api,
        scene(
          #"""
          {"type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 2,
           "damping": \#(damping)}
          """#,
          times: [0.1]))
      #expect(close(numbers(json, "opacity"), [expected], 1e-4), "damping \(damping)")
    }
    // semantics.md's peak: 1.163034 at 0.362760 s.
    let peak = post(
      api,
      scene(
        """
        {"type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 2}
        """,
        times: [0.362760]))
    #expect(close(numbers(peak, "opacity"), [1.163034], 1e-6))
  }

  // MARK: semantics.md §3.1 transforms

  @Test func fullTurnExamples() throws {
    let api = ServiceHarness()
    let turn = post(
      api,
      scene(
        """
        {"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0,
         "toValue": 6.283185307179586, "duration": 1}
        """,
        times: [0.5]))
    let half = (column(turn, "transform") as? [[Double]])?.first ?? []
    #expect(close(half, [-1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], 1e-12))
    let matrix = post(
      api,
      scene(
        """
        {"type": "basic", "keyPath": "transform", "fromValue": [],
         "toValue": [{"rotate": 6.283185307179586}], "duration": 1}
        """,
        times: [0.5]))
    let still = (column(matrix, "transform") as? [[Double]])?.first ?? []
    #expect(close(still, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], 1e-12))
  }

  // MARK: semantics.md §3.6, §3.2

  @Test func groupsClipAndRepeat() throws {
    let api = ServiceHarness()
    let json = post(
      api,
      scene(
        """
        {"type": "group", "duration": 1, "repeatCount": 2, "animations": [
          {"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 200,
           "duration": 2}]}
        """,
        times: [0.5, 0.99, 1.5, 2.5], keyPaths: ["position.x"]))
    #expect(close(numbers(json, "position.x"), [50, 99, 50, 0]))
  }

  @Test func additiveAndCumulative() throws {
    let api = ServiceHarness()
    let additive = post(
      api,
      scene(
        """
        {"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 10, "duration": 1,
         "additive": true},
        {"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1,
         "additive": true}
        """,
        properties: #"{"position": {"x": 1000, "y": 0}}"#, times: [0.5], keyPaths: ["position.x"]))
    #expect(close(numbers(additive, "position.x"), [1055]))
    let cumulative = post(
      api,
      scene(
        """
        {"type": "basic", "keyPath": "position.y", "fromValue": 0, "toValue": 10, "duration": 1,
         "cumulative": true, "repeatCount": 3, "fillMode": "forwards", "removedOnCompletion": false}
        """,
        times: [0.5, 1.5, 2.5, 5], keyPaths: ["position.y"]))
    #expect(close(numbers(cumulative, "position.y"), [5, 15, 25, 30]))
  }

  // MARK: semantics.md §6

  @Test func delegateEvents() throws {
    let api = ServiceHarness()
    let json = post(
      api,
      scene(
        """
        {"key": "k", "type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1,
         "duration": 10},
        {"key": "k", "type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 1,
         "duration": 1, "addedAt": 2},
        {"key": "forever", "type": "basic", "keyPath": "cornerRadius", "fromValue": 0, "toValue": 4,
         "duration": 1, "repeatCount": "infinity"}
        """,
        times: [0]))
    let events = (json["events"] as? [[String: Any]] ?? []).map {
      let finished = ($0["finished"] as? Bool).map { "\($0)" } ?? ""
      let time = $0["time"] as? Double ?? -1
      return "\(time) \($0["key"] as? String ?? "-") \($0["event"] as? String ?? "") \(finished)"
    }
    #expect(
      events == [
        "0.0 k didStart ", "0.0 forever didStart ", "2.0 k didStop false", "2.0 k didStart ",
        "3.0 k didStop true",
      ])
    let first = (json["events"] as? [[String: Any]])?.first
    #expect(first?["animation"] as? String == "/layers/0/animations/0")
  }

  // MARK: Formats and keyPaths

  @Test func csvAndDefaultKeyPaths() throws {
    let api = ServiceHarness()
    let body = scene(
      """
      {"type": "basic", "keyPath": "position", "fromValue": [0, 0], "toValue": [100, 50],
       "duration": 1}
      """,
      properties: ##"{"opacity": 0.5, "backgroundColor": "#ff000080", "hidden": true}"##,
      times: [0, 0.5])
    let json = post(api, body)
    let layer = (json["layers"] as? [String: Any])?["a"] as? [String: Any] ?? [:]
    #expect(Set(layer.keys) == ["opacity", "backgroundColor", "hidden", "position"])
    #expect(column(json, "hidden") as? [Bool] == [true, true])
    let color = (column(json, "backgroundColor") as? [[Double]])?.first ?? []
    #expect(close(color, [1, 0, 0, 128.0 / 255]))
    let csv = api.request(
      "POST", "/v1/timelines?format=csv", headers: [("Content-Type", "application/json")],
      body: Array(body.utf8))
    #expect(csv.header("Content-Type")?.hasPrefix("text/csv") == true)
    let lines = csv.text.split(separator: "\r\n").map(String.init)
    #expect(
      lines.first
        == "time,a.opacity,a.backgroundColor.r,a.backgroundColor.g,a.backgroundColor.b,a.backgroundColor.a,a.hidden,a.position.x,a.position.y"
    )
    #expect(lines[1] == "0,0.5,1,0,0,0.5019607843137255,true,0,0")
    #expect(lines[2] == "0.5,0.5,1,0,0,0.5019607843137255,true,50,25")
    let byAccept = api.postJSON("/v1/timelines", body, headers: [("Accept", "text/csv")])
    #expect(byAccept.text == csv.text)
  }

  @Test func sampleRangeAndWarnings() throws {
    let api = ServiceHarness()
    let json = post(
      api,
      """
      {"layers": [{"name": "a", "animations": [
         {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1,
          "repeatCount": 2, "repeatDuration": 1.5}]}],
       "sample": {"from": 0, "to": 1, "fps": 4}}
      """)
    #expect(json["times"] as? [Double] == [0, 0.25, 0.5, 0.75, 1])
    let warnings = json["warnings"] as? [[String: Any]] ?? []
    #expect(warnings.first?["pointer"] as? String == "/layers/0/animations/0/repeatDuration")
  }
}
