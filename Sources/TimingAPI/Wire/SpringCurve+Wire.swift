import TimingEngine

/// A spring's parameters in JSON: the members of a spring timing function
/// (`{"type": "spring", …}`) and of a spring animation (semantics.md §3.5).
extension SpringCurve {
  enum Parameter: String, WireMember {
    case mass, stiffness, damping, initialVelocity, perceptualDuration, bounce
  }

  /// What an answer states of a spring beside its parameters (a timing function's description,
  /// `POST /v1/springs`' `canonical`): derived from them, so never read.
  enum DerivedMember: String, WireMember {
    case dampingRatio, angularFrequency, settlingDuration
  }

  /// The member that gives a spring in a platform's API (`GivenSpring`, docs/springs.md), in
  /// place of the physical parameters.
  enum PlatformMember: String, WireMember {
    case spring
  }

  /// A spring animation's spring: the parameters are the animation's own members, read in name
  /// order so that the first problem reported does not depend on the order the request gives
  /// them in; or a `spring` member in one platform's API.
  init?(
    animationJSON value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext
  ) {
    if let given = value[PlatformMember.spring] {
      for parameter in Parameter.allCases where value[parameter] != nil {
        context.fail(
          pointer / parameter, "give the spring either here or in \"spring\", not both")
        return nil
      }
      guard
        let spring = GivenSpring(json: given, at: pointer / PlatformMember.spring, in: &context)
      else { return nil }
      self = spring.curve
      return
    }
    let parameters = Parameter.allCases.map(\.rawValue).sorted().compactMap { name in
      value[name].map { (name, $0) }
    }
    self.init(members: parameters, at: pointer, in: &context)
  }

  /// The spring of `members` (numbers named by `Parameter`; a `type` member is skipped): either
  /// mass, stiffness, damping and initialVelocity, each defaulting to `defaultParameters`, or
  /// perceptualDuration and bounce. Reports the first problem only.
  init?(
    members: [(String, JSONValue)], at pointer: JSONPointer, in context: inout DecodingContext
  ) {
    var numbers: [Parameter: Double] = [:]
    for (key, member) in members where key != TimingFunction.Member.type.rawValue {
      guard let parameter = Parameter(rawValue: key) else {
        let names = Parameter.allCases.map(\.rawValue)
        context.fail(
          pointer / key,
          "unknown spring parameter; expected one of \(names.joined(separator: ", "))"
            + NameSuggestion(names).hint(for: key))
        return nil
      }
      guard case .number(let n) = member else {
        context.fail(pointer / key, "must be a number")
        return nil
      }
      numbers[parameter] = n
    }
    if let d = numbers[.perceptualDuration] {
      guard numbers[.mass] == nil, numbers[.stiffness] == nil, numbers[.damping] == nil else {
        context.fail(
          pointer, "give either perceptualDuration and bounce, or mass, stiffness and damping")
        return nil
      }
      guard d >= 0.01 && d <= 1000 else {
        context.fail(pointer / Parameter.perceptualDuration, "must lie in [0.01, 1000] seconds")
        return nil
      }
      let bounce = numbers[.bounce] ?? 0
      guard bounce > -1 && bounce < 1 else {
        context.fail(pointer / Parameter.bounce, "must lie in (-1, 1)")
        return nil
      }
      let s = SpringCurve(
        perceptualDuration: d, bounce: bounce, initialVelocity: numbers[.initialVelocity] ?? 0)
      self.init(
        checkedMass: s.mass, s.stiffness, s.damping, s.initialVelocity, at: pointer, in: &context)
      return
    }
    if numbers[.bounce] != nil {
      context.fail(pointer / Parameter.bounce, "bounce needs perceptualDuration")
      return nil
    }
    let d = SpringCurve.defaultParameters
    self.init(
      checkedMass: numbers[.mass] ?? d.mass, numbers[.stiffness] ?? d.stiffness,
      numbers[.damping] ?? d.damping, numbers[.initialVelocity] ?? d.initialVelocity, at: pointer,
      in: &context)
  }

  private init?(
    checkedMass m: Double, _ k: Double, _ c: Double, _ v: Double, at pointer: JSONPointer,
    in context: inout DecodingContext
  ) {
    do throws(TimingFunctionParseError) {
      self = try TimingFunction.checkedSpring(
        mass: m, stiffness: k, damping: c, initialVelocity: v)
    } catch {
      context.fail(pointer, error.message)
      return nil
    }
  }

  /// The spring animation's members: the four physical parameters (a perceptual duration and
  /// bounce are converted to them when decoded).
  func write(to w: inout JSONWriter) {
    for (parameter, value) in [
      (Parameter.mass, mass), (.stiffness, stiffness), (.damping, damping),
      (.initialVelocity, initialVelocity),
    ] {
      w.key(parameter)
      w.number(value)
    }
  }
}
