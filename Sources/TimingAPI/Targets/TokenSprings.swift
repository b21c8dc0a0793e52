import TimingEngine

/// A spring token in every API of `POST /v1/springs` (docs/springs.md): each API's parameters
/// for the same spring, and the warnings where an API states it only nearly or plays it
/// otherwise — the values a developer types into SwiftUI, Compose, Motion or react-spring.
struct TokenSprings: Sendable {
  let forms: [(api: SpringAPI, spring: PlatformSpring, warnings: [SpringConversionWarning])]

  enum Member: String, WireMember {
    case `as`, warnings, problem
  }

  /// Why a spring token has no API values, when it has none.
  enum Failure: Error, Sendable {
    case noForms(String)
  }

  /// The token's forms; nil for a token that is not a spring.
  static func forms(_ meaning: MotionToken.Meaning) -> Result<TokenSprings, Failure>? {
    switch meaning {
    case .spring(let given, _): return forms(given.curve, distance: given.distance)
    case .physicalSpring(let curve): return forms(curve, distance: 1)
    case .bounce:
      return .failure(
        .noForms(
          "a bounce-only spring has no time scale: each API's values need the duration it is paired with (give the spring in one API, or pair it with a TIMING)"
        ))
    case .duration, .cubicBezier, .transition, .easing, .pathEasing: return nil
    }
  }

  private static func forms(_ curve: SpringCurve, distance: Double) -> Result<
    TokenSprings, Failure
  > {
    // As `POST /v1/springs` refuses them: the comparisons run until the spring is at rest.
    guard let settling = curve.settlingDuration, settling.isFinite,
      settling <= SpringConversion.maxSettling, SpringCurve.horizon([curve]).isFinite
    else {
      return .failure(
        .noForms(
          "a spring that does not settle within \(numberText(SpringConversion.maxSettling)) s is no spring the APIs play to rest"
        ))
    }
    return .success(TokenSprings(forms: curve.expressedInEveryAPI(distance: distance)))
  }

  /// The work `forms` takes, charged before (measured: see `WorkCost.tokenSpringAPIs`).
  static func cost(_ meaning: MotionToken.Meaning) -> Int {
    func cost(_ curve: SpringCurve) -> Int {
      // The integrations' steps, 1 ms each, stop at 2²⁰ (a spring that never settles too).
      let steps = min((curve.settlingDuration ?? .infinity) * 1000, Double(1 << 20))
      return WorkBudget.adding(
        WorkCost.tokenSpringAPIs,
        WorkBudget.multiplying(Int(steps.isFinite ? steps : 0), WorkCost.tokenSpringAPIMillisecond))
    }
    switch meaning {
    case .spring(let given, _): return cost(given.curve)
    case .physicalSpring(let curve): return cost(curve)
    case .bounce, .duration, .cubicBezier, .transition, .easing, .pathEasing: return 0
    }
  }

  static func write(_ result: Result<TokenSprings, Failure>, to w: inout JSONWriter) {
    w.beginObject()
    switch result {
    case .success(let springs):
      w.key(Member.as)
      SpringConversion.writeForms(springs.forms.map { ($0.api, $0.spring) }, to: &w)
      w.key(Member.warnings)
      w.beginArray()
      for warning in springs.forms.flatMap(\.warnings) {
        w.beginObject()
        w.member(SpringConversion.WarningMember.api, warning.api.rawValue)
        w.member(SpringConversion.WarningMember.message, warning.message)
        w.member(SpringConversion.WarningMember.maxDeviation, warning.maxDeviation)
        w.endObject()
      }
      w.endArray()
    case .failure(.noForms(let why)):
      w.key(Member.as)
      w.null()
      w.member(Member.problem, why)
    }
    w.endObject()
  }
}
