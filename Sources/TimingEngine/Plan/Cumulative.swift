/// `cumulative`: value = cycle × V(1) ⊕ V(x) (◆ semantics.md §3.2); for transforms V(1)^cycle
/// concatenated before V(x).
enum Cumulative {
  static func add(
    _ end: [Double], _ cycle: Double, _ type: ValueType, into out: UnsafeMutablePointer<Double>
  ) {
    guard cycle.isFinite else { return }
    if type == .transform {
      // Cycles come from repeatCount ≤ 1e9, but past a million turns of V(1) the matrix power
      // is rounding noise anyway; 1e6 also bounds the squarings (20).
      let n = Int(truncating: cycle, clampedTo: -1_000_000...1_000_000, ifNaN: 0)
      var current = SIMD16<Double>()
      for i in 0..<16 { current[i] = out[i] }
      let m = (Transform3D(current) * Transform3D(end).power(n)).m
      for i in 0..<16 { out[i] = m[i] }
    } else {
      for i in 0..<end.count { out[i] += cycle * end[i] }
    }
  }

  /// The column form, after a column writer: row `shown[k]` of `out`, `width` apart, gets its
  /// completed cycles' worth of `end` (none at cycle 0).
  static func add(
    _ end: [Double], _ localTimes: UnsafePointer<LocalTime>, shown: UnsafePointer<Int>,
    count: Int, _ type: ValueType, into out: UnsafeMutablePointer<Double>, width: Int
  ) {
    for k in 0..<count where localTimes[k].cycle != 0 {
      add(end, localTimes[k].cycle, type, into: out + shown[k] * width)
    }
  }
}
