import Foundation
import TestSupport
import Testing

/// A missing required field says "is required" (with what it is), wherever it is missing; a
/// field with a default is never called required; and an unknown name is a 404 in a path (no
/// such resource) but a 422 naming the field in a body (api.md "Errors").
@Suite struct RequiredFieldTests {
  func message(_ response: RawClient.Response, at pointer: String) -> String {
    response.errors.first { $0.pointer == pointer }?.message ?? "(no error at \(pointer))"
  }

  @Test func aMissingTypeIsRequiredNotAnEmptyName() {
    let api = ServiceHarness()
    let response = api.postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "a", "canvas": {"duration": 1},
        "animations": [{"keyPath": "opacity", "toValue": 1}, {"type": "", "keyPath": "opacity"}]}],
       "sample": {"times": [0]}}
      """)
    #expect(response.status == 422)
    let missing = message(response, at: "/layers/0/animations/0/type")
    #expect(missing.hasPrefix("is required: one of basic, "), "\(missing)")
    #expect(!missing.contains("''"), "\(missing)")
    // Given but empty is still "not one of".
    #expect(message(response, at: "/layers/0/animations/1/type").hasPrefix("'' is not one of"))
    #expect(message(response, at: "/layers/0/canvas/type").hasPrefix("is required: one of "))
  }

  /// Every required member of every body, missing: each message starts "is required".
  @Test(arguments: [
    ("/v1/timelines", "{}", ["/layers", "/sample"]),
    ("/v1/timelines", #"{"layers": [{}], "sample": {}}"#, ["/layers/0/name", "/sample/to"]),
    ("/v1/actions/resolve", "{}", ["/keys"]),
    ("/v1/timing-functions/evaluate", "{}", ["/function", "/x"]),
    (
      "/v1/timelines",
      #"{"layers": [{"name": "a"}], "sample": {"times": [0]}, "events": [{"set": [{"layer": "a"}]}]}"#,
      ["/events/0/time", "/events/0/set/0/keyPath"]
    ),
  ])
  func everyMissingFieldSaysIsRequired(_ path: String, _ body: String, _ pointers: [String]) {
    let response = ServiceHarness().postJSON(path, body)
    #expect(response.status == 422)
    for pointer in pointers {
      #expect(message(response, at: pointer).hasPrefix("is required"), "\(path) \(pointer)")
    }
  }

  /// `fps` defaults to 60 and `from` to 0: a missing `sample` names only `to` as needed.
  @Test func fpsIsNeverCalledRequired() {
    let response = ServiceHarness().postJSON("/v1/timelines", #"{"layers": []}"#)
    let text = message(response, at: "/sample")
    #expect(text.hasPrefix("is required: {\"to\"}"), "\(text)")
    #expect(text.contains("\"fps\", default 60") && text.contains("\"from\", default 0"), "\(text)")
    let defaults = ServiceHarness().postJSON(
      "/v1/timelines", #"{"layers": [{"name": "a"}], "sample": {"to": 0.05}}"#)
    #expect(defaults.status == 200)
    // 0 to 0.05 at the default 60 fps: 0, 1/60, 2/60, 3/60 (3/60 = 0.05 within the 1e-9 slack).
    let times = defaults.json["times"] as? [Double] ?? []
    #expect(times.count == 4)
    #expect(abs((times.last ?? 0) - 0.05) < 1e-15)
  }

  @Test func anUndampedSpringNeedsTo() {
    let response = ServiceHarness().get("/v1/timing-functions/spring(1,100,0,0)?samples=3")
    #expect(response.status == 422)
    #expect(response.errorParameters == ["to"])
    #expect(response.errors.first?.message.hasPrefix("is required") == true)
  }

  /// The same unknown curve: no resource at the path (404), a bad field in a body (422 with
  /// its pointer).
  @Test func unknownNameIs404InAPathAnd422InABody() {
    let api = ServiceHarness()
    let path = api.get("/v1/timing-functions/bogus")
    #expect(path.status == 404)
    #expect(path.problemType == "unknown-timing-function")
    let body = api.postJSON("/v1/timing-functions/evaluate", #"{"function": "bogus", "x": [0]}"#)
    #expect(body.status == 422)
    #expect(body.errorPointers == ["/function"])
    let preset = api.get("/v1/presets/bogus")
    #expect(preset.status == 404)
    let inScene = api.postJSON(
      "/v1/timelines",
      #"{"layers": [{"name": "a", "canvas": {"type": "bogus"}}], "sample": {"times": [0]}}"#)
    #expect(inScene.status == 422)
    #expect(inScene.errorPointers == ["/layers/0/canvas/type"])
  }
}
