#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Why a body is not acceptable JSON, with where reading stopped.
public struct JSONParseError: Error, Sendable, Equatable {
  public let message: String
  /// Where reading stopped: line, column and byte offset.
  public let position: JSONTextPosition
  public var offset: Int { position.offset }
  /// Where in the document the problem is, when it is about a value (a duplicate name, a
  /// number out of range) rather than about syntax.
  public let pointer: JSONPointer?
}

/// A strict RFC 8259 parser over bytes, with a nesting limit so that a hostile document of
/// `[[[[…` cannot exhaust the stack.
public struct JSONParser {
  public static let maxDepth = 64

  private let bytes: [UInt8]
  private var index = 0
  private var path: [String] = []

  public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.index == bytes.count else {
      throw parser.error("unexpected data after the JSON value")
    }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private func error(_ message: String, pointer: Bool = false) -> JSONParseError {
    JSONParseError(
      message: message, position: JSONTextPosition(offset: index, in: bytes),
      pointer: pointer ? JSONPointer(path) : nil)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
    guard index < bytes.count else { throw error("unexpected end of JSON") }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      guard depth < Self.maxDepth else {
        throw error("JSON nested deeper than \(Self.maxDepth) levels")
      }
      return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["):
      guard depth < Self.maxDepth else {
        throw error("JSON nested deeper than \(Self.maxDepth) levels")
      }
      return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
    case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
    case UInt8(ascii: "n"): try expectLiteral("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw error("unexpected character; expected a JSON value")
    }
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw error("unexpected end of JSON") }
    for i in 0..<count where bytes[index + i] != literal.utf8Start[i] {
      throw error("invalid literal; expected \(literal)")
    }
    index += count
  }

  private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
    index += 1
    var members: [(String, JSONValue)] = []
    var names = Set<String>()
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("expected a member name")
      }
      let name = try parseString()
      path.append(name)
      guard names.insert(name).inserted else {
        throw error("duplicate member name '\(name)'", pointer: true)
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("expected ':'")
      }
      index += 1
      skipWhitespace()
      let value = try parseValue(depth: depth)
      path.removeLast()
      members.append((name, value))
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of JSON") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
      index += 1
      return .object(members)
    }
  }

  private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      path.append(String(elements.count))
      elements.append(try parseValue(depth: depth))
      path.removeLast()
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of JSON") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
      index += 1
      return .array(elements)
    }
  }

  private mutating func parseNumber() throws(JSONParseError) -> Double {
    let start = index
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    // The significant digits as an integer while they fit exactly in a double (Clinger's fast
    // path): then the value is one correctly rounded multiplication or division by an exact
    // power of ten, without the string and the strtod call that were ~8 % of a bulk evaluation.
    var mantissa: UInt64 = 0
    var exactDigits = true
    var decimalExponent = 0
    func digits(_ p: inout JSONParser, fraction: Bool) -> Int {
      let s = p.index
      while p.index < p.bytes.count, p.bytes[p.index] >= 0x30, p.bytes[p.index] <= 0x39 {
        if mantissa <= ((1 << 53) - 9) / 10 {  // then mantissa · 10 + 9 < 2^53
          mantissa = mantissa * 10 + UInt64(p.bytes[p.index] - 0x30)
          if fraction { decimalExponent -= 1 }
        } else {
          exactDigits = false
        }
        p.index += 1
      }
      return p.index - s
    }
    let intStart = index
    let intDigits = digits(&self, fraction: false)
    guard intDigits > 0 else { throw error("malformed number") }
    if intDigits > 1 && bytes[intStart] == 0x30 { throw error("malformed number: leading zero") }
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits(&self, fraction: true) > 0 else {
        throw error("malformed number: no digits after '.'")
      }
    }
    if index < bytes.count
      && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E"))
    {
      index += 1
      var exponentSign = 1
      if index < bytes.count
        && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"))
      {
        if bytes[index] == UInt8(ascii: "-") { exponentSign = -1 }
        index += 1
      }
      let exponentStart = index
      var exponent = 0
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
        if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[index] - 0x30) }
        index += 1
      }
      guard index > exponentStart else {
        throw error("malformed number: no digits in the exponent")
      }
      decimalExponent += exponentSign * exponent
    }
    guard index - start <= 512 else {
      throw error("number literal longer than 512 characters", pointer: true)
    }
    if exactDigits && decimalExponent >= -22 && decimalExponent <= 22 {
      // Both operands are exact (mantissa < 2^53, 10^22 < 2^53 · 2^22 is exact in binary64), so
      // the one rounding is the only one: the result is correctly rounded, as strtod's.
      let power = Self.exactPowersOfTen[abs(decimalExponent)]
      let magnitude =
        decimalExponent < 0 ? Double(mantissa) / power : Double(mantissa) * power
      return negative ? -magnitude : magnitude
    }
    // Otherwise the C library's correctly rounded conversion, from a NUL-terminated copy on the
    // stack (the grammar above was checked, so strtod reads exactly these bytes).
    let length = index - start
    let value = withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { text in
      for i in 0..<length { text[i] = CChar(bitPattern: bytes[start + i]) }
      text[length] = 0
      return strtod(text.baseAddress!, nil)
    }
    guard value.isFinite else {
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      throw error("number \(text.prefix(40)) is outside the range of a double", pointer: true)
    }
    return value
  }

  /// 10^0 … 10^22, each exactly representable as a double.
  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  private mutating func parseString() throws(JSONParseError) -> String {
    index += 1
    var scalars: [UInt8] = []
    let start = index
    // Fast path: no escapes.
    while index < bytes.count {
      let c = bytes[index]
      if c == UInt8(ascii: "\"") {
        let slice = bytes[start..<index]
        index += 1
        guard let text = String(validating: slice, as: UTF8.self) else {
          throw error("string is not valid UTF-8")
        }
        return text
      }
      if c == UInt8(ascii: "\\") { break }
      if c < 0x20 { throw error("control character in a string") }
      index += 1
    }
    scalars.append(contentsOf: bytes[start..<index])
    while index < bytes.count {
      let c = bytes[index]
      switch c {
      case UInt8(ascii: "\""):
        index += 1
        guard let text = String(validating: scalars, as: UTF8.self) else {
          throw error("string is not valid UTF-8")
        }
        return text
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { throw error("unexpected end of JSON") }
        let e = bytes[index]
        index += 1
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(e)
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800...0xDBFF).contains(code) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("unpaired surrogate in a string") }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else {
              throw error("unpaired surrogate in a string")
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00...0xDFFF).contains(code) {
            throw error("unpaired surrogate in a string")
          }
          scalars.append(contentsOf: Array(String(Character(Unicode.Scalar(code)!)).utf8))
        default: throw error("invalid escape in a string")
        }
      default:
        if c < 0x20 { throw error("control character in a string") }
        scalars.append(c)
        index += 1
      }
    }
    throw error("unterminated string")
  }

  private mutating func hex4() throws(JSONParseError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("unexpected end of JSON") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let c = bytes[index]
      let digit: UInt32
      switch c {
      case 0x30...0x39: digit = UInt32(c - 0x30)
      case 0x41...0x46: digit = UInt32(c - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(c - 0x61 + 10)
      default: throw error("invalid \\u escape")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }
}
