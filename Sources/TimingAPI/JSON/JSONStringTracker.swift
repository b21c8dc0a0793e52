/// Which bytes of JSON text, read one at a time and in pieces split anywhere, lie inside a
/// string (`"…"`, with backslash escapes): what `JSONIndenter` and `NumberTextRounder` pass
/// through untouched. One state machine for both, so an escape rule is written once.
struct JSONStringTracker {
  private var inString = false
  private var escaped = false

  /// Takes the next byte. True when it belongs to a string after its opening quote (its
  /// content and its closing quote): the caller passes it on as it is. False for any other
  /// byte; an opening quote starts a string for the bytes after it.
  @inline(__always)
  mutating func isInString(_ byte: UInt8) -> Bool {
    if inString {
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        inString = false
      }
      return true
    }
    if byte == UInt8(ascii: "\"") { inString = true }
    return false
  }
}
