#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A keyframe animation made ready to sample (semantics.md §3.4): key times resolved (given, even,
/// or paced), per-segment interpolators, spline tangents and the paced modes' arc length
/// (`PacedCurve`) computed once.
final class KeyframeEvaluator: Sendable {
  typealias Mode = KeyframeValues.CalculationMode

  let mode: Mode
  let type: ValueType
  let values: [[Double]]
  /// N entries (N+1 for discrete), from 0 to 1.
  let keyTimes: [Double]
  let segmentFunctions: [TimingFunction?]
  let interpolators: [Interpolator]
  /// Kochanek–Bartels tangents: outgoing at keyframe i, incoming at keyframe i.
  let outgoing: [[Double]]
  let incoming: [[Double]]
  let path: KeyframePath?
  /// paced and cubicPaced: the path, or the cubic spline through the values, made ready to
  /// invert its arc length (semantics.md §3.4).
  let pacedCurve: PacedCurve?
  /// The values laid out for sampling a column when every segment is a straight line.
  let segments: KeyframeSegments?

  /// Problems that do not stop the animation (invalid keyTimes, ignored parameters).
  let warnings: [String]

  init(_ spec: KeyframeValues, type: ValueType) {
    mode = spec.calculationMode
    self.type = type
    path = spec.path
    var warnings: [String] = []
    let paced = mode == .paced || mode == .cubicPaced
    var values: [[Double]]
    if let path = spec.path {
      values =
        [[path.segments[0].p0.x, path.segments[0].p0.y]] + path.segments.map { [$0.p3.x, $0.p3.y] }
    } else {
      values = spec.values.map(\.components)
    }
    if type == .bool || type == .contents, mode != .discrete {
      warnings.append(
        "\(type) values cannot be interpolated; calculationMode \(mode.rawValue) is treated as discrete"
      )
    }
    self.values = values
    let n = values.count
    let effectiveMode: Mode = (type == .bool || type == .contents) ? .discrete : mode
    let expected = effectiveMode == .discrete ? n + 1 : n
    var times = spec.keyTimes
    if paced {
      if times != nil { warnings.append("keyTimes are ignored in \(mode.rawValue) mode") }
      if spec.timingFunctions != nil {
        warnings.append("timingFunctions are ignored in \(mode.rawValue) mode")
      }
      times = nil
    } else if let given = times {
      // semantics.md §3.4: keyTimes with the wrong count or not from 0 to 1 are ignored with a
      // warning.
      if given.count != expected || given.first != 0 || given.last != 1 {
        warnings.append(
          "keyTimes ignored: \(mode.rawValue) mode needs \(expected) entries from 0 to 1 (got \(given.count)); "
            + "using even spacing")
        times = nil
      }
    }
    // Arc length is integrated only where it is used: a paced path (semantics.md §3.4).
    let pathCurve = paced ? spec.path?.pacedCurve : nil
    if let times {
      keyTimes = times
    } else if paced {
      keyTimes = Self.pacedKeyTimes(values, segmentLengths: pathCurve?.segmentLengths)
    } else {
      let intervals = Double(effectiveMode == .discrete ? n : max(n - 1, 1))
      keyTimes = (0..<expected).map { Double($0) / intervals }
    }
    var functions: [TimingFunction?] = Array(repeating: nil, count: max(n - 1, 0))
    if !paced, let given = spec.timingFunctions {
      if given.count == n - 1 {
        functions = given
      } else {
        warnings.append(
          "timingFunctions ignored: needs \(n - 1) entries (one per segment), got \(given.count)")
      }
    }
    segmentFunctions = functions
    interpolators = (0..<max(n - 1, 0)).map {
      Interpolator(type: type, from: values[$0], to: values[$0 + 1])
    }
    if (mode == .cubic || mode == .cubicPaced) && type == .transform {
      warnings.append(
        "cubic modes interpolate transforms segment by segment (decomposed), as linear")
    }
    let cubic = (mode == .cubic || mode == .cubicPaced) && type != .transform && spec.path == nil
    if cubic {
      let tangentTimes =
        mode == .cubicPaced ? (0..<n).map { Double($0) / Double(max(n - 1, 1)) } : keyTimes
      (outgoing, incoming) = Self.kochanekBartels(
        values, times: tangentTimes, tension: spec.tensionValues, continuity: spec.continuityValues,
        bias: spec.biasValues)
    } else {
      if spec.tensionValues != nil || spec.continuityValues != nil || spec.biasValues != nil {
        warnings.append("tension, continuity and bias only apply to cubic modes")
      }
      (outgoing, incoming) = ([], [])
    }
    if mode == .cubicPaced && cubic {
      pacedCurve = Self.splineCurve(values, outgoing, incoming)
    } else if paced {
      pacedCurve = pathCurve
    } else {
      pacedCurve = nil
    }
    self.warnings = warnings
    let straight = path == nil && outgoing.isEmpty && effectiveMode != .discrete
    segments =
      straight
      ? KeyframeSegments(
        keyTimes: keyTimes, values: values, functions: functions, interpolators: interpolators)
      : nil
  }

