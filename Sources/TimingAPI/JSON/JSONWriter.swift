import TimingEngine

/// A streaming JSON writer into a byte buffer: responses are written as they are produced, never
/// built as a tree first. The caller is responsible for well-formed nesting; the writer handles
/// commas.
public struct JSONWriter {
  private let buffer: ByteBuffer
  /// Whether the next value in the current container needs a comma before it.
  private var needsComma = false

  public init(capacity: Int = 1024) { buffer = ByteBuffer(capacity: capacity) }

  /// Everything written so far.
  public var bytes: [UInt8] { buffer.bytes }

  /// Bytes written since the last `take`.
  public var count: Int { buffer.count }

  /// What was written since the last `take`, leaving the nesting state as it is: the document
  /// goes on in the next piece.
  public mutating func take() -> [UInt8] { buffer.take() }

  private mutating func separate() {
    if needsComma { buffer.append(UInt8(ascii: ",")) }
  }

  public mutating func beginObject() {
    separate()
    buffer.append(UInt8(ascii: "{"))
    needsComma = false
  }

  public mutating func endObject() {
    buffer.append(UInt8(ascii: "}"))
    needsComma = true
  }

  public mutating func beginArray() {
    separate()
    buffer.append(UInt8(ascii: "["))
    needsComma = false
  }

  public mutating func endArray() {
    buffer.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// A member name; the value written next belongs to it.
  public mutating func key(_ name: String) {
    separate()
    appendString(name)
    buffer.append(UInt8(ascii: ":"))
    needsComma = false
  }

  public mutating func string(_ value: String) {
    separate()
    appendString(value)
    needsComma = true
  }

  /// `?precision`: numbers to this many significant digits as they are written (a streamed
  /// timeline's, `TimelineStream`); nil for the shortest decimal that reads back exactly.
  public var significantDigits: Int? = nil

  /// A number; non-finite values (which JSON cannot hold) are written as null.
  public mutating func number(_ value: Double) {
    separate()
    if let significantDigits, value.isFinite {
      ShortestDecimal.append(value, significantDigits: significantDigits, to: buffer)
    } else if value.isFinite {
      ShortestDecimal.append(value, to: buffer)
    } else {
      buffer.append("null")
    }
    needsComma = true
  }

  /// Numbers straight from a buffer, comma-separated (the columnar hot path).
  public mutating func numbers(_ values: UnsafeBufferPointer<Double>) {
    for v in values { number(v) }
  }

  public mutating func numberArray(_ values: [Double]) {
    beginArray()
    values.withUnsafeBufferPointer { numbers($0) }
    endArray()
  }

  /// An array of objects, one an item, each object's members written by `members`.
  public mutating func objects<Items: Sequence>(
    _ items: Items, _ members: (Items.Element, inout JSONWriter) -> Void
  ) {
    beginArray()
    for item in items {
      beginObject()
      members(item, &self)
      endObject()
    }
    endArray()
  }

  /// An array of strings.
  /// `text` as a JSON string literal, quotes included: also a valid string literal in
  /// JavaScript and TypeScript (the generated `?format=ts`) and in a JSON body made by hand
  /// (the command line's).
  static func quoted(_ text: String) -> String {
    var w = JSONWriter(capacity: text.utf8.count + 2)
    w.string(text)
    return String(decoding: w.take(), as: UTF8.self)
  }

  public mutating func strings(_ values: [String]) {
    beginArray()
    for value in values { string(value) }
    endArray()
  }

  public mutating func number(_ value: Int) {
    separate()
    ShortestDecimal.appendInteger(Int64(value), to: buffer)
    needsComma = true
  }

  public mutating func bool(_ value: Bool) {
    separate()
    buffer.append(value ? "true" : "false")
    needsComma = true
  }

  /// A line break after the document (`RequestContext.json`), outside any value.
  public mutating func lineBreak() { buffer.append(UInt8(ascii: "\n")) }

  public mutating func null() {
    separate()
    buffer.append("null")
    needsComma = true
  }

  /// Writes an already-parsed value back out.
  public mutating func value(_ value: JSONValue) {
    switch value {
    case .null: null()
    case .bool(let b): bool(b)
    case .number(let n): number(n)
    case .string(let s): string(s)
    case .array(let elements):
      beginArray()
      for element in elements { self.value(element) }
      endArray()
    case .object(let members):
      beginObject()
      for (name, member) in members {
        key(name)
        self.value(member)
      }
      endObject()
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// A value already encoded as JSON (a cached fragment), written as one member or element.
  public mutating func fragment(_ json: [UInt8]) {
    separate()
    buffer.append(json)
    needsComma = true
  }

  private mutating func appendString(_ s: String) {
    buffer.append(UInt8(ascii: "\""))
    // Names and most values need no escape: one scan and one copy instead of a switch and an
    // append per byte.
    var s = s
    let plain = s.withUTF8 { utf8 in
      guard !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else { return false }
      buffer.append(UnsafeRawBufferPointer(utf8))
      return true
    }
    if !plain { appendEscaped(s) }
    buffer.append(UInt8(ascii: "\""))
  }

  private mutating func appendEscaped(_ s: String) {
    for c in s.utf8 {
      switch c {
      case UInt8(ascii: "\""): buffer.append([0x5C, 0x22])
      case UInt8(ascii: "\\"): buffer.append([0x5C, 0x5C])
      case 0x0A: buffer.append([0x5C, UInt8(ascii: "n")])
      case 0x0D: buffer.append([0x5C, UInt8(ascii: "r")])
      case 0x09: buffer.append([0x5C, UInt8(ascii: "t")])
      case 0..<0x20:
        buffer.append("\\u00")
        buffer.append(Self.hexDigits[Int(c >> 4)])
        buffer.append(Self.hexDigits[Int(c & 0xF)])
      default: buffer.append(c)
      }
    }
  }
}
