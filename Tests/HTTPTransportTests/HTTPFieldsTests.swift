import Testing

@testable import HTTPTransport

/// Field names compared without regard to ASCII case (RFC 9110 §5.1), byte by byte, and every
/// field of a name kept in order.
@Suite struct HTTPFieldsTests {
  @Test func namesCompareWithoutASCIICase() {
    #expect(HTTPFields.equalsIgnoringCase("Content-Length", "content-LENGTH"))
    #expect(HTTPFields.equalsIgnoringCase("", ""))
    #expect(!HTTPFields.equalsIgnoringCase("Content-Length", "Content-Lengt"))
    // Bytes that differ only in bit 0x20 but are not letters: '@' and '`', '-' and '\r'.
    #expect(!HTTPFields.equalsIgnoringCase("a@b", "a`b"))
    #expect(!HTTPFields.equalsIgnoringCase("X-Id", "X\rId"))
    #expect(!HTTPFields.equalsIgnoringCase("é", "É"))
    // A long (heap) string against a small one of the same bytes.
    let long = String(repeating: "Field-", count: 10)
    #expect(HTTPFields.equalsIgnoringCase(long, long.uppercased()))
  }

  @Test func valuesKeepEveryFieldOfTheNameInOrder() {
    let fields = HTTPFields([("Host", "a"), ("Accept", "x"), ("host", "b"), ("HOST", "c")])
    #expect(fields.values("Host") == ["a", "b", "c"])
    #expect(fields.values("Missing").isEmpty)
    #expect(fields["hOsT"] == "a")
  }
}
