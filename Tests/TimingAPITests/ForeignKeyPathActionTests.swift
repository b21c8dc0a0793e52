import Testing
import TimingAPI

/// An action whose animation names another key path than the key that fired it (an `opacity`
/// action animating `transform` or `position`): Core Animation adds it under the key and it
/// animates its own property from presentation to model value — here unchanged, so nothing
/// moves — while the changed property takes its new value at once. Before the fix the changed
/// property's 1 number was handed to a 16- or 2-number animation: a trap that killed the
/// process (transform) or reads past the end of an array (position).
@Suite struct ForeignKeyPathActionTests {
  static func scene(actionKeyPath: String) -> String {
    """
    {"layers": [{"name": "a", "properties": {"position": [10, 20]},
                 "actions": {"opacity": {"type": "basic", "keyPath": "\(actionKeyPath)"}}}],
     "events": [{"time": 0.1, "set": [{"layer": "a", "keyPath": "opacity", "value": 0.5}]}],
     "sample": {"from": 0, "to": 1, "fps": 4},
     "keyPaths": ["opacity", "\(actionKeyPath)"]}
    """
  }

  @Test(arguments: ["transform", "position"])
  func actionForAnotherPropertyLeavesBothValuesExact(keyPath: String) throws {
    let api = ServiceHarness()
    let response = api.postJSON("/v1/timelines", Self.scene(actionKeyPath: keyPath))
    #expect(response.status == 200, "\(response.text.prefix(400))")
    let layer = try #require((response.json["layers"] as? [String: Any])?["a"] as? [String: Any])
    // Times 0, 0.25, …, 1: the change at 0.1 shows from 0.25 on, unanimated.
    #expect(layer["opacity"] as? [Double] == [1, 0.5, 0.5, 0.5, 0.5])
    let identity: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    let expected: [Double] = keyPath == "transform" ? identity : [10, 20]
    let values = try #require(layer[keyPath] as? [[Double]])
    #expect(values.count == 5)
    for value in values { #expect(value == expected, "\(values)") }
  }
}
