import Foundation
import Testing

/// The work cap counts a script's running animations times its samples.
@Suite struct ScriptWorkCapTests {
  /// Thousands of animations running at once, sampled thousands of times: refused before
  /// sampling (100 million step-samples; the default work budget is 60 million units).
  @Test func animationsTimesSamplesAreBounded() throws {
    let api = ServiceHarness()
    let animations = (0..<1000).map { _ in
      """
      {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1,
       "repeatCount": "infinity"}
      """
    }
    .joined(separator: ",")
    let response = api.postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "a", "animations": [\(animations)]}],
       "sample": {"from": 0, "to": 99.999, "fps": 1000}, "keyPaths": ["opacity"]}
      """)
    #expect(response.status == 422)
    #expect(response.problemType == "too-much-work")
    #expect((response.json["detail"] as? String)?.contains("1000 animations") == true)
  }
}
