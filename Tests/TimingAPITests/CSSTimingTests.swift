import Testing

@testable import TimingAPI
@testable import TimingEngine

/// The browser's timing model the export proves mapped animations with (docs/export.md "Mapped
/// timing"). Expected values worked by hand from Web Animations Level 1's "calculating the …
/// progress" steps.
@Suite struct CSSTimingTests {
  func timing(iterations: Double, fill: CSSTiming.Fill = .both) -> CSSTiming {
    CSSTiming(
      delay: 0.5, duration: 1, iterations: iterations, direction: .alternate, fill: fill,
      easing: .linear)
  }

  /// Before: fill backwards, progress 0, going forwards so the before flag is set. Active at
  /// 1.75 s: 1.25 iterations in, the second (reversed) → 0.75. After 3 iterations: the end of
  /// the third, forwards → 1, no flag; after 2: the end of the second, reversed → 0, flag set.
  @Test func phasesIterationsAndDirection() {
    let three = timing(iterations: 3)
    #expect(three.position(at: 0)! == (0, true))
    #expect(three.position(at: 1.75)! == (0.75, false))
    #expect(three.position(at: 9)! == (1, false))
    #expect(timing(iterations: 2).position(at: 9)! == (0, true))
  }

  /// Without fills the element shows its own style outside the active interval, which starts
  /// at the delay and ends at delay + 3 s.
  @Test func withoutFillNothingAppliesOutside() {
    let none = timing(iterations: 3, fill: .none)
    #expect(none.position(at: 0.49) == nil)
    #expect(none.position(at: 0.5) != nil)
    #expect(none.position(at: 3.5) == nil)
  }

  /// Core Animation's timing in CSS terms: beginTime 0.25, duration 2 at speed 4 → 0.5 s legs;
  /// 1.5 repeats of an autoreversing animation → 3 legs; backwards fill kept, forwards dropped
  /// with removedOnCompletion.
  @Test func mapsCoreAnimationTiming() throws {
    var ca = MediaTiming()
    ca.beginTime = 0.25
    ca.duration = 2
    ca.speed = 4
    ca.repeatCount = 1.5
    ca.autoreverses = true
    ca.fillMode = .both
    let css = try #require(CSSTiming(ca, removedOnCompletion: true, easing: .linear, until: 10))
    #expect(css.delay == 0.25)
    #expect(css.duration == 0.5)
    #expect(css.iterations == 3)
    #expect(css.direction == .alternate)
    #expect(css.fill == .backwards)
    ca.timeOffset = 0.1
    #expect(CSSTiming(ca, removedOnCompletion: true, easing: .linear, until: 10) == nil)
  }

  /// A repeat of 0.2 s sampled at 30 fps: 0.6 s is 3 iterations in, but 0.6 / 0.2 is
  /// 2.9999999999999996 in a browser's seconds — an edge the proof checks on both sides.
  @Test func samplesNearAnEdgeAreFound() throws {
    let repeats = CSSTiming(
      delay: 0, duration: 0.2, iterations: 4, direction: .normal, fill: .none, easing: .linear)
    let edge = try #require(repeats.edge(near: 18.0 / 30))
    #expect(edge.edge == 3)
    #expect(edge.position != 3)
    #expect(repeats.edge(near: 0.65) == nil)
  }
}
