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
    return text(hash: hash, length: bytes.count)
  }

  private static let digits = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)

  /// `"<16 hex digits>-<length in base 36>"`, written into one string: formatting it with
  /// `String(radix:)` and concatenation took five allocations (~2 % of a small GET).
  static func text(hash: UInt64, length: Int) -> String {
    var lengthDigits = 1
    var rest = length / 36
    while rest > 0 {
      lengthDigits += 1
      rest /= 36
    }
    return String(unsafeUninitializedCapacity: 19 + lengthDigits) { buffer in
      buffer[0] = UInt8(ascii: "\"")
      for i in 0..<16 { buffer[1 + i] = digits[Int(hash >> UInt64(60 - 4 * i) & 0xF)] }
      buffer[17] = UInt8(ascii: "-")
      var n = length
      for i in stride(from: 17 + lengthDigits, to: 17, by: -1) {
        buffer[i] = digits[n % 36]
        n /= 36
      }
      buffer[18 + lengthDigits] = UInt8(ascii: "\"")
      return 19 + lengthDigits
    }
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
