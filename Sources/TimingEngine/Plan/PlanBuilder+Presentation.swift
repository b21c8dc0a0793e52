/// The presentation value of a track while the plan is built (semantics.md §4): at each script
/// change (the old presentation value an implicit animation starts from) and at each add of an
/// animation without ends.
///
/// Composing every step on the track each time made n changes on one key path cost O(n²)
/// (8 000 transactions: 73 s). Calls come in non-decreasing scene time — the run applies its
/// items in time order and every call is at the current item's time — so each track keeps a
/// live list (`TrackEntry.liveSteps`, its steps in add order) from which a call may drop the
/// steps that can never count again, and a call walks that list from the latest step down,
/// stopping at the first step that hides everything beneath it. Why the result is the
/// reference's, bit for bit:
///
/// 1. Dropped steps never count again. A step is dropped at time t when
///    a. its removal time is ≤ t: `RemovalTime.set` only ever lowers it, and every later call is
///       at t′ ≥ t, so the step is detached at t′; or
///    b. its top-level animation's local time is nil at t and stays nil for every t′ ≥ t (a
///       group's children have no local time without their group's). The elapsed time
///       e(t) = (L(t) − beginTime) × speed, with L the layer's clock applied level by level
///       (x ↦ (x − b) × s + o). In IEEE arithmetic x − b and x + o are non-decreasing in x, and
///       x × s is non-decreasing for s > 0 and non-increasing for s < 0; so e is monotone, in
///       the direction of the sign of speed × every level's speed. Going forwards, e(t) ≥ the
///       active duration without fill-forwards-and-attached (semantics.md §1.4) stays so; going
///       backwards, e(t) < 0 without backwards fill stays so. MediaTiming.localTime answers nil
///       in exactly those cases. (A zero speed anywhere: the step is never dropped.)
/// 2. A step that writes the whole value without adding to it (`hidesBeneath`) and is attached
///    with a local time at t overwrites every component: Composition does not read what lies
///    beneath, so composing from it upwards gives the same numbers as composing everything.
///    The steps beneath stay in the list (the hider may be removed later); they are not looked at.
/// 3. Dropping keeps the add order of the others, and the steps are composed in that order with
///    the same arithmetic as the reference.
///
/// Steps that have finished and fill forwards are not folded into a cached base: their value
/// can follow the live model value (`LiveSource`), an additive one sits on whatever is beneath
/// it, and a later removal can still take them away. Each step a call looks at is charged to the
/// work budget instead, so the scripts that stay quadratic — thousands of additive animations
/// active at once, or waiting to begin — are refused, not run for minutes. The property test
/// `IncrementalPresentationTests` compares both strategies on random scripts.
extension PlanBuilder {
  mutating func presentation(
    _ track: Int, at t: Double, model: [Double], for source: [String]
  ) throws(WorkBudget.Exhausted) -> [Double] {
    switch strategy {
    case .reference: return try referencePresentation(track, at: t, model: model, for: source)
    case .incremental: return try incrementalPresentation(track, at: t, model: model, for: source)
    }
  }

  /// semantics.md §4 as written: every step on the track, in add order.
  private mutating func referencePresentation(
    _ track: Int, at t: Double, model: [Double], for source: [String]
  ) throws(WorkBudget.Exhausted) -> [Double] {
    let steps = trackEntries[track].track.steps
    let type = trackEntries[track].track.type
    let layerTime = layerEntries[trackEntries[track].track.layer].clock.localTime(t)
    var effective: [(step: TrackStep, localTime: LocalTime)] = []
    var units = WorkBudget.multiplying(steps.count, WorkCost.presentationLook)
    for step in steps where step.animation.isAttached(at: t) {
      guard let lt = step.animation.localTime(layerTime: layerTime) else { continue }
      effective.append((step, lt))
      units = WorkBudget.adding(units, step.samplingCost + WorkCost.presentationStep)
    }
    try budget.charge(units, .script, at: source)
    var buffer = model
    Self.compose(buffer: &buffer, type: type, epochs: epochs) { write in
      for (step, lt) in effective { write(step, lt, t) }
    }
    return buffer
  }

