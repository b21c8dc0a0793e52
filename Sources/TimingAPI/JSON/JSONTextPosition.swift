/// Where in a JSON text something is, as an editor shows it: the line and column a person
/// looks for, and the byte offset a program seeks to.
public struct JSONTextPosition: Sendable, Equatable {
  /// Bytes before the position, from 0.
  public let offset: Int
  /// From 1. A line ends at LF, CR or CRLF (one break, not two): JSON's own whitespace
  /// (RFC 8259 §2), as Windows editors write it.
  public let line: Int
  /// From 1, in Unicode scalars since the line began: `"é"` before the position is one column
  /// though it is two bytes, as an editor counts it (a scalar outside the Basic Multilingual
  /// Plane is one column too, where a UTF-16 editor may count two).
  public let column: Int

  public init(offset: Int, line: Int, column: Int) {
    self.offset = offset
    self.line = line
    self.column = column
  }

  /// The position of byte `offset` of `bytes` (UTF-8): counted from the start, once, when a
  /// problem is reported, so reading a valid body costs nothing more.
  public init(offset: Int, in bytes: [UInt8]) {
    var line = 1
    var column = 1
    var index = 0
    let end = min(offset, bytes.count)
    while index < end {
      let byte = bytes[index]
      switch byte {
      case 0x0A:
        line += 1
        column = 1
      case 0x0D:
        line += 1
        column = 1
        // CRLF is one break: the LF after a CR starts no new line.
        if index + 1 < end, bytes[index + 1] == 0x0A { index += 1 }
      case 0x80...0xBF:
        // A UTF-8 continuation byte: part of the scalar already counted.
        break
      default:
        column += 1
      }
      index += 1
    }
    self.init(offset: offset, line: line, column: column)
  }
}
