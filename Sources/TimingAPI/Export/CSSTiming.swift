import TimingEngine

/// A CSS animation's timing: Web Animations' `KeyframeEffectOptions`, and the `animation`
/// shorthand's terms. Times in seconds of scene time; the browser's document time 0 is scene
/// time 0 (docs/export.md "Mapped timing").
struct CSSTiming: Sendable {
  enum Direction: String, Sendable {
    case normal
    case alternate
  }

  enum Fill: String, Sendable {
    case none
    case forwards
    case backwards
    case both
  }

  var delay: Double
  var duration: Double
  var iterations: Double
  var direction: Direction
  var fill: Fill
  /// The effect's easing: Web Animations' `options.easing`. A CSS animation has none of its own
  /// (its `animation-timing-function` is each keyframe's), so a style sheet states it only
  /// when it is linear.
  var easing: CSSEasing

  /// A baked animation: once over the sampled window, its first and last values held outside.
  static func window(from: Double, to: Double) -> CSSTiming {
    CSSTiming(
      delay: from, duration: to - from, iterations: 1, direction: .normal, fill: .both,
      easing: .linear)
  }

  /// The iteration progress at scene time t, after direction and the effect's easing, and
  /// the before flag a keyframe's easing gets too, as a browser computes them (Web Animations'
  /// timing model, "calculating the … progress", with a playback rate of 1, no end delay and no
  /// iteration start); nil where the effect does not apply and the element shows its own style.
  ///
  /// In seconds as Chromium keeps them, from the milliseconds the export writes and a page seeks
  /// (`currentTime`): (x × 1000) / 1000, which may differ from x in its last bit. At a phase's or
  /// an iteration's edge that bit decides which side a sample lands on, differently in each
  /// browser; `nearEdge` finds those samples so the proof can check both sides.
  func position(at sceneTime: Double) -> (progress: Double, beforeFlag: Bool)? {
    let t = sceneTime * 1000 / 1000
    let delay = self.delay * 1000 / 1000
    let duration = self.duration * 1000 / 1000
    let activeDuration = duration * iterations
    let endTime = max(delay + activeDuration, 0)
    let beforeActive = max(min(delay, endTime), 0)
    let activeAfter = max(min(delay + activeDuration, endTime), 0)
    enum Phase { case before, active, after }
    let phase: Phase = t < beforeActive ? .before : (t >= activeAfter ? .after : .active)
    let activeTime: Double
    switch phase {
    case .before:
      guard fill == .backwards || fill == .both else { return nil }
      activeTime = max(t - delay, 0)
    case .active:
      activeTime = t - delay
    case .after:
      guard fill == .forwards || fill == .both else { return nil }
      activeTime = max(min(t - delay, activeDuration), 0)
    }
    let overall = activeTime / duration
    var simple = overall - overall.rounded(.down)
    var iteration = overall.rounded(.down)
    if simple == 0 && phase != .before && activeTime == activeDuration && overall != 0 {
      simple = 1
      iteration -= 1
    }
    let reverse = direction == .alternate && iteration.truncatingRemainder(dividingBy: 2) != 0
    let directed = reverse ? 1 - simple : simple
    let beforeFlag = (phase == .before && !reverse) || (phase == .after && reverse)
    return (easing.evaluate(directed, beforeFlag: beforeFlag), beforeFlag)
  }

  /// How close to an edge a time may be ambiguous: browsers snap times within 1 µs of a
  /// phase's edge onto it (Chromium's time tolerance), and round milliseconds to seconds
  /// differently.
  static let edgeTolerance = 2e-6

  /// The edge of the active interval or of an iteration that scene time t is within
  /// `edgeTolerance` of — in iterations from the start: 0, 1, …, or `iterations` at the end —
  /// and t's position in the same unit as a browser computes it; nil away from every edge.
  func edge(near sceneTime: Double) -> (edge: Double, position: Double)? {
    let t = sceneTime * 1000 / 1000
    let delay = self.delay * 1000 / 1000
    let duration = self.duration * 1000 / 1000
    let position = (t - delay) / duration
    if abs(position - iterations) * duration <= Self.edgeTolerance {
      return (iterations, position)
    }
    let nearest = position.rounded()
    guard nearest >= 0, nearest <= iterations,
      abs(position - nearest) * duration <= Self.edgeTolerance
    else { return nil }
    return (nearest, position)
  }
}

// In an extension, so the struct keeps its memberwise initializer.
extension CSSTiming {
  /// Core Animation's timing stated one-to-one in CSS (semantics.md §1.2 against Web
  /// Animations' timing model): beginTime → delay, duration / speed → duration (one leg of an
  /// autoreversing animation), the active duration in legs → iterations, autoreverses →
  /// `alternate`, fillMode and removedOnCompletion → fill. Nil where CSS has no counterpart: a
  /// speed ≤ 0 or non-finite, a timeOffset (CSS Animations has no iteration start), a zero
  /// active duration. An endless animation gets whole iterations enough to run past `until`
  /// (scene time), since JSON has no Infinity for `iterations`.
  init?(_ timing: MediaTiming, removedOnCompletion: Bool, easing: CSSEasing, until: Double) {
    guard timing.speed > 0, timing.speed.isFinite, timing.timeOffset == 0, timing.duration > 0,
      timing.duration.isFinite, timing.beginTime.isFinite
    else { return nil }
    let legs = timing.autoreverses ? 2.0 : 1.0
    var iterations: Double
    if timing.repeatDuration > 0 {
      iterations = timing.repeatDuration / timing.duration
    } else if timing.repeatCount > 0 {
      iterations =
        MediaTiming.isForever(timing.repeatCount) ? .infinity : timing.repeatCount * legs
    } else {
      iterations = legs
    }
    let duration = timing.duration / timing.speed
    if !iterations.isFinite {
      // Whole legs, and an even number of them when alternating, so the leg at `until` runs
      // the way it does in the endless animation.
      let needed = ((until - timing.beginTime) / duration).rounded(.up) + 1
      guard needed.isFinite, needed < 1e9 else { return nil }
      iterations = max(legs, (needed / legs).rounded(.up) * legs)
    }
    guard iterations > 0, iterations.isFinite else { return nil }
    let backwards = timing.fillMode.fillsBackwards
    let forwards = timing.fillMode.fillsForwards && !removedOnCompletion
    self.init(
      delay: timing.beginTime, duration: duration, iterations: iterations,
      direction: timing.autoreverses ? .alternate : .normal,
      fill: backwards ? (forwards ? .both : .backwards) : (forwards ? .forwards : .none),
      easing: easing)
  }
}