  /// Points 1–3 above: the live steps from the latest down to the first that hides the rest,
  /// dropping those gone for good.
  private mutating func incrementalPresentation(
    _ track: Int, at t: Double, model: [Double], for source: [String]
  ) throws(WorkBudget.Exhausted) -> [Double] {
    let type = trackEntries[track].track.type
    let clock = layerEntries[trackEntries[track].track.layer].clock
    let layerTime = clock.localTime(t)
    let direction = Self.direction(of: clock)
    // Taken out so that it is uniquely referenced while it is compacted.
    var live = trackEntries[track].liveSteps
    trackEntries[track].liveSteps = []
    // What each step looked at is at t, latest first: nil when gone for good, else its local
    // time (nil when it has none now).
    var visits: [LocalTime??] = []
    var units = 0
    var anyGone = false
    var start = live.count
    while start > 0 {
      start -= 1
      let animation = live[start].animation
      if Self.isGoneForGood(animation, at: t, layerTime: layerTime, direction: direction) {
        visits.append(nil)
        anyGone = true
        continue
      }
      guard animation.isAttached(at: t), let lt = animation.localTime(layerTime: layerTime)
      else {
        visits.append(.some(nil))
        continue
      }
      visits.append(lt)
      units = WorkBudget.adding(units, live[start].samplingCost + WorkCost.presentationStep)
      if Self.hidesBeneath(live[start], type) { break }
    }
    units = WorkBudget.adding(
      units, WorkBudget.multiplying(visits.count, WorkCost.presentationLook))
    var buffer = model
    Self.compose(buffer: &buffer, type: type, epochs: epochs) { write in
      for (offset, visit) in visits.reversed().enumerated() {
        if case .some(.some(let lt)) = visit { write(live[start + offset], lt, t) }
      }
    }
    if anyGone {
      var kept = start
      for (offset, visit) in visits.reversed().enumerated() where visit != nil {
        live[kept] = live[start + offset]
        kept += 1
      }
      live.removeSubrange(kept..<live.count)
    }
    trackEntries[track].liveSteps = live
    try budget.charge(units, .script, at: source)
    return buffer
  }

  /// Runs `body` with a writer that composes a step's value at a local time onto `buffer`
  /// (semantics.md §4), in scratch space allocated once. Ends that follow the model value use
  /// their latest epoch in `epochs`: it is the one in force, since every call is at or after the
  /// time of the latest model change (calls come in non-decreasing scene time, above).
  static func compose(
    buffer: inout [Double], type: ValueType,
    epochs: [[(start: Double, interpolator: Interpolator)]],
    _ body: ((TrackStep, LocalTime, Double) -> Void) -> Void
  ) {
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 64) { scratch in
      let value = scratch.baseAddress!
      let extra = value + 32
      buffer.withUnsafeMutableBufferPointer { out in
        body { step, lt, t in
          var interpolator: Interpolator?
          if case .interpolation(let source) = step.source, let live = source.liveIndex {
            interpolator = epochs[live].last?.interpolator
          }
          step.write(lt, time: t, into: value, scratch: extra, interpolator: interpolator)
          Composition.apply(step, value: value, onto: out.baseAddress!, propertyType: type)
        }
      }
    }
  }

  /// Whether composing the step replaces every component of the value beneath it: the branch
  /// of `Composition.apply` that copies.
  static func hidesBeneath(_ step: TrackStep, _ type: ValueType) -> Bool {
    guard case .whole = step.part else { return false }
    return !(step.additive && type.isAdditive)
  }

  /// The sign of the product of a clock's speeds: 1 when its local time runs with scene time,
  /// −1 against it, 0 when some level is paused.
  static func direction(of clock: LayerClock) -> Int {
    var sign = 1
    for level in clock.levels {
      if level.speed < 0 {
        sign = -sign
      } else if !(level.speed > 0) {
        return 0
      }
    }
    return sign
  }

  /// Point 1 above: whether the animation contributes nothing at t nor at any later call.
  static func isGoneForGood(
    _ animation: CompiledAnimation, at t: Double, layerTime: Double, direction clock: Int
  ) -> Bool {
    if animation.removal.time <= t { return true }
    var root = animation
    while let parent = root.parent { root = parent }
    let timing = root.timing
    let speedSign = timing.speed > 0 ? 1 : timing.speed < 0 ? -1 : 0
    // The same expression as MediaTiming.localTime's, so the same rounding.
    let e = (layerTime - timing.beginTime) * timing.speed
    switch clock * speedSign {
    case 1:
      return e >= root.activeDuration
        && !(timing.fillMode.fillsForwards && !root.removedOnCompletion)
    case -1:
      return e < 0 && !timing.fillMode.fillsBackwards
    default:
      return false
    }
  }
}
