/// Strong entity tags from the response bytes (weak ones for compressed answers:
/// `EntityTag+ContentCoding.swift`): the engine is pure, so the same request always
/// gives the same bytes and the same tag (api.md).
enum EntityTag {
  /// A 64-bit multiply–xorshift hash over 8-byte words: stable across runs and processes
  /// (unlike `Hasher`), fast on multi-megabyte timelines, and plenty to tell two responses to
  /// the same URL apart.
  static func of(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
    bytes.withUnsafeBytes { raw in
      let words = raw.count / 8
      for i in 0..<words {
        hash =
          (hash ^ raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
          &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 29
      }
      for i in (words * 8)..<raw.count {
        hash = (hash ^ UInt64(raw[i])) &* 0x0000_0100_0000_01b3
      }
    }
    hash ^= hash >> 32
    let hex = String(hash, radix: 16)
    return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "-"
      + String(bytes.count, radix: 36) + "\""
  }

  /// RFC 9110 §13.1.2: weak comparison (the opaque tags are equal, whether either is weak);
  /// `*` matches any current representation.
  static func matches(_ ifNoneMatch: String, _ tag: String) -> Bool {
    let opaque = tag.hasPrefix("W/") ? tag.dropFirst(2) : Substring(tag)
    for candidate in ifNoneMatch.split(separator: ",") {
      var value = candidate.trimmingCharacters(in: " \t")
      if value == "*" { return true }
      if value.hasPrefix("W/") { value = String(value.dropFirst(2)) }
      if value == opaque { return true }
    }
    return false
  }
}
