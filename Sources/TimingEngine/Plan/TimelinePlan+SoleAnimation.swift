/// What drives one layer property over the whole timeline, for an export that states Core
/// Animation's timing in another system's terms instead of baking samples (docs/export.md
/// "Mapped timing"): nothing at all, one animation whose timing and values can be stated on
/// their own, or anything else.
public enum PropertyDrive: Sendable {
  /// No animation and no script change: the model value throughout.
  case still
  /// One top-level animation, the property's only one, on a layer whose clock is the scene's,
  /// with fixed ends, and no script change of the model value but the one that added it (a
  /// UIKit block's or a transaction's: the animation runs from the old value to the new).
  case sole(SoleAnimation)
  /// Several animations, a group's child, additive values over a model value that changes
  /// under them, a transform's additive values, cumulative values, a value function, a path,
  /// spline or paced keyframes, ends that follow a changing model value, a layer clock of its
  /// own, or a script change that added no animation: only samples describe it.
  case other
}

/// One animation that alone drives a property, in the terms it was given (semantics.md §1.2 and
/// §3): its timing, its effect-level timing function, and its values at key times as whole
/// values of the property (a partial key path such as `bounds.size.width` filled in from the
/// model value).
public struct SoleAnimation: Sendable {
  public struct Keyframe: Sendable {
    /// 0…1, the fraction of an iteration.
    public let keyTime: Double
    public let value: [Double]
    /// The timing function of the segment from this keyframe to the next (nil for linear).
    public let timingFunction: TimingFunction?
  }

  /// How progress runs through an iteration.
  public enum Easing: Sendable {
    /// A timing function of the fraction (nil: linear).
    case function(TimingFunction?)
    /// A spring animation: progress is the spring's at the basic local time in seconds
    /// (semantics.md §3.5), whatever the duration.
    case spring(SpringCurve)
  }

  public let timing: MediaTiming
  public let removedOnCompletion: Bool
  public let easing: Easing
  public let keyframes: [Keyframe]
  /// Keyframes held (calculationMode `discrete`): each value from its key time to the next.
  public let discrete: Bool
}

extension TimelinePlan {
  /// What drives `keyPath` (a whole property, as `outputs` names it) on `layer`.
  public func drive(layer: Int, keyPath: String) -> PropertyDrive {
    guard let index = trackByProperty[layer][keyPath] else { return .still }
    let track = tracks[index]
    guard let step = track.steps.first else { return track.modelChanges.isEmpty ? .still : .other }
    let animation = step.animation
    guard track.steps.count == 1, animation.parent == nil,
      step.valueFunction == nil, animation.removal.time == .infinity,
      clocks[layer].levels.allSatisfy({
        $0.beginTime == 0 && $0.speed == 1 && $0.timeOffset == 0
      })
    else { return .other }
    // A script change is allowed when it added the animation, at the same time: a UIKit
    // block's animation runs from the old value to the new one set with it (additively, from
    // old − new to zero on the new value, semantics.md §5.5), and a transaction's from the
    // old presentation value. The underlying value is then the new one throughout the
    // animation; before it the old one shows, which an export proves at every sample (a
    // backwards fill shows it; without one it is baked).
    switch track.modelChanges.count {
    case 0: break
    case 1 where track.modelChanges[0].time == animation.addedAt: break
    default: return .other
    }
    let underlying = track.currentModel
    // Additive values add to a vector's components; a transform's concatenate, which no
    // keyframe list states.
    if step.additive, track.type == .transform { return .other }
    // The part's components in the whole value.
    let components: Range<Int>
    switch step.part {
    case .whole: components = 0..<track.model.count
    case .components(let range): components = range
    case .transform: return .other
    }
    func whole(_ part: [Double]) -> [Double]? {
      guard part.count == components.count else { return nil }
      var value = underlying
      // As the presentation composes it: `additive` on a type that does not add (a Boolean,
      // contents) is ignored (PlanBuilder+Presentation).
      if step.additive && track.type.isAdditive {
        for (c, v) in zip(components, part) { value[c] += v }
      } else {
        value.replaceSubrange(components, with: part)
      }
      return value
    }
    let function = animation.timingFunction?.function
    if case .spring = function { return .other }
    switch step.source {
    case .interpolation(let source):
      guard source.cycleValue == nil, source.epochs.count <= 1 else { return .other }
      let interpolator = source.epochs.first?.interpolator ?? source.interpolator
      guard let from = whole(interpolator.from), let to = whole(interpolator.to) else {
        return .other
      }
      return .sole(
        SoleAnimation(
          timing: animation.timing, removedOnCompletion: animation.removedOnCompletion,
          easing: source.spring.map { .spring($0) } ?? .function(function),
          keyframes: [
            .init(keyTime: 0, value: from, timingFunction: nil),
            .init(keyTime: 1, value: to, timingFunction: nil),
          ], discrete: false))
    case .keyframe(let source):
      let evaluator = source.evaluator
      let discrete: Bool
      switch evaluator.mode {
      case .linear: discrete = false
      case .discrete: discrete = true
      case .paced, .cubic, .cubicPaced: return .other
      }
      guard source.cycleValue == nil, evaluator.path == nil, evaluator.outgoing.isEmpty,
        let first = evaluator.keyTimes.first, first == 0, evaluator.keyTimes.last == 1
      else { return .other }
      var keyframes: [SoleAnimation.Keyframe] = []
      for (i, keyTime) in evaluator.keyTimes.enumerated() {
        // Discrete keyframes have one key time more than values: the last value holds to 1.
        guard let value = whole(evaluator.values[min(i, evaluator.values.count - 1)]) else {
          return .other
        }
        let segment = i < evaluator.segmentFunctions.count ? evaluator.segmentFunctions[i] : nil
        keyframes.append(.init(keyTime: keyTime, value: value, timingFunction: segment))
      }
      return .sole(
        SoleAnimation(
          timing: animation.timing, removedOnCompletion: animation.removedOnCompletion,
          easing: .function(function), keyframes: keyframes, discrete: discrete))
    case .pathRotation, .transition:
      return .other
    }
  }
}
