import HTTPTransport
import TimingEngine

/// `POST /v1/actions/resolve` (api.md "Actions"): the action search for keys on one layer, step by
/// step — the same resolver a timeline uses for its property changes.
struct ActionRoutes {
  let configuration: APIConfiguration

  var routes: [Route] { [Route.post("/v1/actions/resolve", .heavy, resolve)] }

  private func resolve(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    try context.acceptJSON()
    var (body, decoding) = try context.jsonBody(budget: configuration.workBudget)
    let request = try ActionRequest(json: body, in: &decoding)
    var budget = decoding.budget
    let keys = request.keys
    do throws(WorkBudget.Exhausted) {
      try budget.charge(
        WorkBudget.multiplying(keys.count, WorkCost.lookUp + WorkCost.exportedAction), .script,
        at: (JSONPointer() / ActionRequest.Member.keys).tokens)
    } catch {
      throw Problem.tooMuchWork(error)
    }
    context.meter.charged(workUnits: budget.spent)

    let results = keys.map { key in
      (
        key,
        ActionSearch.resolve(
          key: key, sources: request.sources, transaction: request.transaction,
          block: request.block)
      )
    }
    var w = JSONWriter()
    ActionResults(results: results, warnings: decoding.warnings).write(to: &w)
    return try context.json(w)
  }
}
