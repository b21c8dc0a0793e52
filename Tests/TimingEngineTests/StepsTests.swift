import Testing

@testable import TimingEngine

/// Expected values by hand from CSS Easing Level 2's step algorithm and its figures.
@Suite struct StepsTests {
  @Test func jumpEndAtAndAroundEachStep() {
    let s = Steps(count: 4, position: .jumpEnd)
    // Output jumps at 0.25, 0.5, 0.75; 1 only at the very end.
    let cases: [(Double, Double)] = [
      (0, 0), (0.2499, 0), (0.25, 0.25), (0.2501, 0.25), (0.4999, 0.25), (0.5, 0.5), (0.75, 0.75),
      (0.9999, 0.75), (1, 1),
    ]
    for (x, y) in cases { #expect(s.evaluate(x) == y, "jump-end at \(x)") }
  }

  @Test func jumpStartAtAndAroundEachStep() {
    let s = Steps(count: 4, position: .jumpStart)
    let cases: [(Double, Double)] = [
      (0, 0.25), (0.2499, 0.25), (0.25, 0.5), (0.5, 0.75), (0.7499, 0.75), (0.75, 1), (1, 1),
    ]
    for (x, y) in cases { #expect(s.evaluate(x) == y, "jump-start at \(x)") }
  }

  @Test func jumpNoneAtAndAroundEachStep() {
    let s = Steps(count: 5, position: .jumpNone)  // 4 jumps of 0.25, at 0.2, 0.4, 0.6, 0.8
    let cases: [(Double, Double)] = [
      (0, 0), (0.1999, 0), (0.2, 0.25), (0.4, 0.5), (0.6, 0.75), (0.7999, 0.75), (0.8, 1), (1, 1),
    ]
    for (x, y) in cases { #expect(s.evaluate(x) == y, "jump-none at \(x)") }
  }

  @Test func jumpBothAtAndAroundEachStep() {
    let s = Steps(count: 3, position: .jumpBoth)  // 4 jumps: 1/4 at 0, then at 1/3, 2/3, 1
    let cases: [(Double, Double)] = [
      (0, 0.25), (0.3333, 0.25), (1.0 / 3 + 1e-12, 0.5), (0.5, 0.5), (0.6667, 0.75), (0.9999, 0.75),
      (1, 1),
    ]
    for (x, y) in cases { #expect(s.evaluate(x) == y, "jump-both at \(x)") }
  }

  /// The before flag takes the value before the jump at a step boundary, and at 0 it keeps
  /// jump-start's output at 0 (CSS's example: steps(1, jump-start) in the before phase is 0).
  @Test func beforeFlag() {
    let start = Steps(count: 1, position: .jumpStart)
    #expect(start.evaluate(0, beforeFlag: false) == 1)
    #expect(start.evaluate(0, beforeFlag: true) == 0)
    let end = Steps(count: 4, position: .jumpEnd)
    #expect(end.evaluate(0.5, beforeFlag: true) == 0.25)
    #expect(end.evaluate(0.6, beforeFlag: true) == 0.5)
    #expect(end.evaluate(1, beforeFlag: true) == 0.75)
    let both = Steps(count: 3, position: .jumpBoth)
    #expect(both.evaluate(0, beforeFlag: true) == 0)
  }

  /// Outside [0, 1] the clamps in steps 4 and 6 do not apply.
  @Test func outsideTheUnitInterval() {
    let s = Steps(count: 4, position: .jumpEnd)
    #expect(s.evaluate(-0.25) == -0.25)
    #expect(s.evaluate(1.5) == 1.5)
    let start = Steps(count: 2, position: .jumpStart)
    #expect(start.evaluate(-0.1) == 0)  // floor(−0.2) + 1 = 0
  }

  @Test func keywords() throws {
    #expect(
      try TimingFunction(parsing: "step-start") == .steps(Steps(count: 1, position: .jumpStart)))
    #expect(try TimingFunction(parsing: "step-end") == .steps(Steps(count: 1, position: .jumpEnd)))
    #expect(
      try TimingFunction(parsing: "steps(2, start)")
        == .steps(Steps(count: 2, position: .jumpStart)))
    #expect(
      try TimingFunction(parsing: "steps(2,end)") == .steps(Steps(count: 2, position: .jumpEnd)))
  }
}
