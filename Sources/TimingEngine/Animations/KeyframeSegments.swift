/// A keyframe animation whose value is a straight line between plain values in each segment
/// (linear or paced values, no path, no spline, no transform decomposed between its ends — a
/// transform with a singular end interpolates element-wise and is laid out), laid out flat for
/// sampling a whole column: the keyframe's values row by row and each segment's difference, the
/// same numbers `KeyframeEvaluator`'s per-segment `Interpolator`s hold.
///
/// A column's progress mostly moves forward through the key times, so the segment is found by
/// checking the previous sample's first and searching only when that misses — one or two
/// comparisons per sample instead of a search through the key times (the search and the call
/// per sample were 12 % of the standard scene's sampling).
struct KeyframeSegments: Sendable {
  let keyTimes: [Double]
  /// N values of `components` each.
  let values: [Double]
  /// N − 1 differences, values[i + 1] − values[i].
  let deltas: [Double]
  let functions: [TimingFunction?]
  let components: Int

  /// Nil when a segment's value is not a straight line between two plain values, or the key
  /// times decrease (the wire forbids it; a cursor assumes it).
  init?(
    keyTimes: [Double], values: [[Double]], functions: [TimingFunction?],
    interpolators: [Interpolator]
  ) {
    guard values.count >= 2, keyTimes.count == values.count,
      interpolators.allSatisfy({ if case .linear = $0.mode { true } else { false } }),
      zip(keyTimes, keyTimes.dropFirst()).allSatisfy({ $0 <= $1 })
    else { return nil }
    let components = values[0].count
    guard values.allSatisfy({ $0.count == components }) else { return nil }
    self.components = components
    self.keyTimes = keyTimes
    self.values = values.flatMap { $0 }
    deltas = interpolators.flatMap(\.delta)
    self.functions = functions
  }

  /// The value at each of `count` progress values into row `shown[k]` of `out` (`width`
  /// apart): what `KeyframeEvaluator.write` gives, bit for bit — the same segment (the last
  /// key time at or before u, at most the last segment), the same operations.
  func write(
    _ progress: UnsafePointer<Double>, shown: UnsafePointer<Int>, count: Int,
    into out: UnsafeMutablePointer<Double>, width: Int
  ) {
    let last = keyTimes.count - 2
    let c = components
    keyTimes.withUnsafeBufferPointer { kt in
      values.withUnsafeBufferPointer { v in
        deltas.withUnsafeBufferPointer { d in
          var segment = 0
          for k in 0..<count {
            let u = progress[k]
            // The previous sample's segment holds u when u is at or after its start (or it is
            // the first) and before the next key time (or it is the last). NaN fails both, and
            // the search puts it in the first segment, as `KeyframeEvaluator` does.
            if !((segment == 0 || kt[segment] <= u) && (segment == last || u < kt[segment + 1])) {
              segment = min(Self.lastIndex(kt, atOrBefore: u), last)
            }
            let span = kt[segment + 1] - kt[segment]
            var local = span > 0 ? (u - kt[segment]) / span : 1
            if let f = functions[segment] { local = f.evaluate(local) }
            let row = out + shown[k] * width
            if local == 1 {
              for j in 0..<c { row[j] = v[(segment + 1) * c + j] }
            } else {
              for j in 0..<c { row[j] = v[segment * c + j] + d[segment * c + j] * local }
            }
          }
        }
      }
    }
  }

  /// The last index whose key time is at or before u; 0 if none.
  static func lastIndex(_ kt: UnsafeBufferPointer<Double>, atOrBefore u: Double) -> Int {
    var lo = 0
    var hi = kt.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if kt[mid] <= u { lo = mid + 1 } else { hi = mid }
    }
    return max(lo - 1, 0)
  }
}
