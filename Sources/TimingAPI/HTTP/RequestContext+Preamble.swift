import HTTPTransport
import TimingEngine

extension RequestContext {
  /// What a route answering only JSON does first: the answer negotiated (a 406 when `Accept`
  /// takes no JSON) and the query checked (a 422 naming each parameter not in `allowed`).
  func acceptJSON(allowed parameters: Set<String> = []) throws(Problem) {
    _ = try negotiate(HTTPResponse.jsonOnly)
    try rejectUnknownParameters(allowed: parameters)
  }

  /// The request's JSON body, read and parsed under `budget` (`RequestBody`), and the context
  /// its decoding goes on in, with what is left of the budget.
  func jsonBody(budget: WorkBudget) throws(Problem) -> (body: JSONValue, decoding: DecodingContext)
  {
    var budget = budget
    let body = try RequestBody.json(request, budget: &budget)
    return (body, DecodingContext(budget: budget))
  }
}
