import TimingEngine

/// Writes a double as the shortest decimal that reads back to the same double, straight into a
/// byte buffer (no String is made), for the JSON and CSV writers' hot paths.
///
/// Integers print as integers. For 2⁻¹⁸ ≤ |v| < 10¹⁵ the digits come from exact 128-bit integer
/// arithmetic: the p-digit decimal nearest to v is computed for p = 15, 16, 17 and the first that
/// lies strictly inside v's rounding interval is written (a 15-digit one with its trailing zeros
/// removed, since any shorter round-tripping decimal is that one). Everything else falls back to
/// Swift's own shortest round-trip `description`.
public enum ShortestDecimal {
  public static func append(_ value: Double, to bytes: ByteBuffer) {
    // Whole and below 2^53 (NaN and ±∞ fail the test): Int64(value) is exact and cannot trap.
    if value == value.rounded(.towardZero) && abs(value) < 9_007_199_254_740_992 {
      appendInteger(Int64(value), to: bytes)
      return
    }
    let a = abs(value)
    guard value.isFinite, a >= 0x1p-18, a < 1e15, a.isNormal else {
      bytes.append(numberText(value))
      return
    }
    // a = M · 2^−s exactly, with s > 0 here (a is not an integer below 2^53).
    let significand = UInt64(a.significandBitPattern) | (1 << 52)
    let s = 1075 - Int(a.exponentBitPattern)
    guard s > 0, s <= 70 else {
      bytes.append(numberText(value))
      return
    }
    let lowerGapIsHalf = a.significandBitPattern == 0
    // a is normal and in [2^-18, 1e15): the estimate is a whole number in −6 … 15, and it
    // never undershoots ⌊log10 a⌋ (its correction term is ≥ log10 of the significand), so
    // k = p − 1 − e10 ≤ 22 and significand · 10^k < 2^53 · 10^22 < 2^127: no UInt128 overflow.
    var e10 = Int(log10Estimate(a))
    for p in 15...17 {
      var attempt = 0
      while attempt < 3 {
        attempt += 1
        let k = p - 1 - e10
        guard k >= 0, k <= 24 else { break }
        let scaled = UInt128(significand) * pow10[k]
        var m = scaled >> s
        let remainder = scaled & ((UInt128(1) << s) - 1)
        let half = UInt128(1) << (s - 1)
        if remainder > half || (remainder == half && m & 1 == 1) { m += 1 }
        if m >= pow10[p] {
          e10 += 1
          continue
        }
        if m < pow10[p - 1] {
          e10 -= 1
          continue
        }
        // Round trip: |m·2^s − M·10^k| must be under half a unit in the last place (a quarter
        // below a power of two, where the gap beneath is half as wide).
        let left = m << s
        let below = left < scaled
        let distance = below ? scaled - left : left - scaled
        let limit = (below && lowerGapIsHalf) ? pow10[k] : pow10[k] * 2
        if distance * 4 < limit {
          if value < 0 { bytes.append(UInt8(ascii: "-")) }
          writeDecimal(UInt64(m), digits: p, fractionDigits: k, to: bytes)
          return
        }
        break
      }
    }
    bytes.append(numberText(value))
  }

  static let pow10: [UInt128] = {
    var table: [UInt128] = [1]
    for _ in 1...38 { table.append(table.last! * 10) }
    return table
  }()

  /// ⌊log10 a⌋, possibly off by one (corrected by the caller).
  static func log10Estimate(_ a: Double) -> Double {
    // log10(2) · binary exponent, refined by the significand's share.
    let exponent = Double(Int(a.exponentBitPattern) - 1023)
    let fraction = a.significand  // in [1, 2)
    return
      (exponent * 0.301_029_995_663_981_2 + (fraction - 1) * 0.434_294_481_903_251_8
        * (2 - fraction / 2))
      .rounded(.down)
  }

  /// m / 10^k written out, m having `digits` digits, trailing zeros of the fraction dropped.
  @inline(__always) static func writeDecimal(
    _ mantissa: UInt64, digits: Int, fractionDigits: Int, to bytes: ByteBuffer
  ) {
    var m = mantissa
    var p = digits
    var k = fractionDigits
    while k > 0 && m % 10 == 0 {
      m /= 10
      k -= 1
      p -= 1
    }
    let integerDigits = p - k
    if integerDigits > 0 {
      // ddd.ddd
      bytes.write(p + (k > 0 ? 1 : 0)) { out in
        for j in stride(from: p - 1, through: 0, by: -1) {
          out[j < integerDigits ? j : j + 1] = UInt8(ascii: "0") + UInt8(m % 10)
          m /= 10
        }
        if k > 0 { out[integerDigits] = UInt8(ascii: ".") }
      }
    } else {
      // 0.000ddd
      let zeros = -integerDigits
      bytes.write(2 + k) { out in
        out[0] = UInt8(ascii: "0")
        out[1] = UInt8(ascii: ".")
        for z in 0..<zeros { out[2 + z] = UInt8(ascii: "0") }
        for j in stride(from: p - 1, through: 0, by: -1) {
          out[2 + zeros + j] = UInt8(ascii: "0") + UInt8(m % 10)
          m /= 10
        }
      }
    }
  }

  public static func appendInteger(_ value: Int64, to bytes: ByteBuffer) {
    var n = value.magnitude
    var length = 1
    var probe = n / 10
    while probe > 0 {
      length += 1
      probe /= 10
    }
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    bytes.write(length) { out in
      for i in stride(from: length - 1, through: 0, by: -1) {
        out[i] = UInt8(ascii: "0") + UInt8(n % 10)
        n /= 10
      }
    }
  }
}
