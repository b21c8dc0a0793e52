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

  /// The parameters in the API's order, with the API's defaults.
  public var parameters: [(parameter: SpringParameter, default: Double?)] {
    switch self {
    case .coreAnimation:
      [(.mass, 1), (.stiffness, 100), (.damping, 10), (.initialVelocity, 0)]
    case .coreAnimationPerceptual, .swiftUIDurationBounce:
      // SwiftUI's `Spring(duration: 0.5, bounce: 0)`; Core Animation's initializer has none,
      // and takes SwiftUI's.
      [(.duration, 0.5), (.bounce, 0), (.initialVelocity, 0)]
    case .swiftUI:
      // `.spring(response: 0.5, dampingFraction: 0.825)`.
      [(.response, 0.5), (.dampingFraction, 0.825), (.initialVelocity, 0)]
    case .uiKit:
      [(.duration, nil), (.dampingRatio, nil), (.initialSpringVelocity, 0)]
    case .android:
      // SpringForce's STIFFNESS_MEDIUM and DAMPING_RATIO_MEDIUM_BOUNCY (Compose's `spring()`
      // defaults to dampingRatio 1).
      [(.stiffness, 1500), (.dampingRatio, 0.5), (.velocity, 0)]
    case .motion:
      [(.stiffness, 100), (.damping, 10), (.mass, 1), (.velocity, 0)]
    case .motionVisualDuration:
      [(.visualDuration, 0.3), (.bounce, 0.3), (.velocity, 0)]
    case .motionDuration:
      // No velocity: since Motion 12.34.3 a duration-defined spring starts at rest whatever
      // the value's velocity.
      [(.duration, 0.8), (.bounce, 0.3)]
    case .reactSpring:
      [(.tension, 170), (.friction, 26), (.mass, 1), (.velocity, 0)]
    case .reactSpringFrequency:
      [(.frequency, nil), (.damping, 1), (.velocity, 0)]
    case .reactNative:
      [(.tension, 40), (.friction, 7), (.velocity, 0)]
    case .flutter:
      [(.mass, nil), (.stiffness, nil), (.damping, nil), (.velocity, 0)]
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
