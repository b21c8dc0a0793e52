import TimingEngine

/// An axis of a plot: a range widened to round numbers, with tick marks at 1, 2 or 5 × 10ⁿ
/// steps and their labels written from integers, so `0.3` reads `0.3` and not
/// `0.30000000000000004`, and the same range always gives the same bytes.
struct PlotAxis: Equatable {
  let low: Double
  let high: Double
  /// Tick values with their labels, from `low` to `high`.
  let ticks: [(value: Double, label: String)]

  static func == (a: PlotAxis, b: PlotAxis) -> Bool {
    a.low == b.low && a.high == b.high && a.ticks.map(\.label) == b.ticks.map(\.label)
  }

  /// An axis covering `minimum…maximum` with about `target` ticks. A flat range is widened
  /// around its value (by half of it, or by 1 around 0), so a constant still shows on a scale.
  init(covering minimum: Double, _ maximum: Double, target: Int) {
    var lo = minimum
    var hi = maximum
    if !(lo.isFinite && hi.isFinite) || lo > hi { (lo, hi) = (0, 1) }
    if lo == hi {
      let pad = lo == 0 ? 1 : abs(lo) / 2
      (lo, hi) = (lo - pad, hi + pad)
    }
    let raw = (hi - lo) / Double(max(1, target))
    guard raw.isFinite, raw > 0 else {
      (low, high, ticks) = (lo, hi, [(lo, numberText(lo)), (hi, numberText(hi))])
      return
    }
    // step = mantissa × 10^exponent with mantissa 1, 2 or 5: the smallest not below raw.
    var exponent = 0
    var unit = 1.0
    while unit * 10 <= raw, exponent < 308 {
      unit *= 10
      exponent += 1
    }
    while unit > raw, exponent > -300 {
      unit /= 10
      exponent -= 1
    }
    let mantissa = raw <= unit ? 1 : raw <= 2 * unit ? 2 : raw <= 5 * unit ? 5 : 10
    let step = Double(mantissa) * unit
    let first = (lo / step).rounded(.down)
    let last = (hi / step).rounded(.up)
    // Beyond 2^53 the multiples are not integers any more: the ends unrounded, as they are.
    guard abs(first) * Double(mantissa) < 9e15, abs(last) * Double(mantissa) < 9e15,
      last - first <= 100
    else {
      (low, high, ticks) = (lo, hi, [(lo, numberText(lo)), (hi, numberText(hi))])
      return
    }
    var ticks: [(Double, String)] = []
    for k in Int(first)...Int(last) {
      let n = k * mantissa
      // n × 10^exponent, with one rounding (exact powers of ten up to 10^22).
      let value =
        exponent >= 0
        ? Double(n) * Self.power(exponent) : Double(n) / Self.power(-exponent)
      ticks.append((value, Self.decimal(n, exponent)))
    }
    self.low = ticks.first!.0
    self.high = ticks.last!.0
    self.ticks = ticks
  }

  private static func power(_ n: Int) -> Double {
    var p = 1.0
    for _ in 0..<n { p *= 10 }
    return p
  }

  /// n × 10^exponent in plain decimal digits.
  static func decimal(_ n: Int, _ exponent: Int) -> String {
    if n == 0 { return "0" }
    let sign = n < 0 ? "-" : ""
    var digits = String(n.magnitude)
    if exponent >= 0 {
      if exponent > 6 { return numberText(Double(n) * power(exponent)) }
      return sign + digits + String(repeating: "0", count: exponent)
    }
    let places = -exponent
    if places > 9 { return numberText(Double(n) / power(places)) }
    if digits.count <= places {
      digits = String(repeating: "0", count: places - digits.count + 1) + digits
    }
    var integer = String(digits.prefix(digits.count - places))
    var fraction = String(digits.suffix(places))
    while fraction.hasSuffix("0") { fraction.removeLast() }
    if integer.isEmpty { integer = "0" }
    return sign + integer + (fraction.isEmpty ? "" : "." + fraction)
  }
}
