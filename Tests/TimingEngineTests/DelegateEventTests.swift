import Testing

@testable import TimingEngine

/// semantics.md §6: didStart / didStop(finished) at the right scene times.
@Suite struct DelegateEventTests {
  func summary(_ p: TimelinePlan) -> [String] {
    p.events.map { e in
      "\(e.time) \(e.key ?? "-") \(e.kind.rawValue)"
        + (e.finished.map { $0 ? " finished" : " interrupted" } ?? "")
    }
  }

  @Test func startAndFinish() {
    let p = plan([
      layer(
        "a",
        [
          basic("opacity", from: [0], to: [1]) {
            $0.key = "fade"; $0.timing.beginTime = 0.5
          }
        ])
    ])
    #expect(summary(p) == ["0.5 fade didStart", "1.5 fade didStop finished"])
  }

  /// Replacement by key: the old one stops (not finished) before the new one starts.
  @Test func keyReplacement() {
    let p = plan([
      layer(
        "a",
        [
          basic("opacity", from: [0], to: [1]) {
            $0.key = "k"
            $0.timing.duration = 10
          },
          basic("position.x", from: [0], to: [1]) {
            $0.key = "k"
            $0.addedAt = 2
          },
        ])
    ])
    #expect(
      summary(p) == [
        "0.0 k didStart", "2.0 k didStop interrupted", "2.0 k didStart", "3.0 k didStop finished",
      ])
    // The replaced animation no longer contributes from t = 2 on.
    #expect(scalars(p, "a", "opacity", [1, 2.5]) == [0.1, 1])
  }

  @Test func infiniteRepeatNeverStops() {
    let p = plan([
      layer(
        "a",
        [
          basic("opacity", from: [0], to: [1]) {
            $0.key = "spin"; $0.timing.repeatCount = .infinity
          }
        ])
    ])
    #expect(summary(p) == ["0.0 spin didStart"])
  }

  /// A layer at speed 2 halves the scene time of the stop; removedOnCompletion false still
  /// finishes.
  @Test func layerSpeedAndRetainedAnimation() {
    var l = layer(
      "a",
      [
        basic("opacity", from: [0], to: [1]) {
          $0.key = "f"; $0.removedOnCompletion = false
        }
      ])
    l.speed = 2
    let p = plan([l])
    #expect(summary(p) == ["0.0 f didStart", "0.5 f didStop finished"])
  }

  /// A group reports for itself, not for its children.
  @Test func groupReportsOnce() {
    var g = Animation(
      kind: .group([basic("opacity", from: [0], to: [1]), basic("position.x", from: [0], to: [1])]))
    g.key = "g"
    g.timing.duration = 2
    let p = plan([layer("a", [g])])
    #expect(summary(p) == ["0.0 g didStart", "2.0 g didStop finished"])
  }
}
