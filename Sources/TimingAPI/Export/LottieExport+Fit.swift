import TimingEngine

/// The fit (docs/export.md "Lottie"): each animated property as the fewest keyframes whose
/// segments — straight, one of Core Animation's own curves, or a Bézier fitted to a spring —
/// stay within the property's bound at every sample, held where the property only jumps.
extension LottieExport {
  struct Keyframe: Sendable {
    /// The frame, from the window's start.
    let frame: Double
    let value: [Double]
    /// How the segment to the next keyframe runs.
    let easing: Easing
  }

  /// A segment's easing: Lottie's handles `o` = (x1, y1), `i` = (x2, y2), one curve for every
  /// dimension, or held (`h: 1`).
  enum Easing: Sendable, Equatable {
    case linear
    case hold
    /// The curve, solved once: its coefficients are made when it is chosen, not per sample.
    case curve(CubicBezier)

    /// The progress at the fraction `x` of the segment.
    func progress(_ x: Double) -> Double {
      switch self {
      case .linear: x
      case .hold: x < 1 ? 0 : 1
      case .curve(let bezier): bezier.solve(x)
      }
    }
  }

  /// What the keyframes of one property may use besides straight segments: Core Animation's
  /// own curves (those of the animations that alone drive its sources, each also reversed,
  /// for autoreversing legs) with the frames where their segments end, and whether to fit a
  /// Bézier to a segment (for a spring, which has no curve of its own).
  struct Easings: Sendable {
    var curves: [CubicBezier] = []
    /// Sample indices where a Core Animation segment starts or ends.
    var breaks: Set<Int> = []
    var fitsSprings = false

    /// The curves and breaks of the animations among `drives` that alone drive a property.
    init(_ drives: [PropertyDrive], times: [Double]) {
      for drive in drives {
        guard case .sole(let animation) = drive else { continue }
        var functions: [TimingFunction] = []
        switch animation.easing {
        case .spring: fitsSprings = true
        case .function(let function):
          if let function { functions.append(function) }
          // Keyframe segments' own curves count only where the iteration itself is linear.
          if function == nil || function?.controlPoints.map({ $0 == (0, 0, 1, 1) }) == true {
            functions += animation.keyframes.compactMap(\.timingFunction)
          }
        }
        for function in functions {
          guard let (x1, y1, x2, y2) = function.controlPoints else { continue }
          for curve in [CubicBezier(x1, y1, x2, y2), CubicBezier(1 - x2, 1 - y2, 1 - x1, 1 - y1)]
          where curves.count < LottieExport.maxCurves && !curves.contains(curve) {
            curves.append(curve)
          }
        }
        breaks.formUnion(
          LottieExport.breaks(animation, keyTimes: animation.keyframes.map(\.keyTime), times: times)
        )
      }
    }

    init() {}
  }

  /// One property of one layer: its value when still, its keyframes when it moves.
  struct Track: Sendable {
    let property: LottieProperty
    /// Still: the one value. Animated: the keyframes (two or more).
    let keyframes: [Keyframe]
    /// The bound it was fitted within and the largest error at any sample, in its own unit
    /// (rotation in degrees), with the bound's unit.
    let bound: Double
    let maxError: Double
    var animated: Bool { keyframes.count > 1 }
  }

  /// The bound of a property, in its own units.
  static func bound(_ property: LottieProperty, _ bounds: ExportBounds) -> Double {
    bounds.bound(property.unit) * property.scale
  }

  /// The sample indices at which an animation's keyframe segments start and end, for each
  /// iteration in the window, forward and (autoreversing) back; none where its own clock is
  /// not plain (speed 1, no offset), where segments need not fall on samples.
  static func breaks(_ animation: SoleAnimation, keyTimes: [Double], times: [Double]) -> [Int] {
    let timing = animation.timing
    guard timing.speed == 1, timing.timeOffset == 0, timing.duration > 0, !times.isEmpty else {
      return []
    }
    let iterations = Int(min(max(timing.repeatCount.rounded(.up), 1), 1000))
    var out: [Int] = []
    var legs: [Double] = []
    // Only the legs inside the window, and at most `maxBreaks` of their ends.
    iterationLoop: for iteration in 0..<iterations {
      for leg in (timing.autoreverses ? [0.0, 1] : [0]) {
        let start =
          timing.beginTime + (Double(iteration) * (timing.autoreverses ? 2 : 1) + leg)
          * timing.duration
        guard start <= times[times.count - 1] else { break iterationLoop }
        guard start + timing.duration >= times[0] else { continue }
        legs += keyTimes.map { start + (leg == 1 ? 1 - $0 : $0) * timing.duration }
        if legs.count > maxBreaks { break iterationLoop }
      }
    }
    for t in legs {
      // The sample at that time, if there is one.
      var lo = 0
      var hi = times.count - 1
      while lo < hi {
        let mid = (lo + hi) / 2
        if times[mid] < t { lo = mid + 1 } else { hi = mid }
      }
      if abs(times[lo] - t) <= 1e-9 * max(1, abs(t)) { out.append(lo) }
    }
    return out
  }

