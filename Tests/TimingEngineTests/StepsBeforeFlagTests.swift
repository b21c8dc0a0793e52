import Testing

@testable import TimingEngine

/// The before flag of `steps()` in a timeline, as Web Animations sets it ("calculating the
/// transformed progress": set in the before phase going forwards, and in the after phase going
/// backwards). The expected values are that rule applied by hand to
/// `element.animate({opacity: [0, 1]}, {duration: 1000, delay: 1000, direction: "alternate",
/// iterations: 2 or 3, fill: "both", easing: "steps(2, jump-start)"})`, the CSS form of each
/// scene below (docs/export.md), whose opacity a browser shows at those times.
@Suite struct StepsBeforeFlagTests {
  func scene(repeatCount: Double) -> TimelinePlan {
    plan([
      layer(
        "a",
        [
          basic("opacity", from: [0], to: [1]) {
            $0.timing.beginTime = 1
            $0.timing.autoreverses = true
            $0.timing.repeatCount = repeatCount
            $0.timing.fillMode = .both
            $0.removedOnCompletion = false
            $0.timingFunction = .steps(Steps(count: 2, position: .jumpStart))
          }
        ])
    ])
  }

  /// Ending on the reverse leg: the after phase runs backwards, so the flag is set and
  /// steps(2, jump-start) at 0 shows 0, not the 0.5 the first step jumps to.
  @Test func afterPhaseOnTheReverseLegHoldsTheStepBeforeTheJump() {
    let values = scalars(scene(repeatCount: 1), "a", "opacity", [0, 1.25, 2.75, 3, 4])
    // Before (forwards, flag set): 0. Active: 0.5 on the way up, 0.5 on the way back (x 0.25).
    // After, on the reverse leg at x = 0 (flag set): 0.
    #expect(values == [0, 0.5, 0.5, 0, 0])
  }

  /// Ending on a forward leg (1.5 repeats, three legs): no flag after the end, x = 1 shows 1.
  @Test func afterPhaseOnAForwardLegShowsTheLastStep() {
    let values = scalars(scene(repeatCount: 1.5), "a", "opacity", [4, 5])
    #expect(values == [1, 1])
  }
}
