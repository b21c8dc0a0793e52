import Foundation
import Testing

/// POST /v1/actions/resolve through the whole service, in process: the published experiments
/// (Apple's guide, Lockwood ch. 7) as lookups (semantics.md §5).
@Suite struct ActionEndpointTests {
  func resolve(_ api: ServiceHarness, _ body: String) -> [[String: Any]] {
    let response = api.postJSON("/v1/actions/resolve", body)
    #expect(response.status == 200, "\(response.text.prefix(400))")
    return response.json["results"] as? [[String: Any]] ?? []
  }

  func steps(_ result: [String: Any]) -> [String] {
    (result["trace"] as? [[String: Any]] ?? []).map {
      let depth = ($0["depth"] as? Int).map { "[\($0)]" } ?? ""
      return "\($0["step"] as? String ?? "")\(depth):\($0["answer"] as? String ?? "")"
    }
  }

  /// api.md's example, answer by answer.
  @Test func apiExample() throws {
    let api = ServiceHarness()
    let results = resolve(
      api,
      """
      {"layer": {"delegate": {"actions": {"position": null}},
                 "actions": {"opacity": {"type": "transition"}},
                 "style": {"actions": {}, "style": {"actions": {"bounds": {"type": "basic"}}}}},
       "transaction": {"disableActions": false, "animationDuration": 0.5},
       "keys": ["position", "opacity", "bounds", "backgroundColor", "onOrderIn"]}
      """)
    #expect(
      results.map { $0["decidedBy"] as? String } == [
        "delegate", "actions", "style", "defaultActionForKey", "none",
      ])
    #expect(steps(results[0]) == ["delegate:NSNull"])
    #expect(
      steps(results[2]) == ["delegate:nil", "actions:nil", "style[0]:nil", "style[1]:action"])
    let background = results[3]["action"] as? [String: Any]
    #expect(background?["keyPath"] as? String == "backgroundColor")
    #expect(background?["duration"] as? Double == 0.5)
    #expect(background?["timingFunction"] as? String == "default")
    #expect(steps(results[3]).last == "defaultActionForKey:action")
    #expect((results[3]["trace"] as? [[String: Any]])?.last?["source"] as? String == "builtin")
    #expect(results[4]["action"] is NSNull)
  }

  /// Apple's listing 2: a delegate that returns a push transition for `contents`; listing 3:
  /// `actions: {sublayers: null}` turns off the sublayers animation.
  @Test func appleListings() throws {
    let api = ServiceHarness()
    let results = resolve(
      api,
      """
      {"layer": {"delegate": {"actions": {"contents":
                   {"type": "transition", "transitionType": "push", "subtype": "fromRight",
                    "duration": 0.3}}},
                 "actions": {"sublayers": null}},
       "keys": ["contents", "sublayers"]}
      """)
    let push = results[0]["action"] as? [String: Any]
    #expect(push?["type"] as? String == "transition")
    #expect(push?["transitionType"] as? String == "push")
    #expect(push?["subtype"] as? String == "fromRight")
    #expect(push?["duration"] as? Double == 0.3)
    #expect(results[1]["action"] is NSNull)
    #expect(steps(results[1]) == ["delegate:nil", "actions:NSNull"])
  }

  /// Lockwood's experiment (iOS Core Animation, ch. 7, listing 7.4): a view-backed layer answers
  /// NSNull outside an animation block, even inside a transaction of duration 1; inside a block it
  /// animates with the block's duration and curve.
  @Test func viewBackedLayer() throws {
    let api = ServiceHarness()
    let outside = resolve(
      api,
      """
      {"layer": {"delegate": "view"}, "transaction": {"animationDuration": 1},
       "keys": ["backgroundColor"]}
      """)
    #expect(outside[0]["action"] is NSNull)
    #expect(steps(outside[0]) == ["delegate:NSNull"])
    let inside = resolve(
      api,
      """
      {"layer": {"delegate": "view"}, "animate": {"duration": 0.4, "options": ["curveEaseIn"]},
       "keys": ["backgroundColor"]}
      """)
    let action = inside[0]["action"] as? [String: Any]
    #expect(action?["duration"] as? Double == 0.4)
    #expect(action?["timingFunction"] as? String == "easeIn")
    #expect(action?["additive"] as? Bool == true)
    let legacy = resolve(
      api,
      """
      {"layer": {"delegate": "view"}, "animate": {"duration": 0.4, "options": ["legacyAbsolute"]},
       "keys": ["position"]}
      """)
    #expect((legacy[0]["action"] as? [String: Any])?["additive"] == nil)
  }

  /// Lockwood's custom actions dictionary (iOS Core Animation, ch. 7) on a standalone layer: a push
  /// transition from the left for backgroundColor.
  @Test func standaloneLayerWithCustomAction() throws {
    let api = ServiceHarness()
    let results = resolve(
      api,
      """
      {"layer": {"actions": {"backgroundColor":
                   {"type": "transition", "transitionType": "push", "subtype": "fromLeft"}}},
       "keys": ["backgroundColor"]}
      """)
    let action = results[0]["action"] as? [String: Any]
    #expect(action?["transitionType"] as? String == "push")
    #expect(action?["duration"] as? Double == 0.25)  // the transaction's default
  }

  @Test func disableActionsSuppressesEverything() throws {
    let api = ServiceHarness()
    let results = resolve(
      api,
      """
      {"layer": {"actions": {"opacity": {"type": "basic"}}},
       "transaction": {"disableActions": true}, "keys": ["opacity", "position", "hidden"]}
      """)
    #expect(
      results.allSatisfy {
        $0["action"] is NSNull && $0["decidedBy"] as? String == "disableActions"
      })
    #expect(steps(results[0]) == ["disableActions:skipped"])
  }

  @Test func badRequests() throws {
    let api = ServiceHarness()
    let response = api.postJSON(
      "/v1/actions/resolve",
      """
      {"layer": {"delegate": "window", "actions": {"opacity": 3},
                 "style": {"actions": {}, "colour": 1}},
       "transaction": {"animationDuration": -1}, "animate": {"options": ["curveBounce"]},
       "keys": []}
      """)
    #expect(response.status == 422)
    #expect(
      Set(response.errorPointers) == [
        "/layer/delegate", "/layer/actions/opacity", "/layer/style/colour",
        "/transaction/animationDuration",
        "/animate/options/0", "/keys",
      ])
  }
}
