/// A parameter of some platform's spring API, named as that API names it (docs/springs.md).
/// The same name means the same quantity wherever it appears, except `damping`, which is a
/// force coefficient (N·s/m) in the physical APIs and a damping ratio in react-spring's
/// frequency form, as react-spring names it.
public enum SpringParameter: String, CaseIterable, Sendable {
  case mass
  case stiffness
  case damping
  /// Core Animation's and SwiftUI's: a fraction of the distance per second, positive toward
  /// the target.
  case initialVelocity
  /// A perceptual duration (2π/ω₀, seconds) for Apple's and Flutter's duration–bounce form; a
  /// settling duration for UIKit's legacy form and for Motion's `duration` (docs/springs.md
  /// "Durations").
  case duration
  case bounce
  case response
  case dampingFraction
  case dampingRatio
  /// UIKit's: a fraction of the distance per second (1 = the whole distance in 1 s).
  case initialSpringVelocity
  /// Motion's `visualDuration`: 1.2 × the perceptual duration.
  case visualDuration
  case tension
  case friction
  /// react-spring's `frequency`: the undamped period in seconds.
  case frequency
  /// Value units per second (Android, Motion, React Native, Flutter) or per millisecond
  /// (react-spring), in the direction the value moves toward the target when positive; converted
  /// with the request's `distance`.
  case velocity
}
