import HTTPTransport

/// `?precision=N` (api.md "JSON layout"): every number of a JSON or CSV answer rounded to N
/// significant digits, for people reading them. Numbers are the shortest decimal that reads
/// back to the double the maths gave (0.39999999999999997 is what it gave); rounded, they are
/// what a reader wants (0.4 at 6 digits), and still exact to N digits.
///
/// Applied after the route to a JSON answer's text (`NumberTextRounder`), or, for a route that
/// `roundsItsNumbers`, by the route as it writes them (a timeline, held whole or streamed:
/// `TimelineStream`). Exports round within their own bounds instead and do not take it; the
/// answer's `ETag` differs per precision, since its bytes do (a streamed answer's tag has the
/// precision in it).
enum NumberPrecision {
  static let parameter = "precision"
  static let digits = 1...ShortestDecimal.maxSignificantDigits

  /// The digits asked for; nil when absent; a 422 naming the parameter when it is not a whole
  /// number in 1…17.
  static func digits(_ query: QueryString) throws(Problem) -> Int? {
    guard let text = query.first(parameter) else { return nil }
    // Digits only: `Int` also reads "+3".
    guard text.allSatisfy({ ("0"..."9").contains($0) }), let n = Int(text), digits.contains(n)
    else {
      throw Problem.invalidRequest([
        .parameter(
          parameter,
          "must be a whole number of significant digits in \(digits.lowerBound)…\(digits.upperBound)"
        )
      ])
    }
    return n
  }

  /// Whether `response` has its numbers rounded after the route: a successful JSON answer
  /// (`application/json`, not an export's own `+json` type) held whole. A streamed answer, and
  /// every CSV answer (a timeline's), is rounded by the route that makes it.
  static func takes(_ response: HTTPResponse) -> Bool {
    guard response.stream == nil, response.status == .ok,
      let type = response.headers["Content-Type"]
    else { return false }
    let essence = type.split(separator: ";").first.map { $0.trimmingCharacters(in: " ") } ?? ""
    return essence == HTTPResponse.jsonType
  }

  /// `response`, which `takes` its numbers rounded (the caller asked), with them rounded.
  static func rounded(_ response: HTTPResponse, digits: Int) -> HTTPResponse {
    var rounder = NumberTextRounder(digits: digits)
    let out = ByteBuffer(capacity: response.body.count + 64)
    rounder.round(response.body, into: out)
    rounder.finish(into: out)
    var result = response
    result.body = out.take()
    return result
  }
}
