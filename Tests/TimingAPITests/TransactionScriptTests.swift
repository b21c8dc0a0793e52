import Foundation
import Testing

/// Transactions in scripts: their settings end with them, conflicting changes at one instant
/// are refused, and spring blocks (semantics.md §5.4,
/// §5.5).
@Suite struct TransactionScriptTests {
  /// After a transaction with duration 2 commits, the next one is back to the default 0.25.
  @Test func settingsDoNotOutliveTheirTransaction() throws {
    let api = ServiceHarness()
    let response = api.postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "a", "properties": {"opacity": 1}}],
       "events": [{"time": 0, "transaction": {"animationDuration": 2},
                   "set": [{"layer": "a", "keyPath": "opacity", "value": 0.5}]},
                  {"time": 3, "set": [{"layer": "a", "keyPath": "opacity", "value": 0}]}],
       "sample": {"times": [0]}}
      """)
    let actions = response.json["actions"] as? [[String: Any]] ?? []
    #expect(
      actions.compactMap { ($0["action"] as? [String: Any])?["duration"] as? Double } == [2, 0.25])
  }

  @Test func conflictingChangesAtTheSameTime() throws {
    let api = ServiceHarness()
    let response = api.postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "a"}],
       "events": [{"time": 1, "set": [{"layer": "a", "keyPath": "opacity", "value": 0.5}]},
                  {"time": 1, "set": [{"layer": "a", "keyPath": "opacity", "value": 0.2}]},
                  {"time": 1, "set": [{"layer": "a", "keyPath": "opacity", "value": 0.5}]}],
       "sample": {"times": [0]}}
      """)
    #expect(response.status == 422)
    #expect(response.errorPointers == ["/events/1/set/0"])
  }

  /// A spring block: UIKit's spring settling (to 0.001 of the distance) in the block's duration,
  /// as Framer reconstructs it (semantics.md §5).
  @Test func springBlock() throws {
    let api = ServiceHarness()
    let json = api.postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "v", "delegate": "view", "properties": {"position": [0, 0]}}],
       "events": [{"time": 0,
                   "animate": {"duration": 0.5, "spring": {"dampingRatio": 1, "velocity": 0}},
                   "set": [{"layer": "v", "keyPath": "position.x", "value": 100}]}],
       "sample": {"times": [0, 0.25, 0.4, 0.5]}, "keyPaths": ["position.x"]}
      """
    ).json
    let x =
      ((json["layers"] as? [String: Any])?["v"] as? [String: Any])?["position.x"] as? [Double] ?? []
    // Critically damped, with x(t) = 100·(1 − (1 + ω0 t)e^{−ω0 t}) by hand: the envelope
    // (1 + ω0 T)e^{−ω0 T} is 0.001 at T = 0.5, so ω0 = u/0.5 with (1 + u)e^{−u} = 0.001
    // (u ≈ 9.23, bisected here). At 0.5 the block's animation has ended and the model value
    // shows.
    var (lo, hi) = (1.0, 20.0)
    for _ in 0..<200 {
      let u = (lo + hi) / 2
      if (1 + u) * exp(-u) > 0.001 { lo = u } else { hi = u }
    }
    let omega = lo / 0.5
    let expected =
      [0.0, 0.25, 0.4].map { t in 100 * (1 - (1 + omega * t) * exp(-omega * t)) } + [100]
    #expect(
      x.count == 4 && zip(x, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(x) vs \(expected)")
  }

  /// A spring block with a velocity plays a spring, not a runaway: where Framer's steps give no
  /// spring with the velocity, the search at rest gives it, and the velocity starts it.
  @Test func springBlockWithVelocity() throws {
    for (duration, ratio, velocity) in [(1.0, 0.5, 2.0), (1, 0.5, 10), (0.3, 0.3, 8)] {
      let json = ServiceHarness().postJSON(
        "/v1/timelines",
        """
        {"layers": [{"name": "v", "delegate": "view", "properties": {"position": [0, 0]}}],
         "events": [{"time": 0, "animate": {"duration": \(duration), "spring": {"dampingRatio": \(ratio), "velocity": \(velocity)}},
                     "set": [{"layer": "v", "keyPath": "position.x", "value": 100}]}],
         "sample": {"times": [0, 0.1, 0.2, 0.5]}, "keyPaths": ["position.x"]}
        """
      ).json
      let x =
        ((json["layers"] as? [String: Any])?["v"] as? [String: Any])?["position.x"] as? [Double]
        ?? []
      #expect(x.count == 4 && x.allSatisfy { $0.isFinite && abs($0) < 1000 }, "\(x)")
    }
  }
}
