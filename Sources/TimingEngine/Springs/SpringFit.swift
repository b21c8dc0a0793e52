#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The damped spring closest to a motion's samples (docs/fit.md): the damping ratio ζ, the
/// undamped angular frequency ω₀ and the initial velocity v₀ (a fraction of the distance per
/// second) whose progress 1 − x(t) — the oscillator of semantics.md §3.5 from rest or moving,
/// over-, under- or critically damped — has the least sum of squared differences from the
/// samples' progress. The sum is smooth in the parameters, so it is minimized by
/// Levenberg–Marquardt on (ln ζ, ln ω₀, v₀/ω₀) — logarithms keep ζ and ω₀ positive and scale
/// them alike, v₀/ω₀ is v₀ in the spring's own time — from the best few of a grid of starts (ζ
/// from 0.1 to 3, ω₀ such that the spring settles between a quarter and four times the clip);
/// each step's Jacobian by central differences.
public struct SpringFit: Sendable {
  public let dampingRatio: Double
  public let angularFrequency: Double
  public let initialVelocity: Double
  /// Root mean square and largest |fitted − sample|, in progress (fractions of the distance).
  public let rms: Double
  public let maxResidual: Double
  /// ∂progress(tᵢ)/∂(ζ, ω₀, v₀) at the fit, a row per sample: what the parameters' intervals
  /// are made from (`SpringFit.intervals`).
  public let jacobian: [[Double]]

  /// The spring as Core Animation states it (mass 1).
  public var curve: SpringCurve {
    SpringCurve(
      mass: 1, stiffness: angularFrequency * angularFrequency,
      damping: 2 * dampingRatio * angularFrequency, initialVelocity: initialVelocity)
  }

  /// Starts tried (`gridStarts`) and refined (`refinedStarts`), and Levenberg–Marquardt's steps
  /// at most per start.
  static let refinedStarts = 3
  /// Passes over the samples the refinements may make (an attacker's straight ramp of 19 000
  /// samples ran every step allowed, 1.8 s): 450 for the least squares after the grid's 40, 700
  /// for the minimax's reweightings — about 20 and 30 µs a sample in release, under what a sample
  /// is charged (`workPerSample`, `minimaxWorkPerSample`).
  static let leastSquaresPasses = 450
  static let minimaxPasses = 700
  /// Reweightings toward the minimax fit: its largest residual stops falling by 1 % well before
  /// (Material's spring rounded to 3 decimals: within half a step after 6).
  static let lawsonRounds = 15
  static let maxSteps = 200
  /// The ranges the search keeps to: ζ in [1e-3, 1e3] and ω₀ in [1e-3, 1e4] rad/s, inside the
  /// spring ranges Core Animation runs (stiffness ω₀² to 1e8 is beyond its 1e6 only for the
  /// stiffest; the answer says so where it converts).
  static let zetaRange = 1e-3...1e3
  static let omegaRange = 1e-3...1e4

  /// Work units one fit takes a sample (the grid and the refinements, each a spring evaluated
  /// at every sample a few hundred times).
  public static let workPerSample = 3_000
  /// And the minimax's reweightings besides (a 10 000-stop `linear()`: 0.65 s with 30 rounds).
  public static let minimaxWorkPerSample = 4_000

