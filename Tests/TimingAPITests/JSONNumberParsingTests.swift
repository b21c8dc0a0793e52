import Foundation
import TestSupport
import Testing

@testable import TimingAPI

/// The parser's number conversion (an exact fast path for up to 15–16 significant digits and
/// exponents within ±22, strtod otherwise) against the Swift standard library's own conversion,
/// bit for bit, on literals built to sit on both sides of every boundary between the two paths.
@Suite struct JSONNumberParsingTests {
  static func parsed(_ text: String) throws -> Double {
    guard case .array(let items) = try JSONParser.parse(Array("[\(text)]".utf8)),
      case .number(let value) = items.first
    else {
      Issue.record("\(text) did not parse as a number")
      return .nan
    }
    return value
  }

  @Test func randomLiteralsMatchTheStandardLibraryBitForBit() throws {
    var random = SplitMix(seed: 0x5EED_0009)
    for _ in 0..<20_000 {
      let digitCount = Int.random(in: 1...20, using: &random)
      var digits = (0..<digitCount).map { _ in String(Int.random(in: 0...9, using: &random)) }
      if digits.count > 1 && digits[0] == "0" { digits[0] = "1" }
      let point = Int.random(in: 0...digitCount, using: &random)
      var text = digits[0..<max(point, 1)].joined()
      if point < digitCount && point > 0 { text += "." + digits[point...].joined() }
      if Bool.random(using: &random) { text = "-" + text }
      if Int.random(in: 0..<3, using: &random) == 0 {
        text +=
          (Bool.random(using: &random) ? "e" : "E-")
          + String(Int.random(in: 0...30, using: &random))
      }
      let expected = Double(text)!
      let got = try Self.parsed(text)
      #expect(got.bitPattern == expected.bitPattern, "\(text): \(got) vs \(expected)")
    }
  }

  @Test func boundaryLiterals() throws {
    let cases = [
      "9007199254740993",  // 2^53 + 1: not exact, rounds to even
      "900719925474099.3", "0.1", "0.3", "1e22", "1e23", "1.5e-22", "4.9e-324", "5e-324",
      "2.2250738585072014e-308", "1.7976931348623157e308", "-0", "-0.0e5", "0e999",
      "0.0000000000000000000001", "123456789012345678901234567890", "0.9989989989989990",
      "0.5005005005005005",
    ]
    for text in cases {
      let expected = Double(text)!
      let got = try Self.parsed(text)
      #expect(got.bitPattern == expected.bitPattern, "\(text): \(got) vs \(expected)")
    }
  }

  @Test func outOfRangeIsStillRefused() {
    #expect(throws: JSONParseError.self) { try Self.parsed("1e309") }
    #expect(throws: JSONParseError.self) { try Self.parsed("-1e400") }
  }
}
