import HTTPTransport
import TimingEngine

/// `POST /v1/fit` (docs/fit.md): which spring — or cubic Bézier, or named curve — a flattened
/// motion is: a `linear()`, a curve, or samples from a recording, each model fitted by least
/// squares and judged on whether it can produce the data, the spring with an interval per
/// parameter and in every API of `POST /v1/springs`.
struct FitRoutes {
  let configuration: APIConfiguration

  var routes: [Route] { [Route.post("/v1/fit", .heavy, fit)] }

  enum Parameter: String, WireMember {
    case models
  }

  private func fit(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    try context.acceptJSON(allowed: Parameter.names)
    var problems = DecodingContext.query()
    var models = FitAnalysis.Model.allCases
    if let text = context.query.first(Parameter.models) {
      models = []
      for name in text.split(separator: ",", omittingEmptySubsequences: false) {
        guard let model = FitAnalysis.Model(rawValue: String(name)) else {
          problems.fail(
            parameter: Parameter.models,
            "'\(name.prefix(40))' is not a model; the models are "
              + FitAnalysis.Model.allCases.map(\.rawValue).joined(separator: ", "))
          continue
        }
        if !models.contains(model) { models.append(model) }
      }
    }
    try problems.throwIfFailed()
    var (body, decoding) = try context.jsonBody(budget: configuration.workBudget)
    let request = FitRequest(json: body, in: &decoding)
    try decoding.throwIfFailed()
    guard let request else { throw Problem.invalidRequest(decoding.problems) }
    var budget = decoding.budget
    do throws(WorkBudget.Exhausted) {
      try budget.charge(
        FitAnalysis.cost(
          samples: request.times.count, models: models, minimax: FitAnalysis.minimax(request)),
        .fit)
    } catch {
      throw Problem.tooMuchWork(
        error,
        field: .at(
          JSONPointer() / (request.curve == nil ? FitRequest.Member.samples : .curve),
          "fitting \(models.count) models to \(request.times.count) samples"))
    }
    context.meter.charged(workUnits: budget.spent)
    var w = JSONWriter(capacity: 8192)
    FitAnalysis(request, models: models).write(to: &w)
    return try context.json(w)
  }
}
