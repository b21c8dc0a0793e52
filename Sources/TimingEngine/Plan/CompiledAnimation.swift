/// One animation (or a group's child) with its timing resolved (semantics.md §1.3 normalisation
/// done).
final class CompiledAnimation: Sendable {
  let layer: Int
  let key: String?
  let timing: MediaTiming
  let activeDuration: Double
  let inverseDuration: Double
  let timingFunction: CompiledTimingFunction?
  let removedOnCompletion: Bool
  /// Whether a group's timing function warps its children's time: one of a fraction, not a
  /// spring's seconds (◆). Decided once here, not per sample in `warpedTime`.
  let warpsTime: Bool
  /// The group this is a child of: its parent time is the group's basic local time.
  let parent: CompiledAnimation?
  /// Scene time of the add, and of removal by key replacement (∞ if never). For children these
  /// are the top-level group's.
  let addedAt: Double
  let removal: RemovalTime
  let source: [String]

  init(
    layer: Int, key: String?, timing: MediaTiming, timingFunction: CompiledTimingFunction?,
    removedOnCompletion: Bool,
    parent: CompiledAnimation?, addedAt: Double, source: [String]
  ) {
    self.layer = layer
    self.key = key
    self.timing = timing
    self.activeDuration = timing.activeDuration
    self.inverseDuration = 1 / timing.duration
    self.timingFunction = timingFunction
    self.warpsTime = timingFunction.map { !$0.inputIsSeconds } ?? false
    self.removedOnCompletion = removedOnCompletion
    self.parent = parent
    self.addedAt = addedAt
    self.removal = parent?.removal ?? RemovalTime()
    self.source = source
  }

  /// Steps 1–4 of semantics.md §1.2 from the layer's local time, through any enclosing groups. A
  /// top-level animation stays attached after its active duration only with
  /// removedOnCompletion false.
  @inline(__always) final func localTime(layerTime: Double) -> LocalTime? {
    guard parent == nil else { return childLocalTime(layerTime: layerTime) }
    return timing.localTime(
      parentTime: layerTime, activeDuration: activeDuration, inverseDuration: inverseDuration,
      attached: !removedOnCompletion)
  }

  /// A group's child: its parent time is the group's basic local time, warped by the group's
  /// timing function (◆), and it is never removed on its own.
  ///
  /// The parent is reached through optional chaining, never bound: a bound `parent` and its
  /// timing function were retained and released per sample (~6 % of the standard scene's
  /// sampling).
  @inline(never) final func childLocalTime(layerTime: Double) -> LocalTime? {
    guard let groupTime = parent?.localTime(layerTime: layerTime) else { return nil }
    let parentTime = parent?.warpedTime(groupTime) ?? groupTime.basic
    return timing.localTime(
      parentTime: parentTime, activeDuration: activeDuration, inverseDuration: inverseDuration,
      attached: true)
  }

  /// A group's time as its children see it: the basic local time, or, under a timing function
  /// of a fraction, that function's value scaled by the duration (◆); nil for no function.
  @inline(__always) final func warpedTime(_ groupTime: LocalTime) -> Double? {
    guard warpsTime, let progress = timingFunction?.evaluate(groupTime.fraction)
    else { return nil }
    return progress * timing.duration
  }

  /// Whether the animation is on its layer at scene time t.
  @inline(__always) func isAttached(at t: Double) -> Bool {
    t >= addedAt && t < removal.time
  }
}

/// When an animation is removed by key replacement; set once while the plan is built.
final class RemovalTime: @unchecked Sendable {
  @exclusivity(unchecked) private(set) var time = Double.infinity
  /// Only the plan builder calls this, before the plan is shared.
  func set(_ t: Double) { time = min(time, t) }
}
