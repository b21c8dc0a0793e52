#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Rewrites the numbers of JSON text to N significant digits (`?precision=N`,
/// `ShortestDecimal.append(_:significantDigits:to:)`), leaving everything else byte for byte:
/// strings (a name, a CSS `linear()` with its own bound), `true`, `null`. (CSV answers are
/// timelines, which round as they write: a CSV header's `card2.opacity` holds no number.)
/// A state machine over bytes, as `JSONIndenter` is, so a streamed timeline is rounded piece
/// by piece; a number split between two pieces waits for the rest (`finish` flushes it).
///
/// Whole numbers (no fraction, no exponent) pass as they are, unparsed: counts and indices.
struct NumberTextRounder {
  let digits: Int
  private var strings = JSONStringTracker()
  /// The number being read, NUL-terminated for `strtod` when it ends.
  private var number: [UInt8] = []

  init(digits: Int) {
    self.digits = digits
    number.reserveCapacity(32)
  }

  /// The text of `input` with its numbers rounded, appended to `out`.
  mutating func round(_ input: [UInt8], into out: ByteBuffer) {
    out.reserve(input.count)
    for byte in input {
      if !number.isEmpty {
        if Self.continuesNumber(byte) {
          number.append(byte)
          continue
        }
        flush(into: out)
      }
      if strings.isInString(byte) {
        out.append(byte)
        continue
      }
      if Self.startsNumber(byte) {
        number.append(byte)
        continue
      }
      out.append(byte)
    }
  }

  /// Writes a number the input ended in.
  mutating func finish(into out: ByteBuffer) {
    if !number.isEmpty { flush(into: out) }
  }

  private mutating func flush(into out: ByteBuffer) {
    defer { number.removeAll(keepingCapacity: true) }
    if Self.roundsAsText(number, digits: digits, into: out) { return }
    // An exponent, or a last kept digit followed by exactly 5: the text cannot tell which way
    // the double itself rounds, so the double decides (parsed, then rounded exactly).
    let count = number.count
    number.append(0)
    // The number and how much of it strtod read: all of it, or it is not a number (a lone
    // `-`, `1-2`) and passes as it is.
    let (value, read) = number.withUnsafeBufferPointer { text in
      text.withMemoryRebound(to: CChar.self) { c -> (Double, Int) in
        var end: UnsafeMutablePointer<CChar>? = nil
        let value = strtod(c.baseAddress!, &end)
        return (value, end.map { UnsafePointer($0) - c.baseAddress! } ?? 0)
      }
    }
    number.removeLast()
    if read == count && value.isFinite {
      ShortestDecimal.append(value, significantDigits: digits, to: out)
    } else {
      out.append(number)
    }
  }

  /// Rounds a plain decimal (`-ddd.ddd`, as the writers print every number from 2^−18 to
  /// 10^15) by its digits, without parsing it: the text is the shortest decimal that reads back
  /// to its double, and rounding it to fewer digits gives what rounding the double gives —
  /// except where the digits cut off are exactly 5, a tie in the text that the double itself
  /// may not be (2.675 is 2.67499999999999982…), which is left to `flush`. Writes and returns
  /// true when it could decide; a whole number, or one of `digits` significant digits or
  /// fewer, is written as it is.
  static func roundsAsText(_ text: [UInt8], digits n: Int, into out: ByteBuffer) -> Bool {
    text.withUnsafeBufferPointer { roundsAsText($0, digits: n, into: out) }
  }

  /// The same, over the bytes in place: no array is made (an answer has millions of numbers).
  private static func roundsAsText(
    _ text: UnsafeBufferPointer<UInt8>, digits n: Int, into out: ByteBuffer
  ) -> Bool {
    let zero = UInt8(ascii: "0")
    let negative = text.first == UInt8(ascii: "-")
    let start = negative ? 1 : 0
    var point = -1
    for i in start..<text.count {
      let byte = text[i]
      if byte == UInt8(ascii: ".") {
        guard point < 0 else { return false }
        point = i
      } else if byte < zero || byte > UInt8(ascii: "9") {
        return false  // an exponent, or not a number
      }
    }
    // Whole: as it is.
    guard point >= 0 else {
      out.append(UnsafeRawBufferPointer(text))
      return true
    }
    guard point > start, point < text.count - 1 else { return false }
    // Digit i of the number without its point, the point after `integerDigits` of them.
    let integerDigits = point - start
    let count = text.count - start - 1
    func digit(_ i: Int) -> UInt8 { text[start + i + (i >= integerDigits ? 1 : 0)] - zero }
    var first = 0
    while first < count && digit(first) == 0 { first += 1 }
    let cut = first + n
    guard first < count, cut < count else {
      out.append(UnsafeRawBufferPointer(text))  // zero, or n digits or fewer
      return true
    }
    // The digits cut off: above half, below, or exactly half (undecided here).
    let head = digit(cut)
    var restZero = true
    for i in (cut + 1)..<max(cut + 1, count) where digit(i) != 0 {
      restZero = false
      break
    }
    if head == 5 && restZero { return false }
    // Rounding up adds one at `bumped` (the last kept digit that is not 9; the 9s after it
    // become 0); −1 when all are 9, which writes a leading 1.
    var bumped = cut  // no rounding up: every kept digit as it is
    if head > 5 || (head == 5 && !restZero) {
      bumped = cut - 1
      while bumped >= 0 && digit(bumped) == 9 { bumped -= 1 }
    }
    func kept(_ i: Int) -> UInt8 {
      guard i < cut else { return 0 }
      if bumped == cut || i < bumped { return digit(i) }
      return i == bumped ? digit(i) + 1 : 0
    }
    if negative { out.append(UInt8(ascii: "-")) }
    // Integer part, at least "0", with a leading 1 when every kept digit was 9.
    var wrote = false
    if bumped < 0 {
      out.append(UInt8(ascii: "1"))
      wrote = true
    }
    for i in 0..<integerDigits {
      let d = kept(i)
      if d == 0 && !wrote && i < integerDigits - 1 { continue }
      out.append(zero + d)
      wrote = true
    }
    // The fraction, without trailing zeros.
    var last = min(cut, count) - 1
    while last >= integerDigits && kept(last) == 0 { last -= 1 }
    if last >= integerDigits {
      out.append(UInt8(ascii: "."))
      for i in integerDigits...last { out.append(zero + kept(i)) }
    }
    return true
  }

  private static func startsNumber(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  private static func continuesNumber(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
      || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: "-")
  }
}
