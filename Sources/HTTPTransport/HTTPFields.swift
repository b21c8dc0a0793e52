/// The header fields of a message in the order received: duplicates are kept, so framing headers
/// that appear twice (`Content-Length`, `Host`, `Transfer-Encoding`) can be caught.
public struct HTTPFields: Sendable, Sequence {
  public struct Field: Sendable, Equatable {
    public let name: String
    public let value: String
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  private var fields: [Field] = []

  public init() {}

  /// Room for 8 fields from the start: a response begins with its Content-Type and the
  /// service's middleware adds 5 or 6 more (request id, ETag, Vary, Cache-Control, CORS), and
  /// growing the array as they came was 2 % of a small GET in process.
  public init(_ pairs: [(String, String)]) {
    fields.reserveCapacity(Swift.max(pairs.count, 8))
    for (name, value) in pairs { fields.append(Field(name: name, value: value)) }
  }

  public var count: Int { fields.count }

  public mutating func append(_ name: String, _ value: String) {
    fields.append(Field(name: name, value: value))
  }

  /// Replaces every field of that name with one.
  public mutating func set(_ name: String, _ value: String) {
    remove(name)
    append(name, value)
  }

  public mutating func remove(_ name: String) {
    fields.removeAll { Self.equalsIgnoringCase($0.name, name) }
  }

  /// The first value of a field, comparing names without regard to ASCII case.
  public subscript(_ name: String) -> String? {
    fields.first { Self.equalsIgnoringCase($0.name, name) }?.value
  }

  /// One pass and one array (a filter then a map made two, for each of the five lookups of a
  /// request).
  public func values(_ name: String) -> [String] {
    var values: [String] = []
    for field in fields where Self.equalsIgnoringCase(field.name, name) {
      values.append(field.value)
    }
    return values
  }

  /// Comma-separated list members across every field of that name, trimmed and lowercased.
  public func tokens(_ name: String) -> [String] {
    values(name).flatMap { $0.split(separator: ",") }.map {
      $0.trimmingCharacters(in: " \t").lowercased()
    }.filter { !$0.isEmpty }
  }

  public func contains(_ name: String) -> Bool { self[name] != nil }

  public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

  /// Byte by byte over each string's contiguous UTF-8: a request looks names up ~20 times (its
  /// own fields, then each response field against the four the writer sets itself), and zipping
  /// the two UTF-8 views' iterators was ~1 % of a small GET.
  static func equalsIgnoringCase(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    var a = a
    var b = b
    return a.withUTF8 { x in
      b.withUTF8 { y in
        for i in 0..<x.count where x[i] != y[i] {
          guard isLetter(x[i]) && x[i] | 0x20 == y[i] | 0x20 else { return false }
        }
        return true
      }
    }
  }

  private static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
}

extension StringProtocol {
  /// The string without leading and trailing characters from `set` (Foundation-free).
  public func trimmingCharacters(in set: String) -> String {
    let characters = Set(set)
    guard let start = firstIndex(where: { !characters.contains($0) }) else { return "" }
    let end = lastIndex(where: { !characters.contains($0) })!
    return String(self[start...end])
  }
}
