/// Numbers as text in the shortest form that reads back to the same double, as JSON and CSS
/// both accept: integers without a fraction (`1`, not `1.0`), everything else as Swift's
/// shortest round-trip `description` (`0.1`, `1e-07`).
public func numberText(_ value: Double) -> String {
  // Whole and below 2^53 (NaN and ±∞ fail the test): Int64(value) is exact and cannot trap.
  if value == value.rounded(.towardZero) && abs(value) < 9_007_199_254_740_992 {
    return String(Int64(value))
  }
  return value.description
}
