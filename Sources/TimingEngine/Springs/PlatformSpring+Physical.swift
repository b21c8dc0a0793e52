/// Each API's parameters as the physical spring it plays (docs/springs.md has every formula
/// and its source): mass, stiffness, damping and Core Animation's initial velocity, a fraction
/// of the distance per second toward the target.
extension PlatformSpring {
  public struct Physical: Sendable, Equatable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    public var initialVelocity: Double
  }

  /// The physical spring, unchecked (callers check its range with
  /// `TimingFunction.checkedSpring`); `distance` (to − from, in value units) converts an
  /// absolute velocity. Where the settling search gives NaN (UIKit, Motion's `duration`), the
  /// API plays stiffness 100, damping 10, and so does this.
  public func physical(distance: Double) -> Physical {
    let v = api.velocityScale(distance: distance).map { self[$0.parameter] * $0.scale } ?? 0
    let twoPi = 2 * Double.pi
    switch api {
    case .coreAnimation, .motion, .flutter:
      return Physical(
        mass: self[.mass], stiffness: self[.stiffness], damping: self[.damping],
        initialVelocity: v)
    case .coreAnimationPerceptual, .swiftUIDurationBounce:
      let b = self[.bounce]
      return Self.perceptual(self[.duration], ratio: b >= 0 ? 1 - b : 1 / (1 + b), velocity: v)
    case .swiftUI:
      return Self.response(self[.response], ratio: self[.dampingFraction], velocity: v)
    case .uiKit:
      // ◆ semantics.md §5: Framer's reconstruction, as a UIKit spring block.
      let found = SettlingSpringSearch.uiKit.spring(
        duration: self[.duration], dampingRatio: self[.dampingRatio], velocity: v)
      return Physical(
        mass: 1, stiffness: found.stiffness, damping: found.damping, initialVelocity: v)
    case .android:
      let k = self[.stiffness]
      return Physical(
        mass: 1, stiffness: k, damping: 2 * self[.dampingRatio] * k.squareRoot(),
        initialVelocity: v)
    case .motionVisualDuration:
      let root = twoPi / (self[.visualDuration] * 1.2)
      let k = root * root
      return Physical(
        mass: 1, stiffness: k,
        damping: 2 * SettlingSpringSearch.motion.clamped(dampingRatio: 1 - self[.bounce])
          * k.squareRoot(),
        initialVelocity: v)
    case .motionDuration:
      let found = SettlingSpringSearch.motion.find(
        duration: self[.duration], dampingRatio: 1 - self[.bounce], velocity: 0)
      return Physical(
        mass: 1, stiffness: found.stiffness, damping: found.damping, initialVelocity: 0)
    case .reactSpring:
      return Physical(
        mass: self[.mass], stiffness: self[.tension], damping: self[.friction],
        initialVelocity: v)
    case .reactSpringFrequency:
      return Self.response(self[.frequency], ratio: self[.damping], velocity: v)
    case .reactNative:
      // React Native plays a spring whose damping ratio is 1 or more as critically damped:
      // its solver has no overdamped branch.
      let k = (self[.tension] - 30) * 3.62 + 194
      let c = (self[.friction] - 8) * 3 + 25
      return Physical(
        mass: 1, stiffness: k, damping: k > 0 ? min(c, 2 * k.squareRoot()) : c,
        initialVelocity: v)
    }
  }

  /// Mass 1, stiffness (2π/r)², damping 4π·ζ/r: a period `r` and a damping ratio, as SwiftUI's
  /// `response` and react-spring's `frequency` both give them (the same formula, so one place).
  static func response(_ r: Double, ratio: Double, velocity: Double) -> Physical {
    let twoPi = 2 * Double.pi
    return Physical(
      mass: 1, stiffness: (twoPi / r) * (twoPi / r), damping: 4 * Double.pi * ratio / r,
      initialVelocity: velocity)
  }

  /// Mass 1, stiffness (2π/d)², damping `ratio`·2√k: Apple's perceptual form, written as
  /// `SpringCurve(perceptualDuration:bounce:)` writes it so that both give the same bits.
  static func perceptual(_ d: Double, ratio: Double, velocity: Double) -> Physical {
    let k = (2 * Double.pi / d) * (2 * Double.pi / d)
    return Physical(
      mass: 1, stiffness: k, damping: ratio * 2 * k.squareRoot(), initialVelocity: velocity)
  }
}