  /// `times` in seconds from the motion's start (the first sample), increasing; `progress` the
  /// samples' (value − from) / (to − from). At least 3 samples, and a span > 0.
  /// With `minimax`, the least squares are then reweighted (Lawson's rule, each weight times its
  /// residual) toward the smallest largest residual: for samples rounded to a known step, whose
  /// errors are bounded rather than random, so that the spring found passes every sample within
  /// half a step whenever one does.
  public init(times: [Double], progress: [Double], minimax: Bool = false) {
    let span = times.last! - times.first!
    func residuals(_ theta: [Double]) -> [Double] {
      let zeta = exp(theta[0])
      let omega = exp(theta[1])
      let spring = SpringCurve(
        mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega,
        initialVelocity: theta[2] * omega)
      var out = [Double](repeating: 0, count: times.count)
      for i in times.indices {
        let t = times[i] - times[0]
        out[i] = (t <= 0 ? 0 : 1 - spring.displacement(t)) - progress[i]
      }
      return out
    }
    func cost(_ r: [Double]) -> Double { r.reduce(0) { $0 + $1 * $1 } }
    // The grid: ζ, and ω₀ from the settling time it gives (about 6.9/(ζω₀) underdamped,
    // longer overdamped) against the clip's span.
    var starts: [([Double], Double)] = []
    for zeta in [0.1, 0.3, 0.5, 0.7, 0.9, 1.0, 1.5, 3.0] {
      for fraction in [0.25, 0.5, 1.0, 2.0, 4.0] {
        let settling = span * fraction
        let omega =
          zeta < 1
          ? 6.9 / (zeta * settling) : 6.9 * (zeta + (zeta * zeta - 1).squareRoot()) / settling
        let theta = [
          log(zeta), log(min(max(omega, Self.omegaRange.lowerBound), Self.omegaRange.upperBound)),
          0,
        ]
        starts.append((theta, cost(residuals(theta))))
      }
    }
    starts.sort { $0.1 < $1.1 }
    var best = starts[0]
    var passes = Self.leastSquaresPasses
    for (start, _) in starts.prefix(Self.refinedStarts) {
      let refined = Self.levenbergMarquardt(start, residuals: residuals, passes: &passes)
      if refined.1 < best.1 { best = refined }
    }
    if minimax {
      var weights = [Double](repeating: 1, count: times.count)
      var minimaxPasses = Self.minimaxPasses
      var theta = best.0
      var bestMax = residuals(theta).map(abs).max() ?? 0
      var chosen = theta
      for _ in 0..<Self.lawsonRounds {
        let w = weights
        let weighted: ([Double]) -> [Double] = { theta in
          zip(residuals(theta), w).map { $0 * $1.squareRoot() }
        }
        guard minimaxPasses >= 7 else { break }
        theta = Self.levenbergMarquardt(theta, residuals: weighted, passes: &minimaxPasses).0
        minimaxPasses -= 1
        let r = residuals(theta)
        let largest = r.map(abs).max() ?? 0
        if largest < bestMax {
          bestMax = largest
          chosen = theta
        }
        var total = 0.0
        for i in weights.indices {
          weights[i] *= abs(r[i]) + 1e-300
          total += weights[i]
        }
        guard total > 0, total.isFinite else { break }
        for i in weights.indices { weights[i] *= Double(weights.count) / total }
      }
      best = (chosen, cost(residuals(chosen)))
    }
    let theta = best.0
    let zeta = exp(theta[0])
    let omega = exp(theta[1])
    dampingRatio = zeta
    angularFrequency = omega
    initialVelocity = theta[2] * omega
    let r = residuals(theta)
    rms = (cost(r) / Double(r.count)).squareRoot()
    maxResidual = r.map(abs).max() ?? 0
    // ∂/∂(ζ, ω₀, v₀) from ∂/∂(ln ζ, ln ω₀, v₀/ω₀) by the chain rule, at the fit.
    let jTheta = Self.jacobian(theta, residuals: residuals)
    jacobian = jTheta.map { row in
      [row[0] / zeta, row[1] / omega - row[2] * theta[2] / omega, row[2] / omega]
    }
  }

  /// Each parameter's half-width: with Gaussian noise of standard deviation `sigma` (progress
  /// units), 1.96 standard deviations of the linearized least-squares estimate; with values
  /// rounded to `quantum`, the largest change that rounding (each error at most quantum / 2)
  /// can make in that estimate, to first order. nil where the samples do not determine the
  /// parameters at all (a singular normal matrix).
  public func halfWidths(sigma: Double?, quantum: Double?) -> [Double]? {
    var m = [[Double]](repeating: [0, 0, 0], count: 3)
    for row in jacobian {
      for a in 0..<3 { for b in 0..<3 { m[a][b] += row[a] * row[b] } }
    }
    guard let inverse = Self.inverse3(m) else { return nil }
    var widths = [0.0, 0.0, 0.0]
    if let sigma {
      for k in 0..<3 { widths[k] = 1.96 * sigma * max(inverse[k][k], 0).squareRoot() }
    }
    if let quantum {
      for k in 0..<3 {
        var sum = 0.0
        for row in jacobian {
          sum += abs(inverse[k][0] * row[0] + inverse[k][1] * row[1] + inverse[k][2] * row[2])
        }
        widths[k] = max(widths[k], sum * quantum / 2)
      }
    }
    return widths
  }

