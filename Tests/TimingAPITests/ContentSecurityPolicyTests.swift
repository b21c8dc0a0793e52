import Testing

@testable import TimingAPI

/// The playground's policy is only as right as its hashes: SHA-256 and base64 against their
/// standards' own test vectors, and the blocks found as a browser would hash them.
@Suite struct ContentSecurityPolicyTests {
  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  /// FIPS 180-4's examples (one block, two blocks), the empty message, and messages around the
  /// padding's edge (55, 56 and 64 bytes, where the length no longer fits in the last block).
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      String(repeating: "a", count: 55),
      "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"
    ),
    (
      String(repeating: "a", count: 56),
      "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"
    ),
    (
      String(repeating: "a", count: 64),
      "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"
    ),
  ])
  func sha256(_ message: String, _ digest: String) {
    #expect(Self.hex(SHA256.digest(Array(message.utf8))) == digest)
  }

  /// RFC 4648 §10.
  @Test func base64() {
    let vectors = [
      ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
      ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ]
    for (text, encoded) in vectors {
      #expect(ContentSecurityPolicy.base64(Array(text.utf8)) == encoded, "\(text)")
    }
  }

  /// A block is the exact text between its tags, UTF-8 and white space included, as CSP hashes
  /// it; the source for `alert(1)` is the one Python's hashlib and base64 give.
  @Test func blocksAndSources() {
    let page = Array("<p><script>alert(1)</script><style> p { } </style><script>→</script>".utf8)
    let scripts = ContentSecurityPolicy.blocks("script", in: page)
    #expect(scripts.map { String(decoding: $0, as: UTF8.self) } == ["alert(1)", "→"])
    #expect(
      ContentSecurityPolicy.blocks("style", in: page).map { String(decoding: $0, as: UTF8.self) }
        == [" p { } "])
    #expect(
      ContentSecurityPolicy.hashSource(scripts[0])
        == "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='")
    let policy = ContentSecurityPolicy.forInlineBlocks(of: page)
    #expect(policy.hasPrefix("default-src 'none'; script-src 'sha256-"))
    #expect(ContentSecurityPolicy.forInlineBlocks(of: []).contains("script-src 'none'"))
  }
}
