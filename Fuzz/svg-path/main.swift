import FuzzSupport
import TimingEngine

// SVG path data (a keyframe animation's `path`): parsing arbitrary text either throws or gives
// segments whose points, tangents and directions are finite. Measuring a path by arc length
// (paced modes) is internal to the engine and fuzzed through the service target's timelines.
runFuzzer { input in
  let text = String(decoding: input, as: UTF8.self)
  guard let path = try? KeyframePath(svg: text) else { return }
  for segment in path.segments {
    for s in [0, 0.5, 1.0] {
      let point = segment.point(s)
      require(point.x.isFinite && point.y.isFinite, "a path point is not finite")
      _ = segment.tangent(s)
      _ = segment.direction(s)
    }
  }
}
