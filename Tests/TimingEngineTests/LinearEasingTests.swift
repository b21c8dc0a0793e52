import Testing

@testable import TimingEngine

/// Expected values by hand from CSS Easing Level 2's linear() rules.
@Suite struct LinearEasingTests {
  @Test func withoutPercentagesStopsAreEvenlySpaced() throws {
    let f = try TimingFunction(parsing: "linear(0, 0.25, 1)")
    #expect(f.evaluate(0.5) == 0.25)
    #expect(f.evaluate(0.25) == 0.125)
    #expect(f.evaluate(0.75) == 0.625)
    #expect(f.evaluate(1) == 1)
    #expect(f.cssText == "linear(0 0%, 0.25 50%, 1 100%)")
  }

  @Test func withPercentages() throws {
    let f = try TimingFunction(parsing: "linear(0, 0.5 25%, 1)")
    #expect(f.evaluate(0.25) == 0.5)
    #expect(f.evaluate(0.125) == 0.25)
    #expect(abs(f.evaluate(0.625) - 0.75) <= 1e-15)
  }

  /// Two percentages make a flat segment; a smaller input than a preceding one is raised to it.
  @Test func twoPercentagesAndOutOfOrderInputs() throws {
    let flat = try TimingFunction(parsing: "linear(0, 0.5 25% 75%, 1)")
    #expect(flat.evaluate(0.5) == 0.5)
    #expect(flat.evaluate(0.875) == 0.75)
    let raised = try TimingFunction(parsing: "linear(0, 0.8 60%, 0.2 40%, 1)")
    guard case .linear(let l) = raised else { Issue.record("not linear"); return }
    #expect(l.points.map(\.inputPercent) == [0, 60, 60, 100])
    // At 60% the last point at or before x is the second 60% point → its output.
    #expect(raised.evaluate(0.6) == 0.2)
  }

  /// Runs without inputs are spaced between their neighbours: 0 at 0%, then two points between
  /// 20% and 80%.
  @Test func runsBetweenKnownInputs() throws {
    guard case .linear(let l) = try TimingFunction(parsing: "linear(0 20%, 0.1, 0.2, 1 80%)") else {
      Issue.record("not linear")
      return
    }
    #expect(l.points.map(\.inputPercent) == [20, 40, 60, 80])
  }

  /// Outside the first and last points the end segments continue.
  @Test func extrapolation() throws {
    let f = try TimingFunction(parsing: "linear(0, 1)")
    #expect(f.evaluate(-0.5) == -0.5)
    #expect(f.evaluate(2) == 2)
    let g = try TimingFunction(parsing: "linear(0 20%, 1 80%)")
    // Before the first point the first segment continues: (0.1 − 0.2) / 0.6 = −1/6.
    #expect(abs(g.evaluate(0.1) - (-1.0 / 6)) <= 1e-15)
    #expect(abs(g.evaluate(0.9) - (1 + 1.0 / 6)) <= 1e-15)
  }

  @Test func rejectsBadStops() {
    for bad in [
      "linear(1)", "linear()", "linear(0 10% 20% 30%, 1)", "linear(0, x)", "linear(0, 50% 50% 1 )x",
    ] {
      #expect(throws: TimingFunctionParseError.self, "\(bad)") { try TimingFunction(parsing: bad) }
    }
  }

  /// Found by fuzz-timing-function: outputs near the double range made the extrapolated first
  /// segment -inf at x = 0. Outputs and percentages are now bounded like cubic-bezier()'s y.
  @Test func hugeOutputsAndPercentagesAreRejected() {
    for bad in [
      "linear(0 5%, 5.1e307 6%, 0.1 13%, -1 13%)", "linear(-1e308, 1e308)",
      "linear(0 -1e308%, 0.5, 1 1e308%)", "linear(0, 1000001)", "linear(0, 1 1000001%)",
    ] {
      #expect(throws: TimingFunctionParseError.self, "\(bad)") { try TimingFunction(parsing: bad) }
    }
    #expect(throws: Never.self) { try TimingFunction(parsing: "linear(-1e6 -1e6%, 1e6 1e6%)") }
  }

  /// Within the bounds an end segment whose inputs differ by a denormal still overflows when
  /// extended; it is vertical as far as doubles can tell, so it gets the second point's output,
  /// as for equal inputs (and never NaN, which ∞ × 0 gave on a flat one).
  @Test func nearVerticalEndSegmentsStayFinite() throws {
    let steep = try TimingFunction(parsing: "linear(0 0%, 1 1e-320%, 1)")
    #expect(steep.evaluate(-1) == 1)
    let flat = try TimingFunction(parsing: "linear(1 0%, 1 1e-320%, 0)")
    #expect(flat.evaluate(-1) == 1)
    let equal = try TimingFunction(parsing: "linear(0 0%, 1 0%, 1)")
    #expect(equal.evaluate(-1) == 1)
  }
}
