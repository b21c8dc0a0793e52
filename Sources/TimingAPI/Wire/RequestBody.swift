import HTTPTransport
import TimingEngine

/// Reading a request body as JSON: media type first (415), then syntax (400).
enum RequestBody {
  /// The parse is charged to the request's budget (decoding, by the byte).
  static func json(_ request: HTTPRequest, budget: inout WorkBudget) throws(Problem) -> JSONValue {
    let type = request.headers[HTTPField.Name.contentType]
    let parts = type?.split(separator: ";", omittingEmptySubsequences: false) ?? []
    let mediaType = parts.first?.trimmingCharacters(in: " \t").lowercased()
    guard let mediaType,
      mediaType == "application/json"
        || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
    else { throw Problem.unsupportedMediaType(type) }
    // JSON is UTF-8 (RFC 8259 §8.1) and the parser reads nothing else: a body declared in
    // another charset would be misread, so it is refused rather than guessed at.
    for parameter in parts.dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1).map {
        $0.trimmingCharacters(in: " \t").lowercased()
      }
      guard pair.count == 2, pair[0] == "charset" else { continue }
      let charset = pair[1].trimmingCharacters(in: "\"")
      guard charset == "utf-8" || charset == "utf8" else {
        throw Problem.unsupportedMediaType(type)
      }
    }
    return try parse(request.body, budget: &budget)
  }

  static func parse(_ bytes: [UInt8], budget: inout WorkBudget) throws(Problem) -> JSONValue {
    do throws(WorkBudget.Exhausted) {
      try budget.charge(WorkBudget.multiplying(bytes.count, WorkCost.bodyByte), .decoding)
    } catch {
      throw Problem.tooMuchWork(error)
    }
    do throws(JSONParseError) {
      return try JSONParser.parse(bytes)
    } catch {
      throw Problem.malformedJSON(error)
    }
  }
}
