#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A spring in each API's parameters (docs/springs.md): exact where the API can state it,
/// otherwise the nearest it can with a warning that says what differs and by how much of the
/// distance at worst; and a warning where the API plays the spring otherwise than Core
/// Animation's closed form (react-spring integrates it, Motion stops it, React Native has no
/// overdamped spring).
extension SpringCurve {
  /// What two APIs' warnings share, worked out once for both: react-spring's integration
  /// (`reactSpring`, `reactSpringFrequency`) and Motion's rest test (`motion`,
  /// `motionVisualDuration`), each up to ~10⁶ evaluations for the slowest springs.
  public struct SharedWork {
    var reactSpring: (deviation: Double, stopsAt: Double, outcome: ReactSpringIntegration.Outcome)?
    var motionRest: (stopsAt: Double, deviation: Double)?
    public init() {}
  }

  /// Every API's form of this spring, in `SpringAPI`'s order, the shared work done once.
  public func expressedInEveryAPI(distance: Double) -> [(
    api: SpringAPI, spring: PlatformSpring, warnings: [SpringConversionWarning]
  )] {
    var shared = SharedWork()
    return SpringAPI.allCases.map { api in
      let (spring, warnings) = expressed(in: api, distance: distance, shared: &shared)
      return (api, spring, warnings)
    }
  }

  /// This spring as `api` states it. `distance` (to − from, value units) converts velocities
  /// for APIs that take them in value units, and sets Motion's and react-spring's rest tests.
  public func expressed(in api: SpringAPI, distance: Double) -> (
    spring: PlatformSpring, warnings: [SpringConversionWarning]
  ) {
    var shared = SharedWork()
    return expressed(in: api, distance: distance, shared: &shared)
  }

  func expressed(in api: SpringAPI, distance: Double, shared: inout SharedWork) -> (
    spring: PlatformSpring, warnings: [SpringConversionWarning]
  ) {
    let velocity = api.velocityScale(distance: distance).map { initialVelocity / $0.scale }
    let zeta = dampingRatio
    // The period of the undamped spring, 2π/ω₀ (Apple's "perceptual duration").
    let period = 2 * Double.pi * (mass / stiffness).squareRoot()
    let unitStiffness = stiffness / mass
    let unitDamping = damping / mass
    var warnings: [SpringConversionWarning] = []

    /// The API's form, and a warning when what it plays is not this spring.
    func stated(_ values: [SpringParameter: Double], _ what: String? = nil) -> PlatformSpring {
      let spring = PlatformSpring(api: api, values)
      if let what {
        let deviation = Self.maximumDifference(self, spring.curve(distance: distance))
        warnings.append(
          SpringConversionWarning(
            api: api,
            message: what + "; what it plays differs by at most " + percentText(deviation)
              + " of the distance",
            maxDeviation: deviation))
      }
      return spring
    }

    let spring: PlatformSpring
    switch api {
    case .coreAnimation:
      spring = stated([
        .mass: mass, .stiffness: stiffness, .damping: damping, .initialVelocity: initialVelocity,
      ])
    case .coreAnimationPerceptual, .swiftUIDurationBounce:
      spring = stated([
        .duration: period, .bounce: zeta < 1 ? 1 - zeta : 1 / zeta - 1,
        .initialVelocity: initialVelocity,
      ])
    case .swiftUI:
      spring = stated([
        .response: period, .dampingFraction: zeta, .initialVelocity: initialVelocity,
      ])
    case .uiKit:
      return settlingForm(.uiKit, api: api, velocity: initialVelocity, distance: distance)
    case .android:
      spring = stated([.stiffness: unitStiffness, .dampingRatio: zeta, .velocity: velocity!])
    case .motion:
      spring = stated([.stiffness: stiffness, .damping: damping, .mass: mass, .velocity: velocity!])
      warnings.append(motionRestWarning(api: api, distance: distance, shared: &shared))
    case .motionVisualDuration:
      let clamped = SettlingSpringSearch.motion.clamped(dampingRatio: zeta)
      spring = stated(
        [.visualDuration: period / 1.2, .bounce: 1 - clamped, .velocity: velocity!],
        clamped == zeta ? nil : Self.clampMessage("Motion", SettlingSpringSearch.motion, zeta))
      warnings.append(motionRestWarning(api: api, distance: distance, shared: &shared))
    case .motionDuration:
      return settlingForm(.motion, api: api, velocity: 0, distance: distance)
    case .reactSpring:
      spring = stated([.tension: stiffness, .friction: damping, .mass: mass, .velocity: velocity!])
      warnings.append(reactSpringWarning(api: api, distance: distance, shared: &shared))
    case .reactSpringFrequency:
      spring = stated([.frequency: period, .damping: zeta, .velocity: velocity!])
      warnings.append(reactSpringWarning(api: api, distance: distance, shared: &shared))
    case .reactNative:
      // Its solver plays ζ ≥ 1 as critical damping: the nearest it plays is critical.
      let c = min(unitDamping, 2 * unitStiffness.squareRoot())
      spring = stated(
        [
          .tension: (unitStiffness - 194) / 3.62 + 30, .friction: (c - 25) / 3 + 8,
          .velocity: velocity!,
        ],
        zeta > 1
          ? "React Native plays every spring with a damping ratio of 1 or more as critically "
            + "damped; this spring's is \(numberText(zeta))" : nil)
    case .flutter:
      spring = stated([.mass: mass, .stiffness: stiffness, .damping: damping, .velocity: velocity!])
    }
    return (spring, warnings)
  }

