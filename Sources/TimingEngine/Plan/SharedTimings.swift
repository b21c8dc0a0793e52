/// Steps whose local times are the same at every scene time, numbered so that sampling works
/// those times out once for all of them (`SharedTimingColumns`).
///
/// A step's local times depend only on its layer's clock and on its animation's timing: begin
/// time, duration, speed, offset, repeats, autoreverse, fill, removal on completion, timing
/// function, the time it was added and the time it was removed, and the same of every group
/// it is in. Scenes repeat these a lot: a transaction gives every animation it makes its
/// duration, timing function and begin time (semantics.md §5), and a list of layers animated
/// alike has one timing per stagger step. The standard scene's 4 000 steps have 22 timings
/// (7 fades, 7 paths, 7 springs and one group child), so per chunk its local-time pass runs 22
/// times instead of 4 000 and its Bézier pass 15 times instead of 3 000 — together 43 % of its
/// sampling — while the springs' own curves still run step by step.
///
/// Timings compare bit for bit (−0 and +0 give different local times at a zero time), timing
/// functions by identity (the plan builder compiles equal functions once,
/// `PlanBuilder.compiledFunctions`), clocks by their levels' bits (`ClockTimes.sameMapping`).
struct SharedTimings: Sendable {
  /// Per track, per step: the step's slot, or `unshared` (a marker rather than an optional:
  /// read per step and chunk while sampling, an `Int` is the smaller and plainer load).
  let slots: [[Int]]
  /// Slots in use: timings two or more steps have, most used first.
  let slotCount: Int

  static let unshared = -1

  init(tracks: [TimelinePlan.Track], clocks: [LayerClock]) {
    var clockClasses: [[UInt64]: Int] = [:]
    let layerClock = clocks.map { clock in
      let bits = ClockTimes.mappingKey(clock.levels)
      if let known = clockClasses[bits] { return known }
      clockClasses[bits] = clockClasses.count
      return clockClasses.count - 1
    }
    var animations = AnimationClasses()
    var stepClasses: [StepClass: Int] = [:]
    var uses: [Int] = []
    let classes = tracks.map { track in
      track.steps.map { step in
        let key = StepClass(
          clock: layerClock[track.layer], animation: animations.index(step.animation))
        if let known = stepClasses[key] {
          uses[known] += 1
          return known
        }
        stepClasses[key] = uses.count
        uses.append(1)
        return uses.count - 1
      }
    }
    // Most used first, so that a memory cap (`SharedTimingColumns`) keeps the slots that save
    // the most; equal uses in order of first use.
    let shared = uses.indices.filter { uses[$0] > 1 }.sorted { (uses[$0], -$0) > (uses[$1], -$1) }
    var slotOfClass = [Int](repeating: Self.unshared, count: uses.count)
    for (slot, index) in shared.enumerated() { slotOfClass[index] = slot }
    slots = classes.map { $0.map { slotOfClass[$0] } }
    slotCount = shared.count
  }

  private struct StepClass: Hashable {
    let clock: Int
    let animation: Int
  }

  /// Animations numbered by what their local times depend on, a group's children through the
  /// number of their group.
  private struct AnimationClasses {
    var classes: [Timing: Int] = [:]
    var known: [ObjectIdentifier: Int] = [:]

    mutating func index(_ animation: CompiledAnimation) -> Int {
      if let number = known[ObjectIdentifier(animation)] { return number }
      let parent = animation.parent.map { index($0) } ?? -1
      let timing = Timing(animation, parent: parent)
      let number = classes[timing] ?? classes.count
      if number == classes.count { classes[timing] = number }
      known[ObjectIdentifier(animation)] = number
      return number
    }
  }

  /// Everything `CompiledAnimation.localTime` and `isAttached` read, bit for bit.
  private struct Timing: Hashable {
    let numbers: [UInt64]
    let autoreverses: Bool
    let fillMode: FillMode
    let removedOnCompletion: Bool
    let function: ObjectIdentifier?
    let parent: Int

    init(_ animation: CompiledAnimation, parent: Int) {
      let t = animation.timing
      numbers = [
        t.beginTime, t.duration, t.speed, t.timeOffset, t.repeatCount, t.repeatDuration,
        animation.addedAt, animation.removal.time,
      ].map(\.bitPattern)
      autoreverses = t.autoreverses
      fillMode = t.fillMode
      removedOnCompletion = animation.removedOnCompletion
      function = animation.timingFunction.map(ObjectIdentifier.init)
      self.parent = parent
    }
  }
}
