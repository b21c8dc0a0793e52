import HTTPTransport
import TimingEngine

/// `POST /v1/actions/resolve` (api.md "Actions"): the action search for keys on one layer, step by
/// step — the same resolver a timeline uses for its property changes.
struct ActionRoutes {
  let configuration: APIConfiguration

  var routes: [Route] {
    [
      Route(.post, "/v1/actions/resolve", .heavy) { context throws(Problem) in try resolve(context)
      }
    ]
  }

  private func resolve(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    _ = try context.negotiate(HTTPResponse.jsonOnly)
    try context.rejectUnknownParameters()
    var budget = configuration.workBudget
    let body = try RequestBody.json(context.request, budget: &budget)
    var decoding = DecodingContext(budget: budget)
    let request = try ActionRequest(json: body, in: &decoding)
    budget = decoding.budget
    let keys = request.keys
    do throws(WorkBudget.Exhausted) {
      try budget.charge(
        WorkBudget.multiplying(keys.count, WorkCost.lookUp + WorkCost.exportedAction), .script,
        at: (JSONPointer() / ActionRequest.Member.keys).tokens)
    } catch {
      throw Problem.tooMuchWork(error)
    }
    context.meter.charged(workUnits: budget.spent)

    var w = JSONWriter()
    w.beginObject()
    w.key("results")
    w.beginArray()
    for key in keys {
      let r = ActionSearch.resolve(
        key: key, sources: request.sources, transaction: request.transaction,
        block: request.block)
      w.beginObject()
      w.key("key")
      w.string(key)
      w.key("action")
      if let action = r.action { action.write(to: &w) } else { w.null() }
      w.key("decidedBy")
      w.string(r.decidedBy.rawValue)
      w.key("trace")
      TraceJSON.write(r.trace, into: &w)
      w.endObject()
    }
    w.endArray()
    // The same shape as a timeline's: a key looked up as a custom key that is likely a
    // misspelt property (`opacty`).
    w.key("warnings")
    TimelineJSONEncoder.writeWarnings(decoding.warnings, into: &w)
    w.endObject()
    return .json(w)
  }
}
