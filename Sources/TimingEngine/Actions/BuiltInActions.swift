/// Core Animation's implicit actions, `+[CALayer defaultActionForKey:]` (semantics.md §5.3).
public enum BuiltInActions {
  /// Keys that get a basic animation from the old presentation value to the new model value.
  public static let basicKeys: Set<String> = [
    "anchorPoint", "backgroundColor", "borderColor", "borderWidth", "bounds", "contents",
    "contentsRect", "cornerRadius",
    "filters", "mask", "masksToBounds", "opacity", "position", "shadowColor", "shadowOffset",
    "shadowOpacity", "shadowPath",
    "shadowRadius", "sublayers", "sublayerTransform", "transform", "zPosition",
    // Shape layers.
    "path", "fillColor", "strokeColor", "strokeStart", "strokeEnd", "lineWidth", "miterLimit",
    "lineDashPhase",
  ]

  /// Keys that get a fade transition (◆ `hidden` as measured, not as the guide's table says).
  public static let fadeKeys: Set<String> = ["hidden", "backgroundFilters", "compositingFilter"]

  public static func action(for key: String, transaction: TransactionState) -> Animation? {
    if basicKeys.contains(key) {
      var a = Animation(kind: .basic(BasicValues()))
      a.key = key
      a.keyPath = PropertyKeyPath.resolve(key)
      a.timing.duration = transaction.animationDuration
      a.timingFunction = transaction.animationTimingFunction ?? .named(.default)
      return a
    }
    if fadeKeys.contains(key) {
      var a = Animation(kind: .transition(TransitionStyle()))
      a.key = "transition"
      a.timing.duration = transaction.animationDuration
      a.timingFunction = transaction.animationTimingFunction ?? .named(.default)
      return a
    }
    return nil
  }
}

/// What a UIKit view answers inside an animation block (semantics.md §5.5): an animation with the
/// block's duration, delay and curve (or spring) for the properties UIKit animates.
public enum UIKitActions {
  public static let animatableKeys: Set<String> = [
    "position", "bounds", "transform", "opacity", "backgroundColor", "anchorPoint", "cornerRadius",
    "borderWidth",
    "borderColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowColor", "contentsRect",
    "zPosition",
    "sublayerTransform",
  ]

  public static func action(for key: String, block: AnimationBlock, transaction: TransactionState)
    -> Animation?
  {
    guard animatableKeys.contains(key), let keyPath = PropertyKeyPath.resolve(key) else {
      return nil
    }
    var a: Animation
    if let spring = block.spring {
      // ◆ semantics.md §5: UIKit's spring blocks settle (to 0.001 of the distance) in the
      // block's duration, as Framer reconstructs them: the same spring as `uiKit` in
      // docs/springs.md. The velocity is a fraction of the distance per second.
      let curve = PlatformSpring(
        api: .uiKit,
        [
          .duration: block.duration, .dampingRatio: spring.dampingRatio,
          .initialSpringVelocity: spring.velocity,
        ]
      ).curve(distance: 1)
      a = Animation(kind: .spring(BasicValues(), curve))
    } else {
      a = Animation(kind: .basic(BasicValues()))
      a.timingFunction = block.curve
    }
    a.key = key
    a.keyPath = keyPath
    a.timing.duration = block.duration
    // UIKit fills backwards, so during the delay the view shows its old value.
    a.timing.fillMode = .backwards
    a.additive = block.additive && keyPath.valueType.isAdditive
    return a
  }
}
