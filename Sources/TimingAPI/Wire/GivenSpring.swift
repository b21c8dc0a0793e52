import TimingEngine

/// A spring given in one platform's API (docs/springs.md): an object with exactly one member
/// named by `SpringAPI` holding that API's parameters, and an optional `distance` (to − from,
/// value units; default 1) that converts velocities given in value units. The same form is
/// `POST /v1/springs`' body, a spring animation's `spring` member and a timing function's
/// `{"spring": …}`.
struct GivenSpring {
  let given: PlatformSpring
  /// The other name the body gave the API by (`compose` for `android`), if it did.
  let alias: SpringAPIAlias?
  let distance: Double
  /// The physical spring, in the ranges `TimingFunction.checkedSpring` keeps.
  let curve: SpringCurve

  /// The members beside the API's: `distance`.
  enum Member: String, WireMember {
    case distance
  }

  /// Decodes `value` at `pointer`.
  /// Reports every problem it finds in `context` and answers nil after any.
  init?(
    json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext
  ) {
    guard let members = context.object(value, at: pointer) else { return nil }
    var chosen: [(api: SpringAPI, alias: SpringAPIAlias?, name: String, value: JSONValue)] = []
    for (name, member) in members {
      if let api = SpringAPI(rawValue: name) {
        chosen.append((api, nil, name, member))
      } else if let alias = SpringAPIAlias(rawValue: name) {
        chosen.append((alias.api, alias, name, member))
      } else if Member(rawValue: name) == nil {
        context.fail(
          pointer / name,
          "unknown member; expected one spring API (" + Self.apiNames.joined(separator: ", ")
            + ") or distance" + Self.memberNames.hint(for: name))
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
          pointer, "needs one spring API: one of " + Self.apiNames.joined(separator: ", "))
      } else {
        for other in chosen.dropFirst() {
          context.fail(
            pointer / other.name, "give one spring API only; \(chosen[0].name) is given too")
        }
      }
      return nil
    }
    let (api, alias, name, parameters) = chosen[0]
    let at = pointer / name
    // This spring's own problems, not those found before it elsewhere in the request.
    let problemsBefore = context.problems.count
    guard
      let given = Self.parameters(
        of: api, as: alias, named: name, parameters, at: at, in: &context),
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
    self.alias = alias
    self.distance = distance
  }

  /// The member that named the API: the alias when the body gave one.
  var apiMember: String { alias?.rawValue ?? given.api.rawValue }

  /// Every name an API may be given by, in the order messages list them: the APIs, then the
  /// aliases.
  static let apiNames = SpringAPI.allCases.map(\.rawValue) + SpringAPIAlias.allCases.map(\.rawValue)
  /// The names a spring object's members may have, for "did you mean …?".
  private static let memberNames = NameSuggestion(apiNames + Member.allCases.map(\.rawValue))

  /// The API's parameters: each a number in its range, the required ones present, defaults
  /// for the rest.
  /// `alias`, when the body named the API by it, gives its own platform's defaults, and
  /// `name` is what messages call the API.
  private static func parameters(
    of api: SpringAPI, as alias: SpringAPIAlias?, named name: String, _ value: JSONValue,
    at pointer: JSONPointer, in context: inout DecodingContext
  ) -> PlatformSpring? {
    guard let members = context.object(value, at: pointer) else { return nil }
    let names = api.parameters.map(\.parameter.rawValue)
    for (member, _) in members where !names.contains(member) {
      context.fail(
        pointer / member,
        "not a parameter of \(name); expected " + names.joined(separator: ", ")
          + NameSuggestion(names).hint(for: member))
    }
    var values: [SpringParameter: Double] = [:]
    for (parameter, apiDefault, range) in api.parameters {
      let at = pointer / parameter.rawValue
      if let member = value[parameter.rawValue] {
        values[parameter] = context.number(member, at: at, in: range)
      } else if let fallback = alias?.defaultValue(of: parameter) ?? apiDefault {
        values[parameter] = fallback
      } else {
        context.fail(at, "is required by \(name)")
      }
    }
    return values.count == api.parameters.count ? PlatformSpring(api: api, values) : nil
  }
}
