import TimingEngine

/// A field's value in a JSON log line, so that numbers are written as JSON numbers (a log
/// pipeline can sum `bytes` or chart `durationMs` without parsing strings) and flags as
/// booleans.
public enum LogValue: Sendable, Equatable {
  case string(String)
  case integer(Int)
  case number(Double)
  case boolean(Bool)

  func write(to w: inout JSONWriter) {
    switch self {
    case .string(let value): w.string(value)
    case .integer(let value): w.number(value)
    case .number(let value): w.number(value)
    case .boolean(let value): w.bool(value)
    }
  }
}

extension LogValue {
  /// A server event's field, which the transport gives as text (`ServerEvent.fields`): an
  /// integer written the way `String(_:)` writes one (`"8080"`, `"-1"`) becomes a number, so
  /// ports, counts and errno values are JSON numbers like the access log's; anything else (a
  /// host, `"007"`, a reason) stays text.
  init(eventField text: String) {
    if let integer = Int(text), String(integer) == text {
      self = .integer(integer)
    } else {
      self = .string(text)
    }
  }
}

extension LogValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .integer(value) }
}
