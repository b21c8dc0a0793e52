/// Keyframe animations: the evaluator's value at the progress, and for `cumulative` the last
/// keyframe's value added per completed cycle.
final class KeyframeSource: ValueWriter {
  let evaluator: KeyframeEvaluator
  let cycleValue: [Double]?
  var valueType: ValueType? { evaluator.type }
  var progressIsTimingFunction: Bool { true }

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

  /// The column form: straight segments through `KeyframeSegments`.
  func writeStraight(
    _ progress: UnsafePointer<Double>, shown: UnsafePointer<Int>, count: Int,
    into out: UnsafeMutablePointer<Double>, width: Int
  ) -> Bool {
    guard let segments = evaluator.segments else { return false }
    segments.write(progress, shown: shown, count: count, into: out, width: width)
    return true
  }
}
