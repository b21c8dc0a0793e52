/// Transitions: the progress and where the incoming and outgoing content are
/// (`TransitionGeometry`).
final class TransitionSource: ValueWriter {
  let style: TransitionStyle
  var progressIsTimingFunction: Bool { true }

  init(_ style: TransitionStyle) { self.style = style }

  func write(
    progress p: Double, _ lt: LocalTime, time: Double, into out: UnsafeMutablePointer<Double>
  ) {
    TransitionGeometry.write(style, progress: p, into: out)
  }
}
