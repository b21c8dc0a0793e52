import HTTPTransport

/// `?precision=N` (api.md "JSON layout"): every number of a JSON or CSV answer rounded to N
/// significant digits, for people reading them. Numbers are the shortest decimal that reads
/// back to the double the maths gave (0.39999999999999997 is what it gave); rounded, they are
/// what a reader wants (0.4 at 6 digits), and still exact to N digits.
///
/// Applied to a JSON answer's text by its constructor (`RequestContext.answer`, for text the
/// route says is `AnswerText.json`: `NumberTextRounder`), or, for a route that
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

  /// A JSON answer's `body` with its numbers rounded to `digits` (`RequestContext.answer`, for
  /// an answer whose text is `.json`).
  static func rounded(_ body: [UInt8], digits: Int) -> [UInt8] {
    var rounder = NumberTextRounder(digits: digits)
    let out = ByteBuffer(capacity: body.count + 64)
    rounder.round(body, into: out)
    rounder.finish(into: out)
    return out.take()
  }
}