  // MARK: Sampling

  /// Writes the value at animation progress `u` (after the animation's own timing function).
  func write(_ u: Double, into out: UnsafeMutablePointer<Double>) {
    let n = values.count
    if n == 1 {
      for i in 0..<values[0].count { out[i] = values[0][i] }
      return
    }
    if type == .bool || type == .contents || mode == .discrete {
      let index = min(lastIndex(atOrBefore: u), n - 1)
      if type == .contents {
        out[0] = values[index][0]
        out[1] = values[index][0]
        out[2] = 1
      } else {
        for i in 0..<values[index].count { out[i] = values[index][i] }
      }
      return
    }
    if let path {
      let (segment, s) = pathPosition(u)
      let p = path.segments[segment].point(s)
      out[0] = p.x
      out[1] = p.y
      return
    }
    if mode == .cubicPaced && !outgoing.isEmpty {
      let (segment, s) = arcPosition(u)
      hermite(segment, s, into: out)
      return
    }
    let (segment, local) = segmentPosition(u)
    if !outgoing.isEmpty {
      hermite(segment, local, into: out)
    } else {
      interpolators[segment].write(local, into: out)
    }
  }

  /// The path's direction at progress u, for rotationMode (semantics.md §3.4): atan2(dy, dx).
  func pathAngle(_ u: Double) -> Double {
    guard let path else { return 0 }
    let (segment, s) = pathPosition(u)
    let t = path.segments[segment].direction(s)
    return atan2(t.y, t.x)
  }

  private func lastIndex(atOrBefore u: Double) -> Int {
    keyTimes.withUnsafeBufferPointer { KeyframeSegments.lastIndex($0, atOrBefore: u) }
  }

  /// The segment holding u and the progress within it, after that segment's timing function.
  private func segmentPosition(_ u: Double) -> (Int, Double) {
    let segment = min(lastIndex(atOrBefore: u), values.count - 2)
    let width = keyTimes[segment + 1] - keyTimes[segment]
    var local = width > 0 ? (u - keyTimes[segment]) / width : 1
    if let f = segmentFunctions[segment] { local = f.evaluate(local) }
    return (segment, local)
  }

  private func pathPosition(_ u: Double) -> (Int, Double) {
    guard path != nil else { return (0, 0) }
    if mode == .paced || mode == .cubicPaced {
      // A path of no length stays on its first point.
      return pacedPosition(u) ?? (0, 0)
    }
    return segmentPosition(u)
  }

  /// cubicPaced values: the spline's segment and parameter at progress u by arc length.
  private func arcPosition(_ u: Double) -> (Int, Double) {
    pacedPosition(u) ?? segmentPosition(u)
  }

  /// The segment and its parameter at arc length u · total (u clamped to [0, 1]); nil when
  /// the curve has no length.
  private func pacedPosition(_ u: Double) -> (Int, Double)? {
    // Optional chaining, not binding: binding retains the curve at every sample.
    guard let (segment, s) = pacedCurve?.position(atFraction: u) else { return nil }
    return (segment, s)
  }

