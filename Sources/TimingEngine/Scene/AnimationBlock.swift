/// A UIKit animation block in progress (`UIView.animate(withDuration:delay:options:)`, semantics.md
/// §5.5).
public struct AnimationBlock: Sendable {
  public var duration: Double
  public var delay = 0.0
  /// easeInEaseOut unless the options name another curve.
  public var curve = TimingFunction.named(.easeInEaseOut)
  /// A spring block (`usingSpringWithDamping:initialSpringVelocity:`).
  public var spring: (dampingRatio: Double, velocity: Double)?
  public var beginFromCurrentState = false
  /// Modern UIKit adds its animations (from old − new to zero, on the new model value); the
  /// legacy form animates absolutely from the old to the new value.
  public var additive = true
  public init(duration: Double) { self.duration = duration }
}
