/// Where animations begin a new iteration, in scene time, for marking on plots.
extension TimelinePlan {
  /// The scene times in `range` at which a top-level animation on the output's property starts
  /// a new cycle: where p = e + timeOffset crosses a multiple of duration × legs (semantics.md
  /// §1.2 step 4; an autoreversing cycle is two legs, so its turn is not a boundary), strictly
  /// inside its active duration (the ends are its didStart and didStop) and while it is
  /// attached. Animations inside groups are not marked: their iterations are in the group's
  /// warped time. Sorted, without duplicates; nil when there are more than `limit` (too dense
  /// to draw: more than one a pixel).
  public func iterationBoundaries(
    layer: Int, output: Int, of outputs: OutputPlan, in range: ClosedRange<Double>, limit: Int
  ) -> [Double]? {
    guard let track = outputs.layers[layer][output].track else { return [] }
    let (slope, intercept) = clocks[layer].affine
    var seen = Set<ObjectIdentifier>()
    var times: [Double] = []
    for step in tracks[track].steps {
      let animation = step.animation
      guard animation.parent == nil, seen.insert(ObjectIdentifier(animation)).inserted else {
        continue
      }
      let timing = animation.timing
      let alpha = slope * timing.speed
      let beta = (intercept - timing.beginTime) * timing.speed
      let cycle = timing.duration * (timing.autoreverses ? 2 : 1)
      guard alpha != 0, cycle > 0, cycle.isFinite else { continue }
      // Elapsed active time e = α·t + β over the plotted range, within (0, AD).
      let a = alpha * range.lowerBound + beta
      let b = alpha * range.upperBound + beta
      let low = max(min(a, b), 0)
      let high = min(max(a, b), animation.activeDuration)
      guard low < high else { continue }
      let first = ((low + timing.timeOffset) / cycle).rounded(.up)
      let last = ((high + timing.timeOffset) / cycle).rounded(.down)
      guard first.isFinite, last.isFinite, first <= last else { continue }
      guard last - first < Double(limit) else { return nil }
      var k = first
      while k <= last {
        let e = k * cycle - timing.timeOffset
        let t = (e - beta) / alpha
        if e > 0, e < animation.activeDuration, range.contains(t), animation.isAttached(at: t) {
          times.append(t)
        }
        k += 1
      }
      guard times.count <= limit else { return nil }
    }
    times.sort()
    var unique: [Double] = []
    for t in times where unique.last != t { unique.append(t) }
    return unique
  }
}
