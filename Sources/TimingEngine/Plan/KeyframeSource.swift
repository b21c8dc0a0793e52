/// Keyframe animations: the evaluator's value at the progress, and for `cumulative` the last
/// keyframe's value added per completed cycle.
final class KeyframeSource: ValueWriter {
  let evaluator: KeyframeEvaluator
  let cycleValue: [Double]?
  var valueType: ValueType? { evaluator.type }

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

  /// The column form: straight segments through `KeyframeSegments`, anything else per sample.
  func write(
    progress: UnsafePointer<Double>, _ localTimes: UnsafePointer<LocalTime>,
    shown: UnsafePointer<Int>, count: Int, times: UnsafeBufferPointer<Double>,
    into out: UnsafeMutablePointer<Double>, width: Int
  ) {
    guard let segments = evaluator.segments else {
      return writeEach(
        progress: progress, localTimes, shown: shown, count: count, times: times, into: out,
        width: width)
    }
    segments.write(progress, shown: shown, count: count, into: out, width: width)
    guard let cycleValue else { return }
    Cumulative.add(
      cycleValue, localTimes, shown: shown, count: count, evaluator.type, into: out,
      width: width)
  }
}
