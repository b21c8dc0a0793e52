import TestSupport
import Testing

@testable import TimingAPI

/// The query scanner and the entity-tag text, each against a plain reimplementation written
/// here with the standard library's splitting and radix formatting (what the code did before it
/// was made to allocate less).
@Suite struct QueryStringAndTagTests {
  /// The split-based reading: pairs on `&` (empty ones dropped), name and value on the first `=`.
  static func reference(_ raw: String) -> [(String, String)]? {
    var result: [(String, String)] = []
    for pair in raw.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = percentDecode(parts[0], plusIsSpace: true),
        let value = percentDecode(parts.count > 1 ? parts[1] : "", plusIsSpace: true)
      else { return nil }
      result.append((name, value))
    }
    return result
  }

  @Test(arguments: [
    "x=0.5", "x=0.5&y=1", "a", "a=", "=b", "&&x=1&&", "x=1&x=2", "n%41me=v%20a+l", "q=a=b=c",
    "bad=%zz", "bad=%4", "x=%E2%82%AC", "x=%FF", "pretty", "pretty&x=1", "&", "=", "a=&=b&",
  ])
  func scanAgreesWithSplitting(_ raw: String) {
    let scanned = QueryString(raw)
    let expected = Self.reference(raw)
    #expect((scanned == nil) == (expected == nil))
    if let scanned, let expected {
      #expect(scanned.parameters.map(\.name) == expected.map(\.0))
      #expect(scanned.parameters.map(\.value) == expected.map(\.1))
    }
  }

  @Test func noQueryIsEmpty() {
    #expect(QueryString(nil)?.parameters.isEmpty == true)
    #expect(QueryString("")?.parameters.isEmpty == true)
  }

  /// The tag text is `"` + 16 zero-padded hex digits + `-` + the length in base 36 + `"`.
  @Test func tagTextMatchesRadixFormatting() {
    var generator = SplitMix(seed: 9)
    let lengths = [0, 1, 35, 36, 37, 1295, 1296, 264, 19_800_000, Int(Int32.max)]
    for length in lengths {
      for _ in 0..<50 {
        let hash = generator.next()
        let hex = String(hash, radix: 16)
        let expected =
          "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "-"
          + String(length, radix: 36) + "\""
        #expect(EntityTag.text(hash: hash, length: length) == expected)
      }
    }
    #expect(EntityTag.text(hash: 0, length: 0) == "\"0000000000000000-0\"")
    #expect(EntityTag.text(hash: .max, length: 36) == "\"ffffffffffffffff-10\"")
  }
}
