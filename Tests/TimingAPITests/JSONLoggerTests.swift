import Testing

@testable import TimingAPI

/// The JSON log lines' fields.
@Suite struct JSONLoggerTests {
  /// RFC 3339 in UTC with milliseconds.
  @Test func timestampFormat() {
    let stamp = JSONLogger.timestamp()
    let bytes = Array(stamp.utf8)
    #expect(bytes.count == 24)
    let digits = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22]
    #expect(
      digits.allSatisfy { bytes[$0] >= UInt8(ascii: "0") && bytes[$0] <= UInt8(ascii: "9") },
      "\(stamp)")
    #expect(
      Array(stamp)[4] == "-" && Array(stamp)[10] == "T" && Array(stamp)[19] == "."
        && stamp.hasSuffix("Z"))
    #expect(Int(stamp.prefix(4))! >= 2025)
  }
}
