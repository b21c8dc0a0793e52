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

/// Who answers `actionForLayer:forKey:` for a layer.
public enum LayerDelegate: Sendable {
  /// A UIKit view backing the layer (semantics.md §5.5).
  case view
  /// A delegate implementing `actionForLayer:forKey:` with this table.
  case table(ActionTable)
}
