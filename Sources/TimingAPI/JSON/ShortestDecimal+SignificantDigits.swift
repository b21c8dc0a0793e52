#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `?precision=N` (api.md "JSON layout"): a number rounded to N significant digits, correctly
/// (the N-digit decimal nearest to the double itself, ties to even, as C's `%.*e` rounds) and
/// written without trailing zeros. Whole numbers below 2⁵³ are written whole: they are counts,
/// indices and sizes, or values that need no rounding.
extension ShortestDecimal {
  /// The most digits asked for: 17 hold any double exactly, so more would change nothing.
  static let maxSignificantDigits = 17

  static func append(_ value: Double, significantDigits p: Int, to bytes: ByteBuffer) {
    if value == value.rounded(.towardZero) && abs(value) < 9_007_199_254_740_992 {
      appendInteger(Int64(value), to: bytes)
      return
    }
    // At most p digits: where the shortest decimal that reads back to the double has p or
    // fewer, it is written (0.1 at 17 digits stays 0.1, not 0.10000000000000001). Below 16
    // digits the rounding gives it anyway: it is within half an ulp, and half a unit of the
    // 15th digit is wider.
    // 17 digits hold every double: the shortest decimal is never longer.
    if p >= maxSignificantDigits {
      append(value, to: bytes)
      return
    }
    if p >= 16 {
      // Written in place and counted; taken back when it has more digits than asked.
      let mark = bytes.count_
      append(value, to: bytes)
      var significant = 0
      var leading = true
      for i in mark..<bytes.count_ {
        let byte = bytes.base[i]
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
        guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { continue }
        if leading && byte == UInt8(ascii: "0") { continue }
        leading = false
        significant += 1
      }
      if significant <= p { return }
      bytes.count_ = mark
    }
    let a = abs(value)
    // The exact path of `append` for the range it covers; beyond it, C's formatter.
    guard value.isFinite, a >= 0x1p-18, a < 1e15, a.isNormal else {
      appendFormatted(value, significantDigits: p, to: bytes)
      return
    }
    // a = M · 2^−s exactly, 0 < s ≤ 70 here (a is not whole, and ≥ 2^−18).
    let significand = UInt128(UInt64(a.significandBitPattern) | (1 << 52))
    let s = 1075 - Int(a.exponentBitPattern)
    guard s > 0, s <= 70 else {
      appendFormatted(value, significantDigits: p, to: bytes)
      return
    }
    // ⌊log10 a⌋ exactly (the estimate can be one too high, and a digit count decided from it
    // rounded 900.5 to one digit as 1000): a ≥ 10^e ⟺ M ≥ 10^e · 2^s, or M · 10^−e ≥ 2^s.
    func reaches(_ e: Int) -> Bool {
      e >= 0 ? significand >= pow10[e] << s : significand * pow10[-e] >= UInt128(1) << s
    }
    var e10 = Int(log10Estimate(a))
    while !reaches(e10) { e10 -= 1 }
    while reaches(e10 + 1) { e10 += 1 }
    // e10 ∈ [−6, 14], k = p − 1 − e10 ∈ [−15, 22]: M·10^k < 2^53 · 2^74 and 10^|k| · 2^s <
    // 2^50 · 2^70, both below 2^128. Rounding up to 10^p moves to the next power, once.
    for _ in 0..<2 {
      let k = p - 1 - e10
      // m = a · 10^k rounded to an integer, ties to even, in exact integers.
      let numerator = k >= 0 ? significand * pow10[k] : significand
      let denominatorShift = s
      let divisor = k >= 0 ? UInt128(1) << denominatorShift : pow10[-k] << denominatorShift
      var m = numerator / divisor
      let remainder = numerator - m * divisor
      let twice = remainder << 1
      if twice > divisor || (twice == divisor && m & 1 == 1) { m += 1 }
      if m >= pow10[p] {
        e10 += 1
        continue
      }
      if value < 0 { bytes.append(UInt8(ascii: "-")) }
      if k >= 0 {
        writeDecimal(UInt64(m), digits: p, fractionDigits: k, to: bytes)
      } else {
        // Whole: the digits, then −k zeros (123 456.7 to 3 digits is 123000).
        writeDecimal(UInt64(m), digits: p, fractionDigits: 0, to: bytes)
        for _ in 0..<(-k) { bytes.append(UInt8(ascii: "0")) }
      }
      return
    }
    appendFormatted(value, significantDigits: p, to: bytes)
  }

  /// Outside the exact path's range (below 2^−18, 1e15 and above, subnormal): C's correctly
  /// rounded `%.*e`, read back and written shortest — which is at most p digits, since the
  /// p-digit decimal reads back to the same double.
  private static func appendFormatted(
    _ value: Double, significantDigits p: Int, to bytes: ByteBuffer
  ) {
    guard value.isFinite else {
      append(value, to: bytes)
      return
    }
    var text = [CChar](repeating: 0, count: 40)
    _ = withVaList([Int32(p - 1), value]) { arguments in
      text.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, 40, "%.*e", arguments) }
    }
    let rounded = text.withUnsafeBufferPointer { strtod($0.baseAddress!, nil) }
    // 1.79e308 to one digit is 2e308, past the largest double: it reads back as infinity,
    // which JSON cannot hold, so the double is written as it is (more digits, still exact).
    append(rounded.isFinite ? rounded : value, to: bytes)
  }
}
