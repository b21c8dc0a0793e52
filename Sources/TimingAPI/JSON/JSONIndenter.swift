/// Re-indents compact JSON for `?pretty` (`JSONLayout`): two spaces a level, one member or
/// element a line, a space after each `:`, empty containers kept as `{}` and `[]`. A state
/// machine over bytes, so a streamed timeline is indented piece by piece as it is made, with
/// pieces split anywhere (inside a string, between a bracket and what follows it). Whitespace
/// outside strings is dropped, so indenting indented text gives the same text.
struct JSONIndenter {
  private var depth = 0
  private var strings = JSONStringTracker()
  /// An opening bracket has been written and its line break waits for the next byte: a `}` or
  /// `]` right after it closes an empty container on the same line.
  private var opened = false

  private static let space = UInt8(ascii: " ")
  private static let newline = UInt8(ascii: "\n")

  mutating func indent(_ input: [UInt8], into out: inout [UInt8]) {
    out.reserveCapacity(out.count + input.count + input.count / 2)
    for byte in input {
      if strings.isInString(byte) {
        out.append(byte)
        continue
      }
      switch byte {
      case Self.space, Self.newline, UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        continue
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if opened { opened = false } else { breakLine(&out) }
        out.append(byte)
        continue
      default:
        break
      }
      if opened {
        opened = false
        breakLine(&out)
      }
      out.append(byte)
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        opened = true
      case UInt8(ascii: ","): breakLine(&out)
      case UInt8(ascii: ":"): out.append(Self.space)
      default: break
      }
    }
  }

  private func breakLine(_ out: inout [UInt8]) {
    out.append(Self.newline)
    out.append(contentsOf: repeatElement(Self.space, count: 2 * max(0, depth)))
  }
}
