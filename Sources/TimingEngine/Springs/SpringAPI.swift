/// The spring APIs a spring can be given in and converted to (docs/springs.md), each with its
/// parameters in the API's order and the defaults the API itself has (nil: the API requires
/// it).
public enum SpringAPI: String, CaseIterable, Sendable {
  /// `CASpringAnimation`: mass, stiffness, damping, initialVelocity.
  case coreAnimation
  /// `CASpringAnimation(perceptualDuration:bounce:)` (iOS 17).
  case coreAnimationPerceptual
  /// SwiftUI `Spring(duration:bounce:)`, also UIKit's `UISpringTimingParameters(duration:bounce:)`.
  case swiftUIDurationBounce
  /// SwiftUI `.spring(response:dampingFraction:)`, `Spring(response:dampingRatio:)`.
  case swiftUI
  /// UIKit `animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:)`, as Framer
  /// reconstructs it (`SettlingSpringSearch`).
  case uiKit
  /// AndroidX `SpringForce` and Compose `spring()`: mass 1.
  case android
  /// Motion's `{stiffness, damping, mass}`.
  case motion
  /// Motion's `{visualDuration, bounce}`.
  case motionVisualDuration
  /// Motion's `{duration, bounce}`: its own root search (Framer's), a stop at `duration`, and
  /// no velocity.
  case motionDuration
  /// react-spring's `{tension, friction, mass}`, integrated in 1 ms steps.
  case reactSpring
  /// react-spring's `{frequency, damping}`.
  case reactSpringFrequency
  /// React Native `Animated.spring({tension, friction})`: the Origami mapping.
  case reactNative
  /// Flutter `SpringDescription`.
  case flutter

  /// One of an API's parameters: its name, the API's default (nil: the API requires it), and
  /// the values the service accepts for it.
  public typealias Parameter = (
    parameter: SpringParameter, default: Double?, range: ClosedRange<Double>
  )

  /// The parameters in the API's order, with the API's defaults and the accepted ranges, in one
  /// place per API. The ranges are wide enough for any spring Core Animation plays (mass and
  /// stiffness in [1e-6, 1e6], damping in [0, 1e6]; a period of 2π·√(m/k) from 0.0063 s to
  /// 6 283 s; a damping ratio up to 5e11), so that every API's form of such a spring is taken
  /// back; what a combination gives outside Core Animation's range is refused after conversion.
  public var parameters: [Parameter] {
    // Ranges several APIs share.
    let physical: ClosedRange<Double> = 1e-6...1e6  // a mass, a stiffness, a tension
    let damping: ClosedRange<Double> = 0...1e6  // a damping coefficient, a friction
    let ratio: ClosedRange<Double> = 0...1e12  // a damping ratio or fraction
    let time: ClosedRange<Double> = 0.001...100_000  // a duration, a response, a period
    let unitVelocity: ClosedRange<Double> = -1e6...1e6  // fractions of the distance per second
    let valueVelocity: ClosedRange<Double> = -1e15...1e15  // value units per second (or ms)
    // ±1 are not springs: −1 is infinite damping and 1 none at all.
    let bounce: ClosedRange<Double> = -0.999_999...0.999_999
    switch self {
    case .coreAnimation:
      return [
        (.mass, 1, physical), (.stiffness, 100, physical), (.damping, 10, damping),
        (.initialVelocity, 0, unitVelocity),
      ]
    case .coreAnimationPerceptual, .swiftUIDurationBounce:
      // SwiftUI's `Spring(duration: 0.5, bounce: 0)`; Core Animation's initializer has none,
      // and takes SwiftUI's.
      return [(.duration, 0.5, time), (.bounce, 0, bounce), (.initialVelocity, 0, unitVelocity)]
    case .swiftUI:
      // `.spring(response: 0.5, dampingFraction: 0.825)`.
      return [
        (.response, 0.5, time), (.dampingFraction, 0.825, ratio),
        (.initialVelocity, 0, unitVelocity),
      ]
    case .uiKit:
      // UIKit's search has no spring for a damping ratio of 0 (Framer plays its fallback).
      return [
        (.duration, nil, time), (.dampingRatio, nil, 1e-9...1e12),
        (.initialSpringVelocity, 0, unitVelocity),
      ]
    case .android:
      // SpringForce's STIFFNESS_MEDIUM and DAMPING_RATIO_MEDIUM_BOUNCY (Compose's `spring()`
      // defaults to dampingRatio 1).
      return [
        (.stiffness, 1500, physical), (.dampingRatio, 0.5, ratio), (.velocity, 0, valueVelocity),
      ]
    case .motion:
      return [
        (.stiffness, 100, physical), (.damping, 10, damping), (.mass, 1, physical),
        (.velocity, 0, valueVelocity),
      ]
    case .motionVisualDuration:
      return [(.visualDuration, 0.3, time), (.bounce, 0.3, bounce), (.velocity, 0, valueVelocity)]
    case .motionDuration:
      // No velocity: since Motion 12.34.3 a duration-defined spring starts at rest whatever
      // the value's velocity.
      return [(.duration, 0.8, time), (.bounce, 0.3, bounce)]
    case .reactSpring:
      return [
        (.tension, 170, physical), (.friction, 26, damping), (.mass, 1, physical),
        (.velocity, 0, valueVelocity),
      ]
    case .reactSpringFrequency:
      // Its `damping` is a damping ratio.
      return [(.frequency, nil, time), (.damping, 1, ratio), (.velocity, 0, valueVelocity)]
    case .reactNative:
      // Any sign: the Origami mapping is affine, and what it gives is judged after it.
      return [
        (.tension, 40, -1e6...1e6), (.friction, 7, -1e6...1e6), (.velocity, 0, valueVelocity),
      ]
    case .flutter:
      return [
        (.mass, nil, physical), (.stiffness, nil, physical), (.damping, nil, damping),
        (.velocity, 0, valueVelocity),
      ]
    }
  }

  /// The API's velocity parameter and what one unit of it is, in fractions of the distance per
  /// second toward the target (`distance` is the value's signed change, to − from); nil for an
  /// API that has none.
  public func velocityScale(distance: Double) -> (parameter: SpringParameter, scale: Double)? {
    switch self {
    case .coreAnimation, .coreAnimationPerceptual, .swiftUIDurationBounce, .swiftUI:
      (.initialVelocity, 1)
    case .uiKit: (.initialSpringVelocity, 1)
    case .android, .motion, .motionVisualDuration, .reactNative, .flutter:
      (.velocity, 1 / distance)
    case .reactSpring, .reactSpringFrequency: (.velocity, 1000 / distance)
    case .motionDuration: nil
    }
  }
}
