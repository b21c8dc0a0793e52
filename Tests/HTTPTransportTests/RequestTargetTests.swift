import Testing

@testable import HTTPTransport

/// The request target split into path and query (RFC 9112 §3.2; RFC 3986 §3.4–3.5 for where a
/// query and a fragment start), and field names compared without regard to ASCII case
/// (RFC 9110 §5.1) — both on bytes, in one pass.
@Suite struct RequestTargetTests {
  @Test(
    arguments: [
      ("/", "/", nil),
      ("/v1/curves", "/v1/curves", nil),
      ("/v1/curves?x=0.5", "/v1/curves", "x=0.5"),
      ("/a?", "/a", ""),
      ("/a?x=1?y=2", "/a", "x=1?y=2"),
      ("/a#frag", "/a", nil),
      ("/a?x=1#frag?not=query", "/a", "x=1"),
      ("/a#frag?not=query", "/a", nil),
      ("?x=1", "/", "x=1"),
      ("", "/", nil),
      ("http://example.com", "/", nil),
      ("http://example.com/p/q?x=1", "/p/q", "x=1"),
      ("http://example.com?x=1", "/", "x=1"),
      ("http://example.com:8080/p#f", "/p", nil),
      ("*", "*", nil),
    ] as [(String, String, String?)])
  func splits(_ target: String, _ path: String, _ query: String?) {
    let split = RequestTarget.split(target)
    #expect(split.path == path)
    #expect(split.query == query)
  }

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