  /// UIKit's and Motion's settling-duration forms: the duration whose search gives this
  /// frequency at the nearest damping ratio the API has. Motion's `duration` form also stops
  /// the spring at that duration, and starts it at rest.
  private func settlingForm(
    _ search: SettlingSpringSearch, api: SpringAPI, velocity: Double, distance: Double
  ) -> (spring: PlatformSpring, warnings: [SpringConversionWarning]) {
    let zeta = search.clamped(dampingRatio: dampingRatio)
    let stops = api == .motionDuration
    var notes: [String] = []
    if zeta != dampingRatio {
      notes.append(Self.clampMessage(api == .uiKit ? "UIKit" : "Motion", search, dampingRatio))
    }
    if stops && initialVelocity != 0 {
      notes.append("Motion's duration form starts every spring at rest; this one has a velocity")
    }
    let omega = undampedFrequency
    let duration: Double
    if let found = search.duration(omega: omega, zeta: zeta, velocity: velocity) {
      duration = found
    } else {
      // No duration in [0.01, 10] s finds this frequency: the range's nearest end.
      let range = SettlingSpringSearch.durationRange
      let exact =
        SettlingSpringSearch.exactDuration(omega: omega, zeta: zeta, velocity: velocity)
        ?? range.lowerBound
      duration = min(max(exact, range.lowerBound), range.upperBound)
      notes.append(
        "no duration in its [0.01, 10] s gives this stiffness; the nearest, "
          + "\(numberText(duration)) s, gives another")
    }
    // Motion's duration form has a bounce and no velocity; UIKit's a damping ratio and one.
    let values: [SpringParameter: Double] =
      stops
      ? [.duration: duration, .bounce: 1 - zeta]
      : [.duration: duration, .dampingRatio: zeta, .initialSpringVelocity: velocity]
    let spring = PlatformSpring(api: api, values)
    let played = spring.curve(distance: distance)
    let before = Self.maximumDifference(
      played, self, until: stops ? duration : Self.horizon([self, played]))
    let deviation = stops ? max(before, Self.maximumDisplacement(self, after: duration)) : before
    if stops {
      notes.append(
        "Motion stops the spring at its duration, \(numberText(duration)) s, and shows the target")
    }
    guard !notes.isEmpty else { return (spring, []) }
    let message =
      notes.joined(separator: "; ") + "; what it plays differs by at most "
      + percentText(deviation) + " of the distance"
    return (
      spring,
      [SpringConversionWarning(api: api, message: message, maxDeviation: deviation)]
    )
  }

