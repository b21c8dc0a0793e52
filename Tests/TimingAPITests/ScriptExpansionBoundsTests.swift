import Foundation
import Testing

/// Scripts that would expand past fixed bounds: Canvas starts over many views, inserted trees
/// deeper than 64 levels.
@Suite struct ScriptExpansionBoundsTests {
  /// Every start repeats for every Canvas view below: 100 starts over 3 000 views would be 1.5
  /// million steps. Refused with a 422 naming the start.
  @Test func canvasStartsAreBounded() throws {
    let api = ServiceHarness()
    let views = (0..<3_000).map {
      """
      {"name": "v\($0)", "canvas": {"type": "pop", "duration": 1, "pauseAnimationOnAwake": true}}
      """
    }
    let starts = (0..<100).map { #"{"time": \#($0), "startCanvasAnimation": {"layer": "root"}}"# }
    let response = api.postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "root", "sublayers": [\(views.joined(separator: ","))]}],
       "events": [\(starts.joined(separator: ","))], "sample": {"times": [0]}}
      """)
    #expect(response.status == 422)
    #expect(response.errorPointers.first?.hasPrefix("/events/") == true)
    #expect((response.json["detail"] as? String)?.contains("200000") == true)
  }

  /// A chain of inserted layers cannot build a tree deeper than 64 levels.
  @Test func insertedTreesAreBounded() throws {
    let api = ServiceHarness()
    let inserts = (0..<100).map { i in
      let parent = i == 0 ? "root" : "n\(i - 1)"
      return #"{"time": 1, "insertLayer": {"parent": "\#(parent)", "layer": {"name": "n\#(i)"}}}"#
    }
    let response = api.postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "root"}], "events": [\(inserts.joined(separator: ","))],
       "sample": {"times": [0]}}
      """)
    #expect(response.status == 422)
    #expect((response.json["detail"] as? String)?.contains("deeper than 64") == true)
  }
}
