import Foundation
import TestSupport
import Testing

/// Values that are exact in the scene come out exact, not within rounding noise: key values at
/// key times (paced paths included), an animation's end value, and the README's CSV example.
@Suite struct ExactValueTests {
  func column(_ response: RawClient.Response, _ layer: String, _ keyPath: String) -> [Any] {
    ((response.json["layers"] as? [String: Any])?[layer] as? [String: Any])?[keyPath] as? [Any]
      ?? []
  }

  /// Two mirror-image Bézier segments: half the arc length is the shared key point (200, 0).
  /// Before, the arc-length search stopped 1e-14 short of the segment end: y = 3.3e-14.
  @Test func pacedPathAtItsMiddleKeyPoint() {
    let response = ServiceHarness().postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "b", "animations": [{"type": "keyframe", "keyPath": "position",
        "path": "M0,0 C50,100 150,100 200,0 C250,-100 350,-100 400,0",
        "calculationMode": "paced", "duration": 1, "fillMode": "forwards",
        "removedOnCompletion": false}]}],
       "sample": {"times": [0, 0.5, 1]}}
      """)
    let points = column(response, "b", "position") as? [[Double]]
    #expect(points == [[0, 0], [200, 0], [400, 0]])
  }

  /// 0.2 → 0.9 → 3.3 at keyTimes 0, 0.5, 1, and a basic 1.1 → 0.3 held at its end: each key
  /// value exactly (from + (to − from) gives 0.8999999999999999 and 0.30000000000000004).
  @Test func keyValuesAndEndValuesAreExact() {
    let response = ServiceHarness().postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "a", "animations": [
        {"type": "keyframe", "keyPath": "opacity", "values": [0.2, 0.9, 3.3],
         "keyTimes": [0, 0.5, 1], "duration": 1, "fillMode": "forwards",
         "removedOnCompletion": false},
        {"type": "basic", "keyPath": "cornerRadius", "fromValue": 1.1, "toValue": 0.3,
         "duration": 1, "fillMode": "forwards", "removedOnCompletion": false}]}],
       "sample": {"times": [0, 0.5, 1, 2]}}
      """)
    #expect(column(response, "a", "opacity") as? [Double] == [0.2, 0.9, 3.3, 3.3])
    let radius = column(response, "a", "cornerRadius") as? [Double] ?? []
    #expect(radius.count == 4)
    // Halfway is not a given value: 1.1 − 0.4 in doubles, within an ulp or two of 0.7.
    #expect(radius.first == 1.1 && radius.suffix(2) == [0.3, 0.3] && abs(radius[1] - 0.7) < 1e-15)
  }

  /// The README's CSV example: the path's ends exactly, its middle (100, 75) to 1e-9 (the
  /// paced search's tolerance), and, removed on completion at t = 1, the model value 0.
  @Test func readmeCSVExample() {
    let response = ServiceHarness().postJSON(
      "/v1/timelines?format=csv",
      """
      {"layers": [{"name": "box", "animations": [{"type": "keyframe", "keyPath": "position",
        "path": "M0,0 C50,100 150,100 200,0", "calculationMode": "paced", "duration": 1}]}],
       "sample": {"times": [0, 0.25, 0.5, 0.75, 1]}}
      """)
    let rows = response.text.split(whereSeparator: \.isNewline).map {
      $0.split(separator: ",").map { Double($0) ?? .nan }
    }
    #expect(rows.count == 6)
    #expect(rows[1] == [0, 0, 0])
    #expect(abs(rows[3][1] - 100) < 1e-9 && abs(rows[3][2] - 75) < 1e-9)
    #expect(rows[5] == [1, 0, 0])
    #expect(!response.text.contains("e-"), "\(response.text)")
  }

  /// A spring has no CSS form: no `css` member (a Bézier keeps its own).
  @Test func springsHaveNoCSS() {
    let api = ServiceHarness()
    let spring = api.get("/v1/timing-functions/spring(1,100,10,0)?samples=2")
    #expect(spring.status == 200)
    let function = spring.json["function"] as? [String: Any] ?? [:]
    #expect(function["kind"] as? String == "spring")
    #expect(function["css"] == nil)
    let easeIn = api.get("/v1/timing-functions/easeIn?x=0.5").json["function"] as? [String: Any]
    #expect(easeIn?["css"] as? String == "ease-in")
  }
}