  private func hermite(_ segment: Int, _ s: Double, into out: UnsafeMutablePointer<Double>) {
    let s2 = s * s
    let s3 = s2 * s
    let h00 = 2 * s3 - 3 * s2 + 1
    let h10 = s3 - 2 * s2 + s
    let h01 = -2 * s3 + 3 * s2
    let h11 = s3 - s2
    let p0 = values[segment]
    let p1 = values[segment + 1]
    let m0 = outgoing[segment]
    let m1 = incoming[segment + 1]
    for i in 0..<p0.count { out[i] = h00 * p0[i] + h10 * m0[i] + h01 * p1[i] + h11 * m1[i] }
  }

  // MARK: Construction helpers

  static func distance(_ a: [Double], _ b: [Double]) -> Double {
    zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
  }

  /// Key times in proportion to the distance travelled (Euclidean; |Δ| for scalars; a path's
  /// segments by their arc length).
  static func pacedKeyTimes(_ values: [[Double]], segmentLengths: [Double]?) -> [Double] {
    var cumulative = [0.0]
    if let segmentLengths {
      for length in segmentLengths { cumulative.append(cumulative.last! + length) }
    } else {
      for i in 1..<max(values.count, 1) {
        cumulative.append(cumulative.last! + distance(values[i - 1], values[i]))
      }
    }
    let total = cumulative.last!
    guard total > 0 else {
      return (0..<cumulative.count).map { Double($0) / Double(max(cumulative.count - 1, 1)) }
    }
    return cumulative.map { $0 / total }
  }

  /// Kochanek–Bartels tangents; ◆ the end keyframes are duplicated (P₋₁ = P₀, Pₙ = Pₙ₋₁), and
  /// tangents are scaled for unequal key-time spacing.
  static func kochanekBartels(
    _ p: [[Double]], times: [Double], tension: [Double]?, continuity: [Double]?, bias: [Double]?
  ) -> ([[Double]], [[Double]]) {
    let n = p.count
    var outgoing: [[Double]] = []
    var incoming: [[Double]] = []
    for i in 0..<n {
      let previous = p[max(i - 1, 0)]
      let next = p[min(i + 1, n - 1)]
      let t = tension?[safe: i] ?? 0
      let c = continuity?[safe: i] ?? 0
      let b = bias?[safe: i] ?? 0
      let before = zip(p[i], previous).map { $0 - $1 }
      let after = zip(next, p[i]).map { $0 - $1 }
      let aOut = (1 - t) * (1 + c) * (1 + b) / 2
      let bOut = (1 - t) * (1 - c) * (1 - b) / 2
      let aIn = (1 - t) * (1 - c) * (1 + b) / 2
      let bIn = (1 - t) * (1 + c) * (1 - b) / 2
      var out = zip(before, after).map { aOut * $0 + bOut * $1 }
      var inn = zip(before, after).map { aIn * $0 + bIn * $1 }
      // Unequal spacing: the tangent of a segment is in units of that segment's duration.
      let left = i > 0 ? times[i] - times[i - 1] : (i + 1 < n ? times[i + 1] - times[i] : 1)
      let right = i + 1 < n ? times[i + 1] - times[i] : left
      if left + right > 0 {
        out = out.map { $0 * 2 * right / (left + right) }
        inn = inn.map { $0 * 2 * left / (left + right) }
      }
      outgoing.append(out)
      incoming.append(inn)
    }
    return (outgoing, incoming)
  }

  /// The cubic Hermite segments through the values with the spline's tangents, for arc length:
  /// P′(s) = m0 + (6(p1 − p0) − 4m0 − 2m1)·s + (6(p0 − p1) + 3(m0 + m1))·s² per component.
  static func splineCurve(_ p: [[Double]], _ outgoing: [[Double]], _ incoming: [[Double]])
    -> PacedCurve
  {
    let dimensions = p.first?.count ?? 0
    var derivative: [Double] = []
    derivative.reserveCapacity(max(p.count - 1, 0) * dimensions * 3)
    for segment in 0..<max(p.count - 1, 0) {
      for i in 0..<dimensions {
        let (p0, p1) = (p[segment][i], p[segment + 1][i])
        let (m0, m1) = (outgoing[segment][i], incoming[segment + 1][i])
        derivative += [m0, 6 * (p1 - p0) - 4 * m0 - 2 * m1, 6 * (p0 - p1) + 3 * (m0 + m1)]
      }
    }
    return PacedCurve(dimensions: dimensions, derivative: derivative)
  }
}

extension Array {
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
