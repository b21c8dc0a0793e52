import TimingEngine

/// Durations as CSS writes them, in milliseconds: what every token target and the
/// reduced-motion rule state a duration in.
enum MillisecondsText {
  /// Seconds as CSS milliseconds, the decimal point moved in the shortest decimal rather than
  /// multiplied (0.07 s is 70ms, where 0.07 × 1000 is 70.00000000000001).
  static func text(_ seconds: Double) -> String {
    let text = numberText(seconds)
    // 1e-7 s is 1e-4ms: the exponent moved too (CSS numbers take one).
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }),
      let exponent = Int(text[text.index(after: e)...])
    {
      return String(text[..<e]) + "e" + String(exponent + 3) + "ms"
    }
    let negative = text.hasPrefix("-")
    let digits = negative ? String(text.dropFirst()) : text
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    let whole = String(parts[0])
    var fraction = parts.count > 1 ? String(parts[1]) : ""
    while fraction.count < 3 { fraction += "0" }
    var integer = whole + fraction.prefix(3)
    let rest = String(fraction.dropFirst(3))
    while integer.count > 1 && integer.hasPrefix("0") { integer.removeFirst() }
    return (negative ? "-" : "") + integer + (rest.isEmpty ? "" : "." + rest) + "ms"
  }
}
