import TestSupport
import Testing

@testable import TimingAPI

/// A query's numbers (`DecodingContext.number`): the grammar scan gives the same answers as
/// running the JSON parser on the text did (a number, the whole text, finite, then `Double`
/// and the range), on hand-picked edge cases and random strings over the grammar's alphabet.
@Suite struct JSONNumberTextTests {
  /// What `DecodingContext.number` answered when the JSON parser checked the text.
  static func throughTheParser(_ text: String, in range: ClosedRange<Double>) -> Double? {
    guard !text.isEmpty, text.utf8.count <= 64,
      case .number? = try? JSONParser.parse(Array(text.utf8)),
      let value = Double(text), range.contains(value)
    else { return nil }
    return value
  }

  static let ranges: [ClosedRange<Double>] = [
    -1e6...1e6, 0.001...10_000, -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude,
  ]

  @Test(arguments: [
    "0", "-0", "0.5", "1e5", "1E+5", "1e-5", "-12.5e3", "00", "01", "-", "+1", ".5", "5.", "1e",
    "1e+", "1.e5", " 1", "1 ", "nan", "inf", "0x10", "1,5", "--1", "1.5.5", "1ee5", "", "true",
    "3e7636", "-4e651", "1e-400", String(repeating: "1", count: 64),
    String(repeating: "1", count: 65),
  ])
  func edgeCases(_ text: String) {
    for range in Self.ranges {
      #expect(
        DecodingContext.number(text, in: range) == Self.throughTheParser(text, in: range),
        "\(text) in \(range)")
    }
  }

  @Test func randomStringsAgreeWithTheParser() {
    var random = SplitMix(seed: 0x5EED_0010)
    let alphabet = Array("0123456789-+.eE 0")
    for _ in 0..<20_000 {
      let count = Int.random(in: 1...8, using: &random)
      let text = String(
        (0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] })
      for range in Self.ranges {
        #expect(
          DecodingContext.number(text, in: range) == Self.throughTheParser(text, in: range),
          "\(text) in \(range)")
      }
    }
  }
}
