/// `rotationMode` of a keyframe path: a rotation about z by the path's direction.
final class PathRotationSource: ValueWriter {
  let evaluator: KeyframeEvaluator
  let offset: Double
  var progressIsTimingFunction: Bool { true }

  init(_ evaluator: KeyframeEvaluator, offset: Double) {
    self.evaluator = evaluator
    self.offset = offset
  }

  func write(
    progress p: Double, _ lt: LocalTime, time: Double, into out: UnsafeMutablePointer<Double>
  ) {
    out[0] = evaluator.pathAngle(p) + offset
  }
}
