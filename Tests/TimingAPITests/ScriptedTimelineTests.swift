import Foundation
import Testing

/// Scripted scenes through the whole service, in process: the published experiments (Apple's guide,
/// Lockwood ch. 7) (semantics.md §5).
@Suite struct ScriptedTimelineTests {
  func post(_ api: ServiceHarness, _ body: String) -> [String: Any] {
    let response = api.postJSON("/v1/timelines", body)
    #expect(response.status == 200, "\(response.text.prefix(600))")
    return response.json
  }

  func colors(_ json: [String: Any], _ layer: String) -> [[Double]] {
    ((json["layers"] as? [String: Any])?[layer] as? [String: Any])?["backgroundColor"]
      as? [[Double]] ?? []
  }

  func actions(_ json: [String: Any]) -> [[String: Any]] {
    json["actions"] as? [[String: Any]] ?? []
  }

  static let viewScene = """
    {"layers": [{"name": "view", "delegate": "view", "properties": {"backgroundColor": "#ffffff"}}],
     "events": [EVENT],
     "sample": {"times": [0.5, 1, 1.5, 2, 3]}, "keyPaths": ["backgroundColor"]}
    """

  /// Lockwood's experiment (iOS Core Animation, ch. 7, listing 7.4): a view-backed layer whose
  /// backgroundColor changes inside a transaction of duration 1 does not animate; the trace shows
  /// the delegate's NSNull.
  @Test func viewBackedLayerInATransactionDoesNotAnimate() throws {
    let api = ServiceHarness()
    let json = post(
      api,
      Self.viewScene.replacingOccurrences(
        of: "EVENT",
        with: """
          {"time": 1, "transaction": {"animationDuration": 1},
           "set": [{"layer": "view", "keyPath": "backgroundColor", "value": "#ff0000"}]}
          """))
    #expect(
      colors(json, "view") == [
        [1, 1, 1, 1], [1, 0, 0, 1], [1, 0, 0, 1], [1, 0, 0, 1], [1, 0, 0, 1],
      ])
    let record = actions(json).first
    #expect(record?["decidedBy"] as? String == "delegate")
    #expect((record?["trace"] as? [[String: Any]])?.first?["answer"] as? String == "NSNull")
    #expect(record?["action"] is NSNull)
    #expect(record?["change"] as? String == "/events/0/set/0")
  }

  /// The same change inside an animation block animates for the block's duration.
  @Test func insideAnAnimationBlockItAnimates() throws {
    let api = ServiceHarness()
    let json = post(
      api,
      Self.viewScene.replacingOccurrences(
        of: "EVENT",
        with: """
          {"time": 1, "animate": {"duration": 1, "options": ["curveLinear"]},
           "set": [{"layer": "view", "keyPath": "backgroundColor", "value": "#ff0000"}],
           "completion": "done"}
          """))
    // white → red over [1, 2]: green and blue fall from 1 to 0 linearly.
    let sampled = colors(json, "view")
    #expect(sampled.count == 5)
    #expect(sampled[0] == [1, 1, 1, 1] && sampled[1] == [1, 1, 1, 1])
    #expect(abs(sampled[2][1] - 0.5) < 1e-12 && abs(sampled[2][2] - 0.5) < 1e-12)
    #expect(sampled[3] == [1, 0, 0, 1] && sampled[4] == [1, 0, 0, 1])
    let events = json["events"] as? [[String: Any]] ?? []
    let completion = events.first { $0["event"] as? String == "completion" }
    #expect(completion?["name"] as? String == "done")
    #expect(completion?["time"] as? Double == 2)
    #expect(completion?["finished"] as? Bool == true)
  }

  /// Lockwood's standalone layer (iOS Core Animation, ch. 7) with `actions: {backgroundColor: push
  /// from left}`: the change runs that transition.
  @Test func standaloneLayerWithACustomAction() throws {
    let api = ServiceHarness()
    let json = post(
      api,
      """
      {"layers": [{"name": "host", "sublayers": [
         {"name": "colorLayer", "properties": {"backgroundColor": "#0000ff"},
          "actions": {"backgroundColor":
            {"type": "transition", "transitionType": "push", "subtype": "fromLeft"}}}]}],
       "events": [{"time": 1,
         "set": [{"layer": "colorLayer", "keyPath": "backgroundColor", "value": "#ff0000"}]}],
       "sample": {"times": [1.125, 2]}, "keyPaths": ["backgroundColor", "transition"]}
      """)
    let layer = (json["layers"] as? [String: Any])?["colorLayer"] as? [String: Any] ?? [:]
    let transition = layer["transition"] as? [Any] ?? []
    // 0.125 s into a 0.25 s push: progress 0.5, incoming −0.5, outgoing +0.5 along x.
    #expect((transition.first as? [Double]) == [0.5, -0.5, 0, 0.5, 0])
    #expect(transition.last is NSNull)
    #expect(actions(json).first?["decidedBy"] as? String == "actions")
  }

  /// Apple's listing 2: a delegate returning a push transition for contents.
  @Test func delegateTransitionForContents() throws {
    let api = ServiceHarness()
    let json = post(
      api,
      """
      {"layers": [{"name": "image", "properties": {"contents": "photo1"},
         "delegate": {"actions": {"contents": {"type": "transition", "transitionType": "push",
                                               "subtype": "fromRight", "duration": 1}}}}],
       "events": [{"time": 0,
         "set": [{"layer": "image", "keyPath": "contents", "value": "photo2"}]}],
       "sample": {"times": [0.25, 2]}, "keyPaths": ["contents", "transition"]}
      """)
    let layer = (json["layers"] as? [String: Any])?["image"] as? [String: Any] ?? [:]
    #expect((layer["contents"] as? [String]) == ["photo2", "photo2"])
    #expect(((layer["transition"] as? [Any])?.first as? [Double]) == [0.25, 0.75, 0, -0.25, 0])
    #expect(actions(json).first?["decidedBy"] as? String == "delegate")
  }

  @Test func disableActionsSuppressesEverything() throws {
    let api = ServiceHarness()
    let json = post(
      api,
      """
      {"layers": [{"name": "a", "properties": {"opacity": 1, "position": [0, 0]},
         "actions": {"opacity": {"type": "basic", "duration": 5}}}],
       "events": [{"time": 1, "transaction": {"disableActions": true, "animationDuration": 2},
         "set": [{"layer": "a", "keyPath": "opacity", "value": 0},
                 {"layer": "a", "keyPath": "position.x", "value": 50}]}],
       "sample": {"times": [1, 1.5]}, "keyPaths": ["opacity", "position.x"]}
      """)
    let layer = (json["layers"] as? [String: Any])?["a"] as? [String: Any] ?? [:]
    #expect(layer["opacity"] as? [Double] == [0, 0])
    #expect(layer["position.x"] as? [Double] == [50, 50])
    #expect(
      actions(json).map { $0["decidedBy"] as? String } == ["disableActions", "disableActions"])
    #expect((json["events"] as? [Any])?.isEmpty == true)
  }

  /// An implicit animation goes from the old presentation value to the new model value, and a
  /// nested transaction overrides the duration only for its own changes.
  @Test func implicitAndNestedTransactions() throws {
    let api = ServiceHarness()
    let json = post(
      api,
      """
      {"layers": [{"name": "a", "properties": {"opacity": 1, "cornerRadius": 0}}],
       "events": [{"time": 0,
          "transaction": {"animationDuration": 2, "animationTimingFunction": "linear",
            "transactions": [{"animationDuration": 1,
              "set": [{"layer": "a", "keyPath": "cornerRadius", "value": 10}]}]},
          "set": [{"layer": "a", "keyPath": "opacity", "value": 0}]}],
       "sample": {"times": [0.5, 1, 2]}, "keyPaths": ["opacity", "cornerRadius"]}
      """)
    let layer = (json["layers"] as? [String: Any])?["a"] as? [String: Any] ?? [:]
    #expect(layer["opacity"] as? [Double] == [0.75, 0.5, 0])
    #expect(layer["cornerRadius"] as? [Double] == [5, 10, 10])
  }

  @Test func addAndRemoveAnimationEvents() throws {
    let api = ServiceHarness()
    let json = post(
      api,
      """
      {"layers": [{"name": "a"}],
       "events": [{"time": 1, "addAnimation": {"layer": "a", "key": "spin", "animation":
                    {"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0,
                     "toValue": 6.283185307179586, "duration": 1, "repeatCount": "infinity"}}},
                  {"time": 2.5, "removeAnimation": {"layer": "a", "key": "spin"}}],
       "sample": {"times": [1.25, 3]}, "keyPaths": ["transform.rotation.z"]}
      """)
    let angles =
      ((json["layers"] as? [String: Any])?["a"] as? [String: Any])?["transform.rotation.z"]
      as? [Double] ?? []
    #expect(angles.count == 2 && abs(angles[0] - Double.pi / 2) < 1e-12 && angles[1] == 0)
    let events = (json["events"] as? [[String: Any]] ?? []).map {
      "\($0["time"] as? Double ?? -1) \($0["event"] as? String ?? "")"
    }
    #expect(events == ["1.0 didStart", "2.5 didStop"])
  }

  @Test func badScripts() throws {
    let api = ServiceHarness()
    let response = api.postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "a"}],
       "events": [{"time": 1, "set": [{"layer": "ghost", "keyPath": "opacity", "value": 1}]},
                  {"time": 1, "set": [{"layer": "a", "keyPath": "position.q", "value": 1},
                                      {"layer": "a", "keyPath": "opacity", "value": "#fff"}]},
                  {"time": -1, "removeAnimation": {"layer": "a"}},
                  {"time": 2, "set": [], "addAnimation": {"layer": "a"}},
                  {"time": 2, "animate": {"duration": 1, "options": ["curveBounce"]}, "set": []}],
       "sample": {"times": [0]}}
      """)
    #expect(response.status == 422)
    #expect(
      Set(response.errorPointers) == [
        "/events/0/set/0/layer", "/events/1/set/0/keyPath", "/events/1/set/1/value",
        "/events/2/time",
        "/events/2/removeAnimation/key", "/events/3", "/events/4/animate/options/0",
      ], "\(response.errorPointers)")
  }
}
