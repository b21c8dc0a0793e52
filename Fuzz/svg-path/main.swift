import FuzzSupport
import TimingEngine

// SVG path data (a keyframe animation's `path`): parsing arbitrary text either throws or gives
// segments that the keyframe evaluator can measure and sample without trapping.
runFuzzer { input in
  let text = String(decoding: input, as: UTF8.self)
  guard let path = try? KeyframePath(svg: text) else { return }
  var total = 0.0
  for segment in path.segments {
    total += segment.length()
    _ = segment.point(0.5)
    _ = segment.tangent(0.5)
  }
  // Used, so that the optimizer keeps the measurements.
  if total == -1 { print(total) }
}
