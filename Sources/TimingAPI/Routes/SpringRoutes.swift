import HTTPTransport
import TimingEngine

/// `POST /v1/springs` (docs/springs.md): one spring given in one platform's API, answered as
/// the physical spring and in every API's parameters, with its durations, a CSS `linear()`
/// easing and the warnings where an API cannot state it exactly or plays it otherwise.
struct SpringRoutes {
  let configuration: APIConfiguration

  var routes: [Route] {
    // Heavy: react-spring's integration, Motion's rest test, the deviation grids and the CSS
    // fit take up to ~0.05 s for the slowest springs (docs/performance.md "Springs").
    [Route.post("/v1/springs", .heavy, convert)]
  }

  private func convert(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    try context.acceptJSON()
    var (body, decoding) = try context.jsonBody(budget: configuration.workBudget)
    let spring = GivenSpring(json: body, at: JSONPointer(), in: &decoding)
    try decoding.throwIfFailed()
    guard let spring else { throw Problem.invalidRequest(decoding.problems) }
    let at = JSONPointer() / spring.apiMember
    guard let settling = spring.curve.settlingDuration else {
      throw Problem.invalidRequest([
        .at(
          at,
          "gives an undamped spring, which never settles: no API but Core Animation's plays it, and it has no CSS form"
        )
      ])
    }
    // The comparisons run until the springs are at rest: a spring that takes longer than
    // `maxSettling` (a damping ratio within a hair of 0, or of 5e11 at the least stiffness)
    // is no spring any of these APIs plays to rest.
    guard settling.isFinite, settling <= SpringConversion.maxSettling,
      SpringCurve.horizon([spring.curve]).isFinite
    else {
      throw Problem.invalidRequest([
        .at(
          at,
          "gives a spring that settles only after \(numberText(settling)) s, more than \(numberText(SpringConversion.maxSettling)) s"
        )
      ])
    }
    context.meter.charged(workUnits: decoding.budget.spent)
    return try context.json(Self.answer(spring, settling: settling))
  }

  static func answer(_ spring: GivenSpring, settling: Double) -> JSONWriter {
    SpringAnswer.writer(spring, settling: settling)
  }
}