  /// Motion's physics and `visualDuration` springs end on a rest test — within `restDelta`
  /// of the target and slower than `restSpeed` (value units; 0.005 and 0.01 for a move under
  /// 5 units, 0.5 and 2 otherwise; an overdamped or critical spring's speed is taken as 0) —
  /// and then show the target: checked here every millisecond.
  private func motionRestWarning(
    api: SpringAPI, distance: Double, shared: inout SharedWork
  ) -> SpringConversionWarning {
    let granular = abs(distance) < 5
    let restDelta = (granular ? 0.005 : 0.5) / abs(distance)
    let restSpeed = (granular ? 0.01 : 2) / abs(distance)
    let rest =
      shared.motionRest
      ?? {
        let horizon = Self.horizon([self])
        let step = max(0.001, horizon / Double(ReactSpringIntegration.maxSteps))
        var t = step
        while t < horizon
          && !(abs(displacement(t)) <= restDelta
            && (dampingRatio >= 1 || abs(velocity(t)) <= restSpeed))
        {
          t += step
        }
        return (t, Self.maximumDisplacement(self, after: t))
      }()
    shared.motionRest = rest
    let (t, deviation) = rest
    return SpringConversionWarning(
      api: api,
      message: "Motion ends the spring once it is within "
        + "\(numberText(restDelta * abs(distance))) of the target and slower than "
        + "\(numberText(restSpeed * abs(distance))) per second (its restDelta and restSpeed for a "
        + "move of \(numberText(abs(distance)))), here at \(numberText((t * 1000).rounded() / 1000)) s, "
        + "and shows the target: it differs by at most \(percentText(deviation)) of the distance",
      maxDeviation: deviation)
  }

  private func reactSpringWarning(
    api: SpringAPI, distance: Double, shared: inout SharedWork
  ) -> SpringConversionWarning {
    let result =
      shared.reactSpring ?? ReactSpringIntegration.maximumDeviation(self, distance: distance)
    shared.reactSpring = result
    let what: String
    switch result.outcome {
    case .stopped:
      what =
        "it differs from the exact spring by at most \(percentText(result.deviation)) of the "
        + "distance until it comes to rest at \(numberText(result.stopsAt)) s"
    case .simulatedLimit:
      what =
        "it differs from the exact spring by at most \(percentText(result.deviation)) of the "
        + "distance over the first \(numberText(result.stopsAt)) s, all that is simulated"
    case .diverged:
      what =
        "its steps are unstable for a spring this stiff and run away: by "
        + "\(numberText(result.stopsAt)) s it is more than "
        + "\(numberText(ReactSpringIntegration.divergence)) distances from the target"
    }
    return SpringConversionWarning(
      api: api,
      message: "react-spring integrates the spring (1 ms semi-implicit Euler steps) rather than "
        + "solving it: " + what,
      maxDeviation: result.deviation)
  }

  static func clampMessage(_ name: String, _ search: SettlingSpringSearch, _ zeta: Double)
    -> String
  {
    let range = search.dampingRatioRange
    let lower = range.lowerBound < 1e-300 ? "(0" : "[\(numberText(range.lowerBound))"
    return "\(name)'s damping ratio is held to \(lower), \(numberText(range.upperBound))]; "
      + "this spring's is \(numberText(zeta))"
  }

  /// A fraction of the distance as a percentage, to 3 significant digits.
  func percentText(_ fraction: Double) -> String {
    let percent = fraction * 100
    guard percent != 0 && percent.isFinite else { return numberText(percent) + " %" }
    let scale = pow(10, 2 - log10(abs(percent)).rounded(.down))
    return numberText((percent * scale).rounded() / scale) + " %"
  }
}

extension PlatformSpring {
  /// The spring this API plays, unchecked: for the forms `SpringCurve.expressed` makes, which
  /// lie in range, and for UIKit's spring blocks, whose duration and damping ratio the scene
  /// decoder bounds and whose search always gives a spring in range (`SettlingSpringSearch.spring`).
  func curve(distance: Double) -> SpringCurve {
    let p = physical(distance: distance)
    return SpringCurve(
      mass: p.mass, stiffness: p.stiffness, damping: p.damping, initialVelocity: p.initialVelocity)
  }
}
