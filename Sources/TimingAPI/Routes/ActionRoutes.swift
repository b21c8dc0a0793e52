import HTTPServer
import TimingEngine

/// `POST /v1/actions/resolve` (api.md "Actions"): the action search for keys on one layer, step by
/// step — the same resolver a timeline uses for its property changes.
struct ActionRoutes {
  let configuration: APIConfiguration

  var routes: [Route] {
    [
      Route("POST", "/v1/actions/resolve", .heavy) { context throws(Problem) in try resolve(context)
      }
    ]
  }

  private func resolve(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    _ = try context.negotiate([HTTPResponse.jsonType])
    try context.rejectUnknownParameters()
    var budget = configuration.workBudget
    let body = try RequestBody.json(context.request, budget: &budget)
    let root = JSONPointer()
    var problems = DecodingContext(budget: budget)
    guard case .object = body else {
      throw Problem.invalidRequest([
        .at(root, "the body must be a JSON object with \"layer\" and \"keys\"")
      ])
    }
    problems.rejectUnknownMembers(
      body, allowed: ["layer", "transaction", "animate", "keys"], at: root)
    var values = ValueDecoder()
    var sources = ActionSources()
    if let layer = problems.object(body["layer"], at: root / "layer") {
      let object = JSONValue.object(layer)
      problems.rejectUnknownMembers(
        object, allowed: ["delegate", "actions", "style", "defaultActions"], at: root / "layer")
      sources.delegate = ActionDecoder.delegate(
        object["delegate"], at: root / "layer" / "delegate", values: &values, context: &problems)
      sources.actions = ActionDecoder.table(
        object["actions"], at: root / "layer" / "actions", values: &values, context: &problems)
      sources.style = ActionDecoder.style(
        object["style"], at: root / "layer" / "style", values: &values, context: &problems)
      sources.classDefaults = ActionDecoder.table(
        object["defaultActions"], at: root / "layer" / "defaultActions", values: &values,
        context: &problems)
    }
    let transaction = ActionDecoder.transaction(
      body["transaction"], at: root / "transaction", inheriting: TransactionState(),
      context: &problems)
    let block = ActionDecoder.block(body["animate"], at: root / "animate", context: &problems)
    var keys: [String] = []
    if let items = problems.array(body["keys"], at: root / "keys", max: 256) {
      keys = items.enumerated().compactMap { i, item in
        problems.string(item, at: root / "keys" / i, maxLength: 128)
      }
      if items.isEmpty { problems.fail(root / "keys", "name at least one key") }
    } else if body["keys"] == nil {
      problems.fail(
        root / "keys", "required: the keys to look up, e.g. [\"position\", \"onOrderIn\"]")
    }
    if let exhausted = problems.exhausted { throw Problem.tooMuchWork(exhausted) }
    guard problems.problems.isEmpty else { throw Problem.invalidRequest(problems.problems) }
    budget = problems.budget
    do throws(WorkBudget.Exhausted) {
      try budget.charge(
        WorkBudget.multiplying(keys.count, WorkCost.lookUp + WorkCost.exportedAction), .script,
        at: ["keys"])
    } catch {
      throw Problem.tooMuchWork(error)
    }

    var w = JSONWriter()
    w.beginObject()
    w.key("results")
    w.beginArray()
    for key in keys {
      let r = ActionSearch.resolve(
        key: key, sources: sources, transaction: transaction, block: block)
      w.beginObject()
      w.key("key")
      w.string(key)
      w.key("action")
      if let action = r.action { AnimationJSONEncoder.write(action, into: &w) } else { w.null() }
      w.key("decidedBy")
      w.string(r.decidedBy)
      w.key("trace")
      TraceJSON.write(r.trace, into: &w)
      w.endObject()
    }
    w.endArray()
    w.endObject()
    return .json(w.bytes)
  }
}
