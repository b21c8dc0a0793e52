extension CORSMiddleware.AllowedOrigins {
  /// What is wrong with `origin` as a configured origin, or nil when it can match. A browser's
  /// `Origin` is always `scheme://host[:port]` (RFC 6454 §6.1: no path, no trailing slash), and
  /// the list is compared byte for byte, so `example.com` or `https://example.com/` would be
  /// accepted at start and then never match any request: refused before the server starts.
  static func problem(with origin: String) -> String? {
    let expected = "expected scheme://host[:port], e.g. https://example.com"
    guard let separator = origin.firstRange(of: "://") else {
      return "'\(origin)' has no scheme; \(expected)"
    }
    let scheme = origin[..<separator.lowerBound]
    let authority = origin[separator.upperBound...]
    // RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
    guard let first = scheme.first, first.isASCII, first.isLetter,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else {
      return "'\(origin)' has no valid scheme; \(expected)"
    }
    guard !authority.isEmpty else { return "'\(origin)' has no host; \(expected)" }
    guard !authority.contains(where: { "/?#@ \t".contains($0) }) else {
      return "'\(origin)' is not an origin (a path, query, user or space); \(expected)"
    }
    // A port is what follows the last colon, unless that colon is inside an IPv6 `[…]`.
    var host = authority
    if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
      host = authority[..<colon]
      let port = authority[authority.index(after: colon)...]
      guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }),
        let number = Int(port), number <= 65_535
      else {
        return "'\(origin)' has an invalid port; \(expected)"
      }
    }
    guard !host.isEmpty else { return "'\(origin)' has no host; \(expected)" }
    return nil
  }
}
