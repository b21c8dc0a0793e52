import FuzzSupport
import TimingEngine

// SVG path data (a keyframe animation's `path`): parsing arbitrary text either throws or gives
// segments that the keyframe evaluator can measure and sample without trapping.
runFuzzer { input in
  let text = String(decoding: input, as: UTF8.self)
  guard let path = try? KeyframePath(svg: text) else { return }
  // Arc length (paced mode) is integrated over every segment: it must stay finite.
  var total = path.segmentLengths.reduce(0, +)
  for segment in path.segments {
    total += segment.point(0.5).x
    _ = segment.direction(0.5)
  }
  // Used, so that the optimizer keeps the measurements.
  if total == -1 { print(total) }
}
