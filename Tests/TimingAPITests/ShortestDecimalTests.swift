import TestSupport
import Testing
import TimingEngine

@testable import TimingAPI

/// The fast writer must always read back to the same double, and never be longer than Swift's
/// own shortest round-trip `description` (which is the reference for "shortest").
@Suite struct ShortestDecimalTests {
  func text(_ v: Double) -> String {
    let bytes = ByteBuffer()
    ShortestDecimal.append(v, to: bytes)
    return String(decoding: bytes.bytes, as: UTF8.self)
  }

  func significantDigits(_ s: String) -> Int {
    let mantissa = s.split(whereSeparator: { $0 == "e" || $0 == "E" })[0]
    let digits = mantissa.filter(\.isNumber).drop { $0 == "0" }
    return max(String(digits).count - String(digits.reversed().prefix { $0 == "0" }).count, 1)
  }

  @Test func knownValues() {
    #expect(text(0.25) == "0.25")
    #expect(text(0.1) == "0.1")
    #expect(text(123.456) == "123.456")
    #expect(text(-2.5) == "-2.5")
    #expect(text(100) == "100")
    #expect(text(-0.0) == "0")
    #expect(text(0.31535681257253934) == "0.31535681257253934")
    #expect(text(1.0 / 3) == "0.3333333333333333")
    #expect(text(0.000005) == "0.000005")
    #expect(Double(text(1e-300)) == 1e-300)
    #expect(Double(text(.leastNonzeroMagnitude)) == .leastNonzeroMagnitude)
    #expect(Double(text(1.7976931348623157e308)) == 1.7976931348623157e308)
  }

  @Test func randomValuesRoundTripAndAreShortest() {
    var rng = SplitMix(seed: 7)
    for i in 0..<300_000 {
      let v: Double
      switch i % 3 {
      case 0: v = Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF)  // any finite magnitude
      case 1:
        // "Nice" decimals, both signs.
        v = Double(rng.next() % 1_000_000_000) / 1_000_000 * (i % 2 == 0 ? 1 : -1)
      default: v = Double(rng.next() >> 11) / Double(1 << 53) * 1000  // uniform in [0, 1000)
      }
      let t = text(v)
      #expect(Double(t) == v, "\(v) → \(t)")
      #expect(
        significantDigits(t) <= significantDigits(v.description), "\(v) → \(t) vs \(v.description)")
    }
  }
}
