import Testing

@testable import TimingEngine

/// `Int(truncating:clampedTo:ifNaN:)`, the conversion that cannot trap. Expected values by the
/// definition: round toward zero, then clamp; NaN gives the stated value.
@Suite struct IntTruncatingDoubleTests {
  @Test(arguments: [
    (Double.nan, 7), (.infinity, 4), (-.infinity, 1), (1e308, 4), (-1e308, 1),
    (.greatestFiniteMagnitude, 4), (.leastNonzeroMagnitude, 1), (0, 1), (2.9, 2),
    (3.999_999_999, 3), (4, 4),
    (4.5, 4), (0.9, 1), (-2.9, 1),
  ])
  func smallRange(_ value: Double, _ expected: Int) {
    #expect(Int(truncating: value, clampedTo: 1...4, ifNaN: 7) == expected)
  }

  /// Near ±2⁶³, where `Int(_: Double)` traps: 2⁶³ = 9 223 372 036 854 775 808 is one past
  /// Int.max, and the double below it is 2⁶³ − 1024.
  @Test func atTheEdgesOfInt() {
    let all = Int.min...Int.max
    #expect(Int(truncating: 9_223_372_036_854_775_808, clampedTo: all, ifNaN: 0) == .max)
    #expect(
      Int(truncating: 9_223_372_036_854_774_784, clampedTo: all, ifNaN: 0)
        == 9_223_372_036_854_774_784)
    #expect(Int(truncating: -9_223_372_036_854_775_808, clampedTo: all, ifNaN: 0) == .min)
    #expect(Int(truncating: -1e19, clampedTo: all, ifNaN: 0) == .min)
    #expect(Int(truncating: -2.5, clampedTo: all, ifNaN: 0) == -2)
  }

  /// A bound that is not a double: 2⁵³ + 1 reads as 2⁵³, which must still give 2⁵³ itself.
  @Test func boundsBeyondTwoToThe53() {
    let range = 0...9_007_199_254_740_993
    #expect(
      Int(truncating: 9_007_199_254_740_992, clampedTo: range, ifNaN: 0) == 9_007_199_254_740_992)
    #expect(
      Int(truncating: 9_007_199_254_740_994, clampedTo: range, ifNaN: 0) == 9_007_199_254_740_993)
    #expect(
      Int(truncating: -9_007_199_254_740_992, clampedTo: -9_007_199_254_740_993...0, ifNaN: 0)
        == -9_007_199_254_740_992)
  }
}
