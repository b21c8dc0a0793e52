/// A request's method (RFC 9110 §9.1): a token, compared case-sensitively. Not a closed enum:
/// the parser hands on any token, so that the application can answer 501 naming a method it
/// does not know; the methods code compares against are the static members, so a misspelt
/// comparison (`"GTE"`) does not compile. Not expressible by a string literal, for the same
/// reason.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  public init(_ token: String) { rawValue = token }

  public static let get = HTTPMethod("GET")
  public static let head = HTTPMethod("HEAD")
  public static let post = HTTPMethod("POST")
  public static let put = HTTPMethod("PUT")
  public static let delete = HTTPMethod("DELETE")
  public static let patch = HTTPMethod("PATCH")
  public static let options = HTTPMethod("OPTIONS")
  public static let trace = HTTPMethod("TRACE")
  public static let connect = HTTPMethod("CONNECT")

  /// The methods HTTP defines (RFC 9110 §9, RFC 5789 for PATCH).
  public static let standard: [HTTPMethod] = [
    get, head, post, put, delete, patch, options, trace, connect,
  ]

  /// Whether HTTP defines the method: a server answers one it does not take with 405 and any
  /// other with 501. Compared as short strings, which costs less than hashing the method into
  /// a set.
  public var isStandard: Bool { Self.standard.contains(self) }

  public var description: String { rawValue }
}
