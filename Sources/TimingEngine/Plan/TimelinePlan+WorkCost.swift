/// What sampling and writing out a timeline will cost, known before either starts: the route
/// charges both up front, since once a streamed response has begun it can no longer be refused
/// with a 422.
extension TimelinePlan {
  /// Sampling `outputs` at `times`: per sampled track and time its model value and layer time;
  /// per step its class cost (`TrackStep.samplingCost`) at the times it may contribute, and a
  /// check at the others (a script of 8 000 changes leaves 8 000 steps on one track, each
  /// contributing for a moment: charging them all at every time would refuse it at 3 000
  /// samples, when sampling it takes 30 ms); plus reading sub-paths out.
  public func samplingCost(times: [Double], outputs: OutputPlan) -> Int {
    let sorted = times.sorted()
    let count = times.count
    var total = 0
    for layerOutputs in outputs.layers {
      var seen = Set<Int>()
      for output in layerOutputs {
        switch output.part {
        case .whole: break
        case .components: total = WorkBudget.adding(total, count)
        // Decomposed at every sample.
        case .transform: total = WorkBudget.adding(total, WorkBudget.multiplying(30, count))
        }
        guard let index = output.track, seen.insert(index).inserted else { continue }
        let track = tracks[index]
        let clock = clocks[track.layer]
        var perSample = 1 + clock.levels.count / 4 + track.type.componentCount / 4
        if !track.modelChanges.isEmpty { perSample += 1 }
        total = WorkBudget.adding(total, WorkBudget.multiplying(perSample, count))
        let affine = clock.affine
        for step in track.steps {
          let window = step.animation.contributionWindow(affine)
          let inside = Self.count(sorted, from: window.from, to: window.to)
          // Outside the window a step costs its attachment check and local time: ~4 ns a
          // sample, measured.
          total = WorkBudget.adding(total, (count - inside + 1) / 2)
          total = WorkBudget.adding(total, WorkBudget.multiplying(inside, step.samplingCost))
        }
      }
    }
    return total
  }

  /// Writing the samples (and each column's key), the delegate events, the action records and
  /// the warnings.
  public func exportCost(times: Int, outputs: OutputPlan) -> Int {
    let numbers = WorkBudget.multiplying(
      WorkBudget.adding(outputs.componentsPerSample, 1), times)
    var units = WorkBudget.multiplying(numbers, WorkCost.exportedNumber)
    units = WorkBudget.adding(
      units, WorkBudget.multiplying(outputs.valuesPerSample, WorkCost.exportedColumn))
    units = WorkBudget.adding(
      units, WorkBudget.multiplying(actionRecords.count, WorkCost.exportedAction))
    let events = events.count + completions.count + warnings.count
    units = WorkBudget.adding(units, WorkBudget.multiplying(events, WorkCost.exportedEvent))
    // Contents samples write names, whose length the numbers do not show.
    let contentsOutputs = outputs.layers.reduce(0) { count, layer in
      count + layer.filter { $0.type == .contents }.count
    }
    guard contentsOutputs > 0 else { return units }
    let longest = contentsNames.reduce(0) { max($0, $1.utf8.count) }
    let bytesPerSample = 2 * longest + 32
    return WorkBudget.adding(
      units,
      WorkBudget.multiplying(
        WorkBudget.multiplying(contentsOutputs, times),
        bytesPerSample / 2 * WorkCost.exportedContentsBytePair))
  }

  /// How many of the sorted `times` lie in [from, to].
  static func count(_ sorted: [Double], from: Double, to: Double) -> Int {
    func firstIndex(where belongs: (Double) -> Bool) -> Int {
      var lo = 0
      var hi = sorted.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if belongs(sorted[mid]) { hi = mid } else { lo = mid + 1 }
      }
      return lo
    }
    let start = firstIndex { $0 >= from }
    let end = firstIndex { $0 > to }
    return max(end - start, 0)
  }
}

extension CompiledAnimation {
  /// Scene times outside which the animation (through its top-level one) contributes nothing —
  /// from its add to its removal, narrowed to its active interval where it does not fill — with
  /// the layer's clock as one affine map. An estimate for charging work, not for sampling:
  /// widened by a millionth of its times, it may count a boundary sample in, not a contributing
  /// one out.
  func contributionWindow(_ clock: (slope: Double, intercept: Double)) -> (
    from: Double, to: Double
  ) {
    var root = self
    while let parent = root.parent { root = parent }
    var from = root.addedAt
    var to = root.removal.time
    let timing = root.timing
    // Elapsed time e(t) = alpha·t + beta.
    let alpha = clock.slope * timing.speed
    let beta = (clock.intercept - timing.beginTime) * timing.speed
    let ad = root.activeDuration
    let forwardsEnds = !(timing.fillMode.fillsForwards && !root.removedOnCompletion)
    let backwardsEnds = !timing.fillMode.fillsBackwards
    if alpha > 0 {
      // e = 0 at -beta/alpha, e = AD at (AD - beta)/alpha.
      if backwardsEnds { from = max(from, -beta / alpha) }
      if forwardsEnds && ad.isFinite { to = min(to, (ad - beta) / alpha) }
    } else if alpha < 0 {
      if forwardsEnds && ad.isFinite { from = max(from, (ad - beta) / alpha) }
      if backwardsEnds { to = min(to, -beta / alpha) }
    }
    // (A NaN bound never narrows: max and min keep their first argument then.)
    let margin = 1e-6 * max(1, abs(from), to.isFinite ? abs(to) : 0)
    return (from - margin, to + margin)
  }
}
