/// Strong entity tags from the response bytes: the engine is pure, so the same request always
/// gives the same bytes and the same tag (API.md).
enum EntityTag {
  /// FNV-1a, 64-bit: fast, stable across runs and processes (unlike `Hasher`), and enough to
  /// tell two responses to the same URL apart.
  static func of(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "-"
      + String(bytes.count, radix: 36) + "\""
  }

  /// RFC 9110 §13.1.2: weak comparison; `*` matches any current representation.
  static func matches(_ ifNoneMatch: String, _ tag: String) -> Bool {
    for candidate in ifNoneMatch.split(separator: ",") {
      var value = candidate.trimmingCharacters(in: " \t")
      if value == "*" { return true }
      if value.hasPrefix("W/") { value = String(value.dropFirst(2)) }
      if value == tag { return true }
    }
    return false
  }
}
