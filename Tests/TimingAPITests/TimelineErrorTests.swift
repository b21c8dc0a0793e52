import Foundation
import Testing

/// Bad scenes, through the whole service in process: one 422 listing every problem with its
/// pointer; nothing crashes.
@Suite struct TimelineErrorTests {
  @Test func everyProblemWithItsPointer() throws {
    let api = ServiceHarness()
    let response = api.postJSON(
      "/v1/timelines",
      """
      {"layers": [
        {"name": "a",
         "properties": {"opacity": "high", "position": [1, 2, 3], "backgroundColor": "#zz0000"},
         "animations": [
          {"type": "basic", "keyPath": "position.z", "fromValue": 0},
          {"type": "basic", "keyPath": "opacity", "fromValue": [1, 2], "duration": -1},
          {"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0],
           "keyTimes": [0, 0.7, 0.5]},
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
    let api = ServiceHarness()
    let huge = api.postJSON("/v1/timelines", #"{"layers": [], "sample": {"times": [1e999]}}"#)
    #expect(huge.status == 400)
    #expect(huge.errorPointers == ["/sample/times/0"])
    let nanString = api.postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "a", "properties": {"opacity": "NaN"}}], "sample": {"times": [0]}}
      """)
    #expect(nanString.status == 422)
    #expect(nanString.errorPointers == ["/layers/0/properties/opacity"])
    var deep = #"{"layers": [{"name": "a", "sublayers": "#
    for i in 0..<40 { deep += #"[{"name": "n\#(i)", "sublayers": "# }
    deep += "[]" + String(repeating: "}]", count: 40) + "}], \"sample\": {\"times\": [0]}}"
    let nested = api.postJSON("/v1/timelines", deep)
    #expect(nested.status == 400)  // deeper than the parser's 64 levels
    let missing = api.postJSON("/v1/timelines", "{}")
    #expect(Set(missing.errorPointers) == ["/layers", "/sample"])
  }

  /// More than the work cap: a clear 422 naming the limit and the request's size; a scene just
  /// within it answers.
  @Test func workCap() throws {
    let api = ServiceHarness()
    let tooMany = api.postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "a", "properties": {"transform": []}}],
       "sample": {"from": 0, "to": 1000, "fps": 1000}}
      """)
    #expect(tooMany.status == 422)
    #expect(tooMany.errorPointers == ["/sample"])  // a million samples: over the sample limit
    // 4 layers × 16 numbers × 100 000 samples = 6.4 million numbers.
    let layers = (0..<4).map { #"{"name": "l\#($0)", "properties": {"transform": []}}"# }.joined(
      separator: ",")
    let many = api.postJSON(
      "/v1/timelines",
      #"{"layers": [\#(layers)], "sample": {"from": 0, "to": 99.999, "fps": 1000}}"#)
    #expect(many.status == 422)
    #expect(many.problemType == "too-much-work")
    #expect((many.json["detail"] as? String)?.contains("5000000") == true)
    #expect((many.json["detail"] as? String)?.contains("100000 samples") == true)
    let within = api.postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "a", "properties": {"opacity": 1}}],
       "sample": {"from": 0, "to": 99.999, "fps": 1000}}
      """)
    #expect(within.status == 200)
  }

  @Test func unknownOutputKeyPath() throws {
    let api = ServiceHarness()
    let response = api.postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "a"}], "sample": {"times": [0]},
       "keyPaths": ["opacity", "position.q", "wobble"]}
      """)
    #expect(response.status == 422)
    #expect(response.errorPointers == ["/keyPaths/1"])
  }
}
