/// One thing a script does (semantics.md §5), at a scene time; `source` is where the scene gave
/// it (JSON Pointer tokens), for warnings and the timeline's records.
public struct ScriptEvent: Sendable {
  public var time: Double
  public var action: ScriptAction
  public var source: [String]
  public init(time: Double, action: ScriptAction, source: [String]) {
    self.time = time
    self.action = action
    self.source = source
  }
}

/// What a script does at one time (api.md "Timelines", events).
public enum ScriptAction: Sendable {
  case transaction(ScriptTransaction)
  /// A UIKit animation block: its changes, and a completion named for the timeline.
  case animate(AnimationBlock, changes: [PropertyChange], completion: String?)
  case addAnimation(layer: String, animation: Animation)
  case removeAnimation(layer: String, key: String)
  case removeAllAnimations(layer: String)
  /// `startCanvasAnimation` on a view: its own Canvas settings, or the given ones (a
  /// `{"type": "canvas"}` animation), then every view below it (semantics.md §7).
  case startCanvasAnimation(layer: String, settings: CanvasSettings?)
  /// `addSublayer` (or insertion at the root): the layer and its sublayers enter the tree.
  case insertLayer(Layer, parent: String?)
  /// `removeFromSuperlayer`: the layer and everything below it leave the tree.
  case removeLayer(String)
  /// `replaceSublayer:with:`: the old layer leaves, the new one takes its place.
  case replaceLayer(String, with: Layer)
}
