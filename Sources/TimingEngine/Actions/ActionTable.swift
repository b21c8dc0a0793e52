/// What one step of the action search answers for a key (semantics.md §5.2).
public enum ActionAnswer: Sendable {
  /// An action: stop and run it.
  case action(Animation)
  /// NSNull: stop, no action. In JSON, a key mapped to `null` (or the string "NSNull").
  case null
}

/// An `actions`-style dictionary. A key that is absent answers nil (the search goes on).
public struct ActionTable: Sendable {
  public var entries: [String: ActionAnswer]
  public init(_ entries: [String: ActionAnswer] = [:]) { self.entries = entries }
}

/// Who answers `actionForLayer:forKey:` for a layer.
public enum LayerDelegate: Sendable {
  /// A UIKit view backing the layer (semantics.md §5.5).
  case view
  /// A delegate implementing `actionForLayer:forKey:` with this table.
  case table(ActionTable)
}

/// The parts of a layer the action search consults.
public struct ActionSources: Sendable {
  public var delegate: LayerDelegate?
  public var actions = ActionTable()
  /// `style.actions`, `style.style.actions`, … shallowest first.
  public var style: [ActionTable] = []
  /// The layer class's own `defaultActionForKey:` (a scene-declared subclass).
  public var classDefaults = ActionTable()
  public init() {}
}

/// `CATransaction` state (semantics.md §5.4), after inheritance from enclosing transactions.
public struct TransactionState: Sendable {
  public var animationDuration = 0.25
  public var animationTimingFunction: TimingFunction?
  public var disableActions = false
  public init() {}
}

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
