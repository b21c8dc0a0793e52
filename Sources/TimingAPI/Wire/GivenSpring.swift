import TimingEngine

/// A spring given in one platform's API (docs/springs.md): an object with exactly one member
/// named by `SpringAPI` holding that API's parameters, and an optional `distance` (to − from,
/// value units; default 1) that converts velocities given in value units. The same form is
/// `POST /v1/springs`' body, a spring animation's `spring` member and a timing function's
/// `{"spring": …}`.
struct GivenSpring {
  let given: PlatformSpring
  let distance: Double
  /// The physical spring, in the ranges `TimingFunction.checkedSpring` keeps.
  let curve: SpringCurve

  /// The members beside the API's: `distance`.
  enum Member: String, WireMember {
    case distance
  }

  /// Each parameter's range: wide enough for any spring Core Animation plays (mass and
  /// stiffness in [1e-6, 1e6], damping in [0, 1e6]; a period of 2π·√(m/k) from 0.0063 s to
  /// 6 283 s; a damping ratio up to 5e11), so that every API's form of such a spring is taken
  /// back; what a combination gives outside Core Animation's range is refused after conversion.
  static func range(of parameter: SpringParameter, in api: SpringAPI) -> ClosedRange<Double> {
    switch parameter {
    case .mass, .stiffness: 1e-6...1e6
    case .damping: api == .reactSpringFrequency ? 0...1e12 : 0...1e6
    case .initialVelocity, .initialSpringVelocity: -1e6...1e6
    case .velocity: -1e15...1e15
    case .duration, .response, .visualDuration, .frequency: 0.001...100_000
    // ±1 are not springs: −1 is infinite damping and 1 none at all.
    case .bounce: -0.999_999...0.999_999
    // UIKit's search has no spring for a damping ratio of 0 (Framer plays its fallback).
    case .dampingRatio: api == .uiKit ? 1e-9...1e12 : 0...1e12
    case .dampingFraction: 0...1e12
    case .tension: api == .reactNative ? -1e6...1e6 : 1e-6...1e6
    case .friction: api == .reactNative ? -1e6...1e6 : 0...1e6
    }
  }

  /// Decodes `value` at `pointer`.
  /// Reports every problem it finds in `context` and answers nil after any.
  init?(
    json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext
  ) {
    guard let members = context.object(value, at: pointer) else { return nil }
    var chosen: [(SpringAPI, JSONValue)] = []
    for (name, member) in members {
      if let api = SpringAPI(rawValue: name) {
        chosen.append((api, member))
      } else if Member(rawValue: name) == nil {
        context.fail(
          pointer / name,
          "unknown member; expected one spring API ("
            + SpringAPI.allCases.map(\.rawValue).joined(separator: ", ") + ") or distance")
      }
    }
    let distance =
      context.number(
        value[Member.distance], at: pointer / Member.distance, in: -1e9...1e9,
        what: "a number (to − from, value units)") ?? 1
    if value[Member.distance] != nil && abs(distance) < 1e-9 {
      context.fail(
        pointer / Member.distance,
        "must be at least 1e-9 in size: velocities in value units are fractions of it")
    }
    guard chosen.count == 1 else {
      if chosen.isEmpty {
        context.fail(
          pointer,
          "needs one spring API: one of "
            + SpringAPI.allCases.map(\.rawValue).joined(separator: ", "))
      } else {
        for (api, _) in chosen.dropFirst() {
          context.fail(
            pointer / api.rawValue,
            "give one spring API only; \(chosen[0].0.rawValue) is given too")
        }
      }
      return nil
    }
    let (api, parameters) = chosen[0]
    let at = pointer / api.rawValue
    // This spring's own problems, not those found before it elsewhere in the request.
    let problemsBefore = context.problems.count
    guard let given = Self.parameters(of: api, parameters, at: at, in: &context),
      context.problems.count == problemsBefore
    else { return nil }
    let p = given.physical(distance: distance)
    do throws(TimingFunctionParseError) {
      curve = try TimingFunction.checkedSpring(
        mass: p.mass, stiffness: p.stiffness, damping: p.damping,
        initialVelocity: p.initialVelocity)
    } catch {
      context.fail(
        at, "these parameters give a spring outside Core Animation's range: \(error.message)")
      return nil
    }
    self.given = given
    self.distance = distance
  }

  /// The API's parameters: each a number in its range, the required ones present, defaults
  /// for the rest.
  private static func parameters(
    of api: SpringAPI, _ value: JSONValue, at pointer: JSONPointer,
    in context: inout DecodingContext
  ) -> PlatformSpring? {
    guard let members = context.object(value, at: pointer) else { return nil }
    let names = api.parameters.map(\.parameter.rawValue)
    for (name, _) in members where !names.contains(name) {
      context.fail(
        pointer / name,
        "not a parameter of \(api.rawValue); expected " + names.joined(separator: ", "))
    }
    var values: [Double] = []
    for (parameter, fallback) in api.parameters {
      let at = pointer / parameter.rawValue
      if let member = value[parameter.rawValue] {
        values.append(
          context.number(member, at: at, in: range(of: parameter, in: api)) ?? .nan)
      } else if let fallback {
        values.append(fallback)
      } else {
        context.fail(at, "is required by \(api.rawValue)")
        values.append(.nan)
      }
    }
    return values.contains(where: \.isNaN) ? nil : PlatformSpring(api: api, values: values)
  }
}
