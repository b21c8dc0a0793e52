/// react-spring's spring as it plays: not the closed form but semi-implicit Euler steps of
/// 1 ms, in value units per millisecond, until its rest test passes (docs/springs.md
/// "react-spring"). Used to state how far what react-spring shows strays from the exact spring.
public enum ReactSpringIntegration {
  /// Steps simulated at most: 2²⁰ ms, 17.5 minutes of motion, about 30 ms of work in a release
  /// build (docs/performance.md "Springs"); a longer spring is compared over its first 17.5
  /// minutes, and says so.
  public static let maxSteps = 1 << 20

  /// Semi-implicit Euler steps of 1 ms are unstable for a stiff or heavily damped spring
  /// (ω₀·1 ms near 2, or c/m·1 ms above 2): once the value is this many distances away, the
  /// simulation stops and says it diverges.
  static let divergence = 1000.0

  /// The worst |x_euler − x_exact| over the motion, as a fraction of the distance, with the
  /// time the simulation ended and how. The value moves by `distance` (react-spring's rest
  /// test depends on it); x is the displacement from the target as a fraction of the distance.

  public static func maximumDeviation(
    _ spring: SpringCurve, distance: Double
  ) -> (deviation: Double, stopsAt: Double, outcome: Outcome) {
    let to = distance
    var position = 0.0
    // react-spring's precision and rest velocity, from the distance.
    let precision = min(1, abs(distance) * 0.001)
    let restVelocity = precision / 10
    // Per millisecond: tension·1e-6 and friction·1e-3 are react-spring's factors.
    let tension = spring.stiffness * 1e-6
    let friction = spring.damping * 1e-3
    var velocity = spring.initialVelocity * distance / 1000
    var worst = 0.0
    var step = 0
    var outcome = Outcome.simulatedLimit
    while step < maxSteps {
      if abs(velocity) <= restVelocity && abs(to - position) <= precision {
        outcome = .stopped
        break
      }
      guard abs(position - to) <= divergence * abs(distance) else {
        outcome = .diverged
        break
      }
      let acceleration = (-tension * (position - to) - friction * velocity) / spring.mass
      velocity += acceleration
      position += velocity
      step += 1
      let exact = spring.displacement(Double(step) / 1000)
      worst = max(worst, abs((to - position) / distance - exact))
    }
    let stopsAt = Double(step) / 1000
    if outcome == .stopped {
      // At rest react-spring shows the target: the exact spring's own remaining motion.
      worst = max(worst, SpringCurve.maximumDisplacement(spring, after: stopsAt))
    }
    return (worst, stopsAt, outcome)
  }

  /// How the simulation ended.
  public enum Outcome: Sendable {
    /// react-spring's rest test passed.
    case stopped
    /// `maxSteps` ran out first.
    case simulatedLimit
    /// The steps ran away (`divergence`).
    case diverged
  }
}
