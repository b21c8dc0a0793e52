/// A layer as a scene describes it (semantics.md §1, §3).
public struct Layer: Sendable {
  public var name: String
  /// Model values set by the scene, in the order given; everything else has its default.
  public var properties: [(key: String, value: AnimatableValue)] = []
  /// The layer's own time space: beginTime, speed, timeOffset (layers never repeat or clip).
  public var beginTime = 0.0
  public var speed = 1.0
  public var timeOffset = 0.0
  public var animations: [Animation] = []
  public var sublayers: [Layer] = []
  /// Where the layer was declared (JSON Pointer tokens), for warnings.
  public var source: [String] = []
  /// Who answers the action search for this layer (semantics.md §5.2).
  public var actionSources = ActionSources()
  /// ◆ Not in a rendered tree: no implicit actions (semantics.md §5.1).
  public var detached = false
  /// A Canvas view (`CSAnimationView`, semantics.md §7).
  public var canvas: CanvasSettings?

  public init(name: String) { self.name = name }
}
