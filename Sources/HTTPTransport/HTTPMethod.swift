/// A request's method (RFC 9110 §9.1): a token, compared case-sensitively. Not a closed enum:
/// the parser hands on any token, so that the application can answer 501 naming a method it
/// does not know; the methods code compares against are the static members, so a misspelt
/// comparison (`"GTE"`) does not compile. Not expressible by a string literal, for the same
/// reason.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: String

  @inlinable public init(rawValue: String) { self.rawValue = rawValue }

  @inlinable public init(_ token: String) { rawValue = token }

  // Computed from literals rather than stored: a stored static is a global reached through a
  // once-check on every use, and the middleware compares the method several times a request
  // (timing-bench handle was ~3 % slower with stored ones).
  @inlinable public static var get: HTTPMethod { HTTPMethod("GET") }
  @inlinable public static var head: HTTPMethod { HTTPMethod("HEAD") }
  @inlinable public static var post: HTTPMethod { HTTPMethod("POST") }
  @inlinable public static var put: HTTPMethod { HTTPMethod("PUT") }
  @inlinable public static var delete: HTTPMethod { HTTPMethod("DELETE") }
  @inlinable public static var patch: HTTPMethod { HTTPMethod("PATCH") }
  @inlinable public static var options: HTTPMethod { HTTPMethod("OPTIONS") }
  @inlinable public static var trace: HTTPMethod { HTTPMethod("TRACE") }
  @inlinable public static var connect: HTTPMethod { HTTPMethod("CONNECT") }

  /// Whether HTTP defines the method (RFC 9110 §9, RFC 5789 for PATCH): a server answers one it
  /// does not take with 405 and any other with 501.
  public var isStandard: Bool {
    switch self {
    case .get, .head, .post, .put, .delete, .patch, .options, .trace, .connect: true
    default: false
    }
  }

  public var description: String { rawValue }
}
