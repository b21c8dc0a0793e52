/// Keyframe animations: the evaluator's value at the progress, and for `cumulative` the last
/// keyframe's value added per completed cycle.
final class KeyframeSource: ValueWriter {
  let evaluator: KeyframeEvaluator
  let cycleValue: [Double]?

  init(_ evaluator: KeyframeEvaluator, cycleValue: [Double]?) {
    self.evaluator = evaluator
    self.cycleValue = cycleValue
  }

  func write(
    progress p: Double, _ lt: LocalTime, time: Double, into out: UnsafeMutablePointer<Double>
  ) {
    evaluator.write(p, into: out)
    if let cycleValue, lt.cycle != 0 {
      Cumulative.add(cycleValue, lt.cycle, evaluator.type, into: out)
    }
  }
}
