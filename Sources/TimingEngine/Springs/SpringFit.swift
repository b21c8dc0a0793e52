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
  /// are made from (`halfWidths`).
  public let jacobian: [[Double]]
  /// Each sample's largest error, when the samples are rounded (progress units), and the largest
  /// |fitted − sample| over it: at most 1 when the spring passes every sample within its bound.
  public let bounds: [Double]?
  public let maxOverBound: Double?
  /// The samples, for the ranges that fit equally (`range(of:)`).
  let times: [Double]
  let progress: [Double]
  /// θ = (ln ζ, ln ω₀, v₀/ω₀) at the fit.
  let theta: [Double]

  /// The three parameters, in θ's order.
  public enum Parameter: Int, CaseIterable, Sendable {
    case dampingRatio, angularFrequency, initialVelocity
  }

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
  /// |v₀/ω₀| at most: a thousand distances per radian.
  static let velocityRange = 1e3

  /// Work units one fit takes a sample (the grid and the refinements, each a spring evaluated
  /// at every sample a few hundred times).
  public static let workPerSample = 3_000
  /// And the minimax's reweightings besides (a 10 000-stop `linear()`: 0.65 s with 30 rounds).
  public static let minimaxWorkPerSample = 4_000
  /// Spring evaluations the ranges that fit equally share (`range(of:)`, for the parameters the
  /// data leave undetermined): 400 passes over 500 samples or more, more passes over fewer (10
  /// samples need ~2 000 passes for two parameters both ways; they get 20 000), and their work
  /// at the least squares' rate per evaluation, charged for at least 1 000 samples (a pass over
  /// few samples costs more than its evaluations: 10 samples' 20 000 passes took 15 ms).
  public static let profileEvaluations = 200_000
  public static let profileWorkPerSample = 2_700
  public static let profileChargedSamples = 1_000
  /// Passes over `samples` samples the profiles share.
  public static func profilePasses(samples: Int) -> Int { max(400, profileEvaluations / samples) }

  /// `times` in seconds from the motion's start (the first sample), increasing; `progress` the
  /// samples' (value − from) / (to − from). At least 3 samples, and a span > 0.
  /// With `bounds` (each sample's largest error, for samples rounded to a known step, whose
  /// errors are bounded rather than random), each residual is taken over its bound and the
  /// least squares are then reweighted (Lawson's rule, each weight times its residual) toward
  /// the smallest largest of them, so that the spring found passes every sample within its
  /// bound whenever one does.
  public init(times: [Double], progress: [Double], bounds: [Double]? = nil) {
    self.times = times
    self.progress = progress
    self.bounds = bounds
    let span = times.last! - times.first!
    // The residuals the search sees: over each sample's bound, times the smallest bound so that
    // equal bounds leave them as they are.
    let scales = bounds.map { b in
      let smallest = b.min() ?? 1
      return b.map { smallest / $0 }
    }
    let residuals = { (theta: [Double]) in
      Self.residuals(theta, times: times, progress: progress, scales: scales)
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
      let refined = Self.levenbergMarquardt(
        start, residuals: residuals, clamp: Self.clamp, passes: &passes)
      if refined.1 < best.1 { best = refined }
    }
    if bounds != nil {
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
        theta =
          Self.levenbergMarquardt(
            theta, residuals: weighted, clamp: Self.clamp, passes: &minimaxPasses
          ).0
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
    self.theta = theta
    let zeta = exp(theta[0])
    let omega = exp(theta[1])
    dampingRatio = zeta
    angularFrequency = omega
    initialVelocity = theta[2] * omega
    let r = Self.residuals(theta, times: times, progress: progress, scales: nil)
    rms = (cost(r) / Double(r.count)).squareRoot()
    maxResidual = r.map(abs).max() ?? 0
    maxOverBound = bounds.map { b in zip(r, b).map { abs($0) / $1 }.max() ?? 0 }
    // ∂/∂(ζ, ω₀, v₀) from ∂/∂(ln ζ, ln ω₀, v₀/ω₀) by the chain rule, at the fit.
    let jTheta = Self.jacobian(theta) {
      Self.residuals($0, times: times, progress: progress, scales: nil)
    }
    jacobian = jTheta.map { row in
      [row[0] / zeta, row[1] / omega - row[2] * theta[2] / omega, row[2] / omega]
    }
  }

  /// fitted − sample at each sample for θ = (ln ζ, ln ω₀, v₀/ω₀), each times its scale if any.
  static func residuals(
    _ theta: [Double], times: [Double], progress: [Double], scales: [Double]?
  ) -> [Double] {
    let zeta = exp(theta[0])
    let omega = exp(theta[1])
    let spring = SpringCurve(
      mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega,
      initialVelocity: theta[2] * omega)
    var out = [Double](repeating: 0, count: times.count)
    for i in times.indices {
      let t = times[i] - times[0]
      out[i] = (t <= 0 ? 0 : 1 - spring.displacement(t)) - progress[i]
      if let scales { out[i] *= scales[i] }
    }
    return out
  }

  /// θ kept to the search's ranges.
  static func clamp(_ theta: [Double]) -> [Double] {
    [
      min(max(theta[0], log(zetaRange.lowerBound)), log(zetaRange.upperBound)),
      min(max(theta[1], log(omegaRange.lowerBound)), log(omegaRange.upperBound)),
      min(max(theta[2], -velocityRange), velocityRange),
    ]
  }

  /// Each parameter's half-width: with Gaussian noise of standard deviation `sigma` (progress
  /// units), 1.96 standard deviations of the linearized least-squares estimate; with the
  /// samples' errors bounded (`bounds`, each error at most its bound), the largest change those
  /// errors can make in the estimate weighted by 1/bound², to first order. nil where the samples
  /// do not determine the parameters at all (a singular normal matrix).
  public func halfWidths(sigma: Double?, bounds: [Double]?) -> [Double]? {
    // A = (JᵀWJ)⁻¹JᵀW, the estimate's change per unit of each sample's error; equal bounds (or
    // none) weigh the samples alike.
    let smallest = bounds?.min() ?? 1
    let weights = bounds.map { $0.map { (smallest / $0) * (smallest / $0) } }
    var m = [[Double]](repeating: [0, 0, 0], count: 3)
    for (i, row) in jacobian.enumerated() {
      let w = weights?[i] ?? 1
      for a in 0..<3 { for b in 0..<3 { m[a][b] += w * row[a] * row[b] } }
    }
    guard let inverse = Self.inverse3(m) else { return nil }
    var squares = [0.0, 0.0, 0.0]
    var bounded = [0.0, 0.0, 0.0]
    for (i, row) in jacobian.enumerated() {
      let w = weights?[i] ?? 1
      for k in 0..<3 {
        let a = w * (inverse[k][0] * row[0] + inverse[k][1] * row[1] + inverse[k][2] * row[2])
        squares[k] += a * a
        if let bounds { bounded[k] += abs(a) * bounds[i] }
      }
    }
    var widths = [0.0, 0.0, 0.0]
    for k in 0..<3 {
      if let sigma { widths[k] = 1.96 * sigma * squares[k].squareRoot() }
      if bounds != nil { widths[k] = max(widths[k], bounded[k]) }
    }
    return widths
  }

  /// The range of one parameter over which springs fit the samples equally — `fitsEqually`
  /// says of the residuals (progress units) whether they do —, the other two refitted by least
  /// squares at each value: a profile of the fit. From the fitted value outward each way in
  /// steps that double (2 % of ζ or ω₀, 0.02 ω₀ of v₀) until a spring no longer fits equally,
  /// then bisections to the edge, within a tenth of the first step. An edge not found — the search's range reached, or
  /// `passes` (evaluations over every sample, shared by the calls) spent — is said open: the
  /// range goes at least that far. The least-squares refit need not be the best for
  /// `fitsEqually`, so the range is one where equally good springs were shown to exist.
  public func range(
    of parameter: Parameter, passes: inout Int, fitsEqually: ([Double]) -> Bool
  ) -> ProfileRange {
    let (times, progress) = (self.times, self.progress)
    let scales = bounds.map { b in
      let smallest = b.min() ?? 1
      return b.map { smallest / $0 }
    }
    let p = parameter.rawValue
    let others = [0, 1, 2].filter { $0 != p }
    // The coordinate scanned: ln ζ, ln ω₀, or v₀ itself (v₀/ω₀ would move with ω₀).
    let fitted = p == 2 ? initialVelocity : theta[p]
    func embed(_ u: Double, _ phi: [Double]) -> [Double] {
      var theta = [0.0, 0.0, 0.0]
      theta[p] = u
      for (k, value) in zip(others, phi) { theta[k] = value }
      if p == 2 { theta[2] = u / exp(theta[1]) }
      return Self.clamp(theta)
    }
    let limits: ClosedRange<Double> =
      switch parameter {
      case .dampingRatio: log(Self.zetaRange.lowerBound)...log(Self.zetaRange.upperBound)
      case .angularFrequency: log(Self.omegaRange.lowerBound)...log(Self.omegaRange.upperBound)
      case .initialVelocity:
        -Self.velocityRange * angularFrequency...Self.velocityRange
          * angularFrequency
      }
    let firstStep = p == 2 ? 0.02 * angularFrequency : 0.02
    var edges: [(Double, Bool)] = []
    for direction in [-1.0, 1.0] {
      var phi = others.map { theta[$0] }
      var good = fitted
      var step = firstStep
      var found = false
      // Refit the others with the parameter at u, from the neighbouring value's fit and, where
      // that does not fit equally, from the fit's own and from its first free parameter halved
      // and doubled (the neighbour's can sit in a valley that ends: a spring at ζ 0.81 refitted
      // from ζ 0.80's missed one at 0.89 that SciPy found); whether it fits equally, if the
      // passes allow.
      func test(_ u: Double) -> (Bool, [Double])? {
        let fittedOthers = others.map { theta[$0] }
        let starts = [
          phi, fittedOthers, [fittedOthers[0] - log(2), fittedOthers[1]],
          [fittedOthers[0] + log(2), fittedOthers[1]],
        ]
        for start in starts {
          // Out of passes before every start was tried: not known.
          guard passes >= 20 else { return nil }
          let refit = Self.levenbergMarquardt(
            start,
            residuals: {
              Self.residuals(embed(u, $0), times: times, progress: progress, scales: scales)
            },
            clamp: { $0 }, passes: &passes, maxSteps: Self.profileSteps)
          passes -= 1
          let r = Self.residuals(embed(u, refit.0), times: times, progress: progress, scales: nil)
          if fitsEqually(r) { return (true, refit.0) }
        }
        return (false, phi)
      }
      scan: while true {
        let u = min(max(good + direction * step, limits.lowerBound), limits.upperBound)
        guard u != good, let (fits, refit) = test(u) else { break }
        if fits {
          good = u
          phi = refit
          step *= 2
          continue
        }
        // The edge is between good and u: bisected to a tenth of the first step (0.2 % of ζ or
        // ω₀, 0.002 ω₀ of v₀).
        var bad = u
        while abs(bad - good) > firstStep / 10 {
          let middle = (good + bad) / 2
          guard let (fits, refit) = test(middle) else { break scan }
          if fits {
            good = middle
            phi = refit
          } else {
            bad = middle
          }
        }
        found = true
        break
      }
      edges.append((good, found))
    }
    // The search's own ends, as stated (exp(ln 0.001) is 0.0010000000000000002).
    let ends = [Self.zetaRange, Self.omegaRange]
    func value(_ u: Double) -> Double {
      guard p < 2 else { return u }
      return u == limits.lowerBound
        ? ends[p].lowerBound : u == limits.upperBound ? ends[p].upperBound : exp(u)
    }
    return ProfileRange(
      low: value(edges[0].0), high: value(edges[1].0), lowFound: edges[0].1,
      highFound: edges[1].1)
  }

  /// A range that fits equally (`range(of:)`): `lowFound`/`highFound` false where the data
  /// allow values beyond it.
  public struct ProfileRange: Sendable, Equatable {
    public let low: Double
    public let high: Double
    public let lowFound: Bool
    public let highFound: Bool
  }

  /// Levenberg–Marquardt's steps at most per value of a profile (from the neighbouring value's
  /// fit, a few suffice).
  static let profileSteps = 40

  /// `passes`: evaluations of the residuals left (each a pass over every sample); the search
  /// stops, with the best found, when they run out, so the work is bounded whatever the data.
  /// Over any number of parameters (three for the fit, two for a profile).
  static func levenbergMarquardt(
    _ start: [Double], residuals: ([Double]) -> [Double], clamp: ([Double]) -> [Double],
    passes: inout Int, maxSteps: Int = maxSteps
  ) -> ([Double], Double) {
    let n = start.count
    var theta = start
    var r = residuals(theta)
    passes -= 1
    var current = r.reduce(0) { $0 + $1 * $1 }
    var lambda = 1e-3
    for _ in 0..<maxSteps {
      guard passes >= 2 * n + 1 else { break }
      let j = jacobian(theta, residuals: residuals)
      passes -= 2 * n
      var a = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
      var g = [Double](repeating: 0, count: n)
      for (row, ri) in zip(j, r) {
        for p in 0..<n {
          g[p] += row[p] * ri
          for q in 0..<n { a[p][q] += row[p] * row[q] }
        }
      }
      var improved = false
      for _ in 0..<20 {
        var damped = a
        for p in 0..<n { damped[p][p] += lambda * max(a[p][p], 1e-12) }
        guard let delta = solve(damped, g) else {
          lambda *= 10
          continue
        }
        guard passes > 0 else { return (theta, current) }
        let next = clamp(zip(theta, delta).map { $0 - $1 })
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

  /// Central differences of the residuals, a row per sample.
  static func jacobian(_ theta: [Double], residuals: ([Double]) -> [Double]) -> [[Double]] {
    var columns: [[Double]] = []
    for p in theta.indices {
      let h = 1e-6 * max(1, abs(theta[p]))
      var up = theta
      var down = theta
      up[p] += h
      down[p] -= h
      let (a, b) = (residuals(up), residuals(down))
      columns.append(zip(a, b).map { ($0 - $1) / (2 * h) })
    }
    return (0..<columns[0].count).map { i in columns.map { $0[i] } }
  }

  /// x with a x = b for a small symmetric positive matrix (Gaussian elimination with partial
  /// pivoting); nil when it is singular to double precision.
  static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
    let n = b.count
    var m = a
    var x = b
    let scale = (0..<n).map { abs(a[$0][$0]) }.max() ?? 0
    guard scale > 0, scale.isFinite else { return nil }
    for c in 0..<n {
      let pivot = (c..<n).max { abs(m[$0][c]) < abs(m[$1][c]) }!
      guard abs(m[pivot][c]) > 1e-15 * scale else { return nil }
      m.swapAt(c, pivot)
      x.swapAt(c, pivot)
      for r in (c + 1)..<n {
        let f = m[r][c] / m[c][c]
        for k in c..<n { m[r][k] -= f * m[c][k] }
        x[r] -= f * x[c]
      }
    }
    for c in stride(from: n - 1, through: 0, by: -1) {
      var sum = x[c]
      for k in (c + 1)..<n { sum -= m[c][k] * x[k] }
      x[c] = sum / m[c][c]
    }
    return x.allSatisfy(\.isFinite) ? x : nil
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
