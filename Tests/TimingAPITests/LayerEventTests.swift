import Foundation
import Testing

/// insertLayer, removeLayer and replaceLayer through the whole service, in process
/// (semantics.md §5.1).
@Suite struct LayerEventTests {
  @Test func insertRemoveReplace() throws {
    let api = ServiceHarness()
    let response = api.postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "root", "actions": {"sublayers": null}, "sublayers": [{"name": "old"}]}],
       "events": [
         {"time": 1, "insertLayer": {"parent": "root", "layer": {
            "name": "badge", "properties": {"opacity": 1},
            "actions": {"onOrderIn":
              {"type": "transition", "transitionType": "fade", "duration": 1}}}}},
         {"time": 2, "replaceLayer": {"layer": "old", "with": {"name": "new"}}},
         {"time": 3, "removeLayer": {"layer": "badge"}}],
       "sample": {"times": [1.5, 3.5]}, "keyPaths": ["transition"]}
      """)
    #expect(response.status == 200, "\(response.text.prefix(400))")
    let records = (response.json["actions"] as? [[String: Any]] ?? []).map {
      let time = $0["time"] as? Double ?? -1
      let layer = $0["layer"] as? String ?? ""
      return "\(time) \(layer).\($0["key"] as? String ?? ""):\($0["decidedBy"] as? String ?? "")"
    }
    #expect(
      records == [
        "1.0 badge.onOrderIn:actions", "1.0 root.sublayers:actions", "2.0 new.transition:none",
        "2.0 root.sublayers:actions",
        "3.0 badge.onOrderOut:none", "3.0 root.sublayers:actions",
      ])
    let badge =
      ((response.json["layers"] as? [String: Any])?["badge"] as? [String: Any])?["transition"]
      as? [Any] ?? []
    #expect((badge.first as? [Double]) == [0.5, 0, 0, 0, 0])
    #expect(badge.last is NSNull)  // removed at 3: its transition stopped
  }

  @Test func removingALayerTwice() throws {
    let api = ServiceHarness()
    let response = api.postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "a"}, {"name": "b"}],
       "events": [{"time": 2, "removeLayer": {"layer": "a"}},
                  {"time": 1, "removeLayer": {"layer": "a"}},
                  {"time": 1, "insertLayer": {"parent": "nobody", "layer": {"name": "b"}}}],
       "sample": {"times": [0]}}
      """)
    #expect(response.status == 422)
    #expect(
      Set(response.errorPointers) == [
        "/events/0/removeLayer/layer", "/events/2/insertLayer/layer/name",
        "/events/2/insertLayer/parent",
      ],
      "\(response.errorPointers)")
  }
}
