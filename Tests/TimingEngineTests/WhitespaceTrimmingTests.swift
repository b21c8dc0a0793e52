import Testing

@testable import TimingEngine

/// Names are trimmed of ASCII whitespace characters (space, tab, LF, CR, FF) at both ends, as
/// characters: a space carrying a combining mark is not whitespace, and CR LF is one character
/// that is neither CR nor LF, so it stays.
@Suite struct WhitespaceTrimmingTests {
  @Test(arguments: [
    ("easeIn", "easeIn"), (" easeIn", "easeIn"), ("easeIn\t", "easeIn"),
    ("\u{0C}\n ease-in \r", "ease-in"), ("", ""), ("   ", ""), ("a b", "a b"),
    (" \u{301}x", " \u{301}x"), ("x \u{301}", "x \u{301}"), ("\r\neaseIn\r\n", "\r\neaseIn\r\n"),
    ("\u{A0}easeIn", "\u{A0}easeIn"),
  ])
  func trims(_ text: String, _ expected: String) {
    #expect(text.trimmingASCIIWhitespace() == expected)
    #expect(text.trimmingASCIIWhitespace().utf8.elementsEqual(expected.utf8))
  }
}