  /// Core Animation curves a property's segments may try (each also reversed): more than a few
  /// would only multiply the work of every segment.
  static let maxCurves = 8
  /// The segment ends an animation's keyframes give that are looked at.
  static let maxBreaks = 10_000
  /// Bézier fits an export tries, and the longest segment fitted: each fit is 36 least-squares
  /// passes over its samples, so an export spends at most 400 × 36 × 64 solves on them
  /// (docs/performance.md "Lottie export"); past that, springs get straight segments.
  static let maxCurveFits = 400
  static let maxFitSpan = 64

  /// The fewest keyframes of `values` (`componentCount` numbers a sample) whose segments — each
  /// straight, or one of `easings`' curves, or a fitted Bézier for a spring — are within
  /// `bound` at every sample; held keyframes at each change where the property only jumps.
  static func fit(
    _ property: LottieProperty, _ values: [Double], frames: [Double], bound: Double, held: Bool,
    easings: Easings = Easings(), curveFits: inout Int
  ) -> Track {
    let w = property.componentCount
    let n = frames.count
    func value(_ i: Int) -> [Double] { Array(values[(i * w)..<((i + 1) * w)]) }
    /// Whether samples i and j hold the same value (compared in place).
    func same(_ i: Int, _ j: Int) -> Bool {
      (0..<w).allSatisfy { values[i * w + $0] == values[j * w + $0] }
    }
    // Within the bound of its first value at every sample, the property is that value: a
    // rotation's scale read back from cos and sin differs from 100 % by rounding (1e-14), which
    // an exact comparison wrote as a track of keyframes that do not change.
    var stillError = 0.0
    for k in 0..<(n * w) {
      let deviation = abs(values[k] - values[k % w])
      // A NaN is no value to hold: the track stays animated, as an exact comparison had it.
      guard deviation <= bound else {
        stillError = .infinity
        break
      }
      stillError = max(stillError, deviation)
    }
    if stillError <= bound || n < 2 {
      return Track(
        property: property, keyframes: [Keyframe(frame: 0, value: value(0), easing: .linear)],
        bound: bound, maxError: n < 2 ? 0 : stillError)
    }
    if held {
      // A keyframe where the value changes, held until the next: exact at every sample.
      var keyframes = [Keyframe(frame: frames[0], value: value(0), easing: .hold)]
      for i in 1..<n where !same(i, i - 1) {
        keyframes.append(Keyframe(frame: frames[i], value: value(i), easing: .hold))
      }
      keyframes.append(Keyframe(frame: frames[n - 1], value: value(n - 1), easing: .linear))
      return Track(property: property, keyframes: keyframes, bound: bound, maxError: 0)
    }
    let range = property.range
    /// The largest error of segment i → j run with `easing`, stopping past `limit`; infinite
    /// where it leaves the property's range (rlottie draws nothing for a roundness of −0.01).
    func error(_ i: Int, _ j: Int, _ easing: Easing, limit: Double = .infinity) -> Double {
      var worst = 0.0
      for k in (i + 1)..<j {
        let y = easing.progress((frames[k] - frames[i]) / (frames[j] - frames[i]))
        for c in 0..<w {
          let line = values[i * w + c] + (values[j * w + c] - values[i * w + c]) * y
          guard range.contains(line) else { return .infinity }
          worst = max(worst, abs(line - values[k * w + c]))
        }
        if worst > limit { return worst }
      }
      return worst
    }
    let candidates = [Easing.linear] + easings.curves.map(Easing.curve)
    /// What each segment looked at was found to take, so that the keyframes reuse it (and a
    /// spent fit cap cannot turn a fitted segment straight afterwards).
    var found: [Int: Easing?] = [:]
    /// The first easing that keeps segment i → j within the bound.
    func easing(_ i: Int, _ j: Int) -> Easing? {
      if j == i + 1 { return .linear }
      let key = i * n + j
      if let known = found[key] { return known }
      var chosen: Easing?
      for candidate in candidates where error(i, j, candidate, limit: bound) <= bound {
        chosen = candidate
        break
      }
      if chosen == nil && easings.fitsSprings && curveFits > 0 && j - i <= Self.maxFitSpan {
        curveFits -= 1
        if let fitted = fitCurve(i, j), error(i, j, fitted, limit: bound) <= bound {
          chosen = fitted
        }
      }
      found[key] = chosen
      return chosen
    }
    /// A Bézier through the segment's progress by least squares on y for each (x1, x2) on a
    /// 0.2 grid, the one with the smallest largest error (a spring's segment between turns).
    func fitCurve(_ i: Int, _ j: Int) -> Easing? {
      let c = (0..<w).max {
        abs(values[j * w + $0] - values[i * w + $0]) < abs(values[j * w + $1] - values[i * w + $1])
      }!
      let span = values[j * w + c] - values[i * w + c]
      guard span != 0 else { return nil }
      let points = ((i + 1)..<j).map {
        (
          (frames[$0] - frames[i]) / (frames[j] - frames[i]),
          (values[$0 * w + c] - values[i * w + c]) / span
        )
      }
      var best: (Easing, Double)?
      for a in 0...5 {
        for b in 0...5 {
          let (x1, x2) = (Double(a) / 5, Double(b) / 5)
          let shape = CubicBezier(x1, 0, x2, 1)
          // y(s) = 3(1−s)²s·y1 + 3(1−s)s²·y2 + s³: linear in (y1, y2).
          var (saa, sab, sbb, sar, sbr) = (0.0, 0.0, 0.0, 0.0, 0.0)
          for (x, y) in points {
            let t = shape.solveParameter(forX: x)
            let (p, q, r) = (3 * (1 - t) * (1 - t) * t, 3 * (1 - t) * t * t, t * t * t)
            saa += p * p
            sab += p * q
            sbb += q * q
            sar += p * (y - r)
            sbr += q * (y - r)
          }
          let det = saa * sbb - sab * sab
          guard abs(det) > 1e-12 else { continue }
          let y1 = (sar * sbb - sbr * sab) / det
          let y2 = (sbr * saa - sar * sab) / det
          guard y1.isFinite, y2.isFinite, abs(y1) < 100, abs(y2) < 100 else { continue }
          let candidate = Easing.curve(CubicBezier(x1, y1, x2, y2))
          let worst = error(i, j, candidate, limit: best?.1 ?? .infinity)
          if worst < (best?.1 ?? .infinity) { best = (candidate, worst) }
        }
      }
      return best?.0
    }
    // Core Animation's segments end where the animation's keyframes fall: a curve fits there
    // and not short of it, which the greedy reach (doubling, then bisection) can step over, so
    // from each kept sample the farthest break that fits is taken too.
    let breaks = easings.breaks.sorted()
    var kept = [0]
    var i = 0
    while i < n - 1 {
      var next = KeyframeFit.reach(from: i, count: n) { easing($0, $1) != nil }
      // The breaks past it, nearest first, while they fit.
      var b = Self.firstAbove(next, in: breaks)
      while b < breaks.count, easing(i, breaks[b]) != nil {
        next = breaks[b]
        b += 1
      }
      kept.append(next)
      i = next
    }
    var keyframes: [Keyframe] = []
    var worst = 0.0
    for (i, j) in zip(kept, kept.dropFirst()) {
      let chosen = easing(i, j) ?? .linear
      worst = max(worst, j > i + 1 ? error(i, j, chosen) : 0)
      keyframes.append(Keyframe(frame: frames[i], value: value(i), easing: chosen))
    }
    keyframes.append(Keyframe(frame: frames[n - 1], value: value(n - 1), easing: .linear))
    return Track(property: property, keyframes: keyframes, bound: bound, maxError: worst)
  }

  /// The index of the first of `sorted` above `value` (binary search: an export may have
  /// 100 000 keyframes and 10 000 breaks).
  static func firstAbove(_ value: Int, in sorted: [Int]) -> Int {
    var lo = 0
    var hi = sorted.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if sorted[mid] <= value { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }
}
