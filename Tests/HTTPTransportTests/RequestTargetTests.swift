import Testing

@testable import HTTPTransport

/// The request target split into path and query (RFC 9112 §3.2; RFC 3986 §3.4–3.5 for where a
/// query and a fragment start), on bytes in one pass.
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
}
