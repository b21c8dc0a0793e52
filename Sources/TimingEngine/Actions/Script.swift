/// A property change a script makes (semantics.md §5.1).
public struct PropertyChange: Sendable {
  public var layer: String
  public var keyPath: PropertyKeyPath
  /// The value at `keyPath` (a part of the property for a sub-path).
  public var value: AnimatableValue
  public var source: [String]
  public init(layer: String, keyPath: PropertyKeyPath, value: AnimatableValue, source: [String]) {
    self.layer = layer
    self.keyPath = keyPath
    self.value = value
    self.source = source
  }
}

/// A `CATransaction` block: its own settings (nil inherits), its changes, nested transactions, and
/// an optional completion block, named so the timeline can report when it runs (semantics.md §5.4).
public struct ScriptTransaction: Sendable {
  public var animationDuration: Double?
  public var animationTimingFunction: TimingFunction?
  public var disableActions: Bool?
  public var changes: [PropertyChange] = []
  public var nested: [ScriptTransaction] = []
  public var completion: String?
  public init() {}
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

/// An action resolution the script caused, for the timeline's `actions` list.
public struct ActionRecord: Sendable {
  public let time: Double
  public let layer: String
  public let key: String
  public let resolution: ActionSearch.Resolution
  public let source: [String]
}

/// A transaction's or animation block's completion block running (semantics.md §5.4, §5.5).
public struct CompletionEvent: Sendable, Equatable {
  public let time: Double
  public let name: String
  /// Whether every animation it waited for finished (UIKit's `finished` argument).
  public let finished: Bool
}
