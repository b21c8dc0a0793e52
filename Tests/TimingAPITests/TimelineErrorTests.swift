import Foundation
import Testing

/// Bad scenes: one 422 listing every problem with its pointer; nothing crashes.
@Suite struct TimelineErrorTests {
  @Test func everyProblemWithItsPointer() throws {
    let api = try APITestHarness()
    let response = try api.postJSON(
      "/v1/timelines",
      """
      {"layers": [
        {"name": "a", "properties": {"opacity": "high", "position": [1, 2, 3], "backgroundColor": "#zz0000"},
         "animations": [
          {"type": "basic", "keyPath": "position.z", "fromValue": 0},
          {"type": "basic", "keyPath": "opacity", "fromValue": [1, 2], "duration": -1},
          {"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 0.7, 0.5]},
          {"type": "basic", "keyPath": "bounds", "toValue": {"x": 0, "y": 0, "width": 1}},
          {"type": "wobble"},
          {"type": "basic", "keyPath": "opacity", "repeatCount": -2, "speed": 1e300}
         ]},
        {"name": "a"}
      ], "sample": {"from": 0, "to": 1, "fps": 0}, "extra": true}
      """)
    #expect(response.status == 422)
    #expect(response.problemType == "invalid-request")
    let expected: Set<String> = [
      "/layers/0/properties/opacity", "/layers/0/properties/position",
      "/layers/0/properties/backgroundColor",
      "/layers/0/animations/0/keyPath", "/layers/0/animations/1/fromValue",
      "/layers/0/animations/1/duration",
      "/layers/0/animations/2/keyTimes/2", "/layers/0/animations/3/toValue/height",
      "/layers/0/animations/4/type",
      "/layers/0/animations/5/repeatCount", "/layers/0/animations/5/speed", "/layers/1/name",
      "/sample/fps", "/extra",
    ]
    #expect(Set(response.errorPointers) == expected, "\(response.errorPointers)")
  }

  @Test func malformedAndHostileBodies() throws {
    let api = try APITestHarness()
    let huge = try api.postJSON("/v1/timelines", #"{"layers": [], "sample": {"times": [1e999]}}"#)
    #expect(huge.status == 400)
    #expect(huge.errorPointers == ["/sample/times/0"])
    let nanString = try api.postJSON(
      "/v1/timelines",
      #"{"layers": [{"name": "a", "properties": {"opacity": "NaN"}}], "sample": {"times": [0]}}"#)
    #expect(nanString.status == 422)
    #expect(nanString.errorPointers == ["/layers/0/properties/opacity"])
    var deep = #"{"layers": [{"name": "a", "sublayers": "#
    for i in 0..<40 { deep += #"[{"name": "n\#(i)", "sublayers": "# }
    deep += "[]" + String(repeating: "}]", count: 40) + "}], \"sample\": {\"times\": [0]}}"
    let nested = try api.postJSON("/v1/timelines", deep)
    #expect(nested.status == 400)  // deeper than the parser's 64 levels
    let missing = try api.postJSON("/v1/timelines", "{}")
    #expect(Set(missing.errorPointers) == ["/layers", "/sample"])
  }

  /// More than the work cap: a clear 422 naming the limit and the request's size; a scene just
  /// within it answers.
  @Test func workCap() throws {
    let api = try APITestHarness()
    let tooMany = try api.postJSON(
      "/v1/timelines",
      #"{"layers": [{"name": "a", "properties": {"transform": []}}], "sample": {"from": 0, "to": 1000, "fps": 1000}}"#
    )
    #expect(tooMany.status == 422)
    #expect(tooMany.errorPointers == ["/sample"])  // a million samples: over the sample limit
    // 4 layers × 16 numbers × 100 000 samples = 6.4 million numbers.
    let layers = (0..<4).map { #"{"name": "l\#($0)", "properties": {"transform": []}}"# }.joined(
      separator: ",")
    let many = try api.postJSON(
      "/v1/timelines",
      #"{"layers": [\#(layers)], "sample": {"from": 0, "to": 99.999, "fps": 1000}}"#)
    #expect(many.status == 422)
    #expect(many.problemType == "too-much-work")
    #expect((many.json["detail"] as? String)?.contains("5000000") == true)
    #expect((many.json["detail"] as? String)?.contains("100000 samples") == true)
    let within = try api.postJSON(
      "/v1/timelines",
      #"{"layers": [{"name": "a", "properties": {"opacity": 1}}], "sample": {"from": 0, "to": 99.999, "fps": 1000}}"#
    )
    #expect(within.status == 200)
  }

  @Test func unknownOutputKeyPath() throws {
    let api = try APITestHarness()
    let response = try api.postJSON(
      "/v1/timelines",
      #"{"layers": [{"name": "a"}], "sample": {"times": [0]}, "keyPaths": ["opacity", "position.q", "wobble"]}"#
    )
    #expect(response.status == 422)
    #expect(response.errorPointers == ["/keyPaths/1"])
  }
}

@Suite struct ScriptWorkCapTests {
  /// Thousands of animations running at once, sampled thousands of times: refused before
  /// sampling (100 million step-samples; the default work budget is 60 million units).
  @Test func animationsTimesSamplesAreBounded() throws {
    let api = try APITestHarness()
    let animations = (0..<1000).map { _ in
      #"{"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1, "repeatCount": "infinity"}"#
    }
    .joined(separator: ",")
    let response = try api.postJSON(
      "/v1/timelines",
      #"{"layers": [{"name": "a", "animations": [\#(animations)]}], "sample": {"from": 0, "to": 99.999, "fps": 1000}, "keyPaths": ["opacity"]}"#
    )
    #expect(response.status == 422)
    #expect(response.problemType == "too-much-work")
    #expect((response.json["detail"] as? String)?.contains("1000 animations") == true)
  }
}

@Suite struct ScriptExpansionBoundsTests {
  /// Every start repeats for every Canvas view below: 100 starts over 3 000 views would be 1.5
  /// million steps. Refused with a 422 naming the start.
  @Test func canvasStartsAreBounded() throws {
    let api = try APITestHarness()
    let views = (0..<3_000).map {
      #"{"name": "v\#($0)", "canvas": {"type": "pop", "duration": 1, "pauseAnimationOnAwake": true}}"#
    }
    let starts = (0..<100).map { #"{"time": \#($0), "startCanvasAnimation": {"layer": "root"}}"# }
    let response = try api.postJSON(
      "/v1/timelines",
      #"{"layers": [{"name": "root", "sublayers": [\#(views.joined(separator: ","))]}], "events": [\#(starts.joined(separator: ","))], "sample": {"times": [0]}}"#
    )
    #expect(response.status == 422)
    #expect(response.errorPointers.first?.hasPrefix("/events/") == true)
    #expect((response.json["detail"] as? String)?.contains("200000") == true)
  }

  /// A chain of inserted layers cannot build a tree deeper than 64 levels.
  @Test func insertedTreesAreBounded() throws {
    let api = try APITestHarness()
    let inserts = (0..<100).map { i in
      #"{"time": 1, "insertLayer": {"parent": "\#(i == 0 ? "root" : "n\(i - 1)")", "layer": {"name": "n\#(i)"}}}"#
    }
    let response = try api.postJSON(
      "/v1/timelines",
      #"{"layers": [{"name": "root"}], "events": [\#(inserts.joined(separator: ","))], "sample": {"times": [0]}}"#
    )
    #expect(response.status == 422)
    #expect((response.json["detail"] as? String)?.contains("deeper than 64") == true)
  }
}
