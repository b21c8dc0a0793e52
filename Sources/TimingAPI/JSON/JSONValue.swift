/// A parsed JSON document. Objects keep their members in order (and the parser rejects
/// duplicate names, which different JSON libraries resolve differently).
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  public static func == (a: JSONValue, b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): true
    case (.bool(let x), .bool(let y)): x == y
    case (.number(let x), .number(let y)): x == y
    case (.string(let x), .string(let y)): x == y
    case (.array(let x), .array(let y)): x == y
    case (.object(let x), .object(let y)):
      x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    // Values of different kinds, each listed so that a new kind must be placed here.
    case (.null, _), (.bool, _), (.number, _), (.string, _), (.array, _), (.object, _): false
    }
  }

  public subscript(_ key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// A short name of the value's JSON type, for error messages.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// RFC 6901 JSON Pointer, built up while walking a document so that every problem can say
/// exactly where it is.
public struct JSONPointer: Sendable, Equatable, CustomStringConvertible {
  public private(set) var tokens: [String] = []
  public init() {}
  public init(_ tokens: [String]) { self.tokens = tokens }

  public func appending(_ key: String) -> JSONPointer { JSONPointer(tokens + [key]) }
  public func appending(_ index: Int) -> JSONPointer { JSONPointer(tokens + [String(index)]) }
  public static func / (p: JSONPointer, key: String) -> JSONPointer { p.appending(key) }
  public static func / (p: JSONPointer, index: Int) -> JSONPointer { p.appending(index) }

  public var description: String {
    tokens.map { "/" + $0.replacingAll("~", "~0").replacingAll("/", "~1") }.joined()
  }
}

extension String {
  func replacingAll(_ target: Character, _ replacement: String) -> String {
    guard contains(target) else { return self }
    var result = ""
    for c in self {
      if c == target { result += replacement } else { result.append(c) }
    }
    return result
  }
}
