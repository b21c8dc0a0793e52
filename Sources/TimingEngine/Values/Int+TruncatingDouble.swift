extension Int {
  /// `Int(value)` that cannot trap: `value` rounded toward zero and clamped into `range`, with
  /// `nan` for NaN. `Int(_: Double)` traps on NaN, ±∞ and anything at or beyond ±2⁶³, so every
  /// count or index made from a number a request can influence goes through here (issue 7: one
  /// NaN arc killed the process).
  @inlinable
  public init(truncating value: Double, clampedTo range: ClosedRange<Int>, ifNaN nan: Int) {
    if value.isNaN {
      self = nan
    } else if value <= Double(range.lowerBound) {
      // Double(bound) may round (bounds beyond 2⁵³): an exact whole `value` keeps its own
      // value if that is in range; Int(exactly:) is nil for fractions, ±∞ and ≤ −2⁶³ − 1024.
      self = Int(exactly: value).map { Swift.max($0, range.lowerBound) } ?? range.lowerBound
    } else if value >= Double(range.upperBound) {
      self = Int(exactly: value).map { Swift.min($0, range.upperBound) } ?? range.upperBound
    } else {
      // Strictly between two Ints' Double images, so |value| < 2⁶³: the conversion is exact
      // after truncation and cannot trap.
      self = Int(value)
    }
  }
}