  /// `passes`: evaluations of the residuals left (each a pass over every sample); the search
  /// stops, with the best found, when they run out, so the work is bounded whatever the data.
  static func levenbergMarquardt(
    _ start: [Double], residuals: ([Double]) -> [Double], passes: inout Int
  ) -> ([Double], Double) {
    var theta = start
    var r = residuals(theta)
    passes -= 1
    var current = r.reduce(0) { $0 + $1 * $1 }
    var lambda = 1e-3
    for _ in 0..<maxSteps {
      guard passes >= 7 else { break }
      let j = jacobian(theta, residuals: residuals)
      passes -= 6
      var a = [[Double]](repeating: [0, 0, 0], count: 3)
      var g = [0.0, 0.0, 0.0]
      for (row, ri) in zip(j, r) {
        for p in 0..<3 {
          g[p] += row[p] * ri
          for q in 0..<3 { a[p][q] += row[p] * row[q] }
        }
      }
      var improved = false
      for _ in 0..<20 {
        var damped = a
        for p in 0..<3 { damped[p][p] += lambda * max(a[p][p], 1e-12) }
        guard let inverse = inverse3(damped) else {
          lambda *= 10
          continue
        }
        guard passes > 0 else { return (theta, current) }
        var next = theta
        for p in 0..<3 {
          next[p] -= inverse[p][0] * g[0] + inverse[p][1] * g[1] + inverse[p][2] * g[2]
        }
        next[0] = min(max(next[0], log(zetaRange.lowerBound)), log(zetaRange.upperBound))
        next[1] = min(max(next[1], log(omegaRange.lowerBound)), log(omegaRange.upperBound))
        next[2] = min(max(next[2], -1e3), 1e3)
        let nr = residuals(next)
        passes -= 1
        let cost = nr.reduce(0) { $0 + $1 * $1 }
        if cost.isFinite && cost < current {
          let change = zip(next, theta).map { abs($0 - $1) }.max() ?? 0
          theta = next
          r = nr
          let gain = current - cost
          current = cost
          lambda = max(lambda / 10, 1e-12)
          improved = true
          if change < 1e-13 || gain <= 1e-30 + 1e-15 * cost { return (theta, current) }
          break
        }
        lambda *= 10
      }
      if !improved { break }
    }
    return (theta, current)
  }

  /// Central differences of the residuals.
  static func jacobian(_ theta: [Double], residuals: ([Double]) -> [Double]) -> [[Double]] {
    var columns: [[Double]] = []
    for p in 0..<3 {
      let h = 1e-6 * max(1, abs(theta[p]))
      var up = theta
      var down = theta
      up[p] += h
      down[p] -= h
      let (a, b) = (residuals(up), residuals(down))
      columns.append(zip(a, b).map { ($0 - $1) / (2 * h) })
    }
    return (0..<columns[0].count).map { i in [columns[0][i], columns[1][i], columns[2][i]] }
  }

  /// The inverse of a symmetric 3 × 3 matrix; nil when it is singular to double precision.
  static func inverse3(_ m: [[Double]]) -> [[Double]]? {
    let c00 = m[1][1] * m[2][2] - m[1][2] * m[2][1]
    let c01 = m[1][2] * m[2][0] - m[1][0] * m[2][2]
    let c02 = m[1][0] * m[2][1] - m[1][1] * m[2][0]
    let det = m[0][0] * c00 + m[0][1] * c01 + m[0][2] * c02
    let scale = max(abs(m[0][0]), abs(m[1][1]), abs(m[2][2]))
    guard det.isFinite, abs(det) > 1e-15 * scale * scale * scale, scale > 0 else { return nil }
    let inv = 1 / det
    return [
      [
        c00 * inv, (m[0][2] * m[2][1] - m[0][1] * m[2][2]) * inv,
        (m[0][1] * m[1][2] - m[0][2] * m[1][1]) * inv,
      ],
      [
        c01 * inv, (m[0][0] * m[2][2] - m[0][2] * m[2][0]) * inv,
        (m[0][2] * m[1][0] - m[0][0] * m[1][2]) * inv,
      ],
      [
        c02 * inv, (m[0][1] * m[2][0] - m[0][0] * m[2][1]) * inv,
        (m[0][0] * m[1][1] - m[0][1] * m[1][0]) * inv,
      ],
    ]
  }
}
