import TimingEngine

/// The one cubic Bézier closest to an easing that is not one (a spring, an easing path, a
/// `linear()` or `steps()`): what a target that takes only a cubic Bézier — a DTCG
/// `cubicBezier` token, a tool that reads nothing else — is given as a stand-in, with its largest
/// error stated (docs/tokens.md "DTCG").
///
/// Closest in the largest difference in progress (minimax), over x in [0, 1], with x1 and x2 in
/// [0, 1] as every cubic-bezier() needs. The handles' y are linear in the curve, so for each pair
/// of x on a 6 × 6 grid the least-squares y are solved exactly; the two best starts are then
/// refined by Nelder–Mead on the largest error at 129 points, and the better restarted on a
/// smaller simplex; the result's error is measured on 4 097 points, its worst refined by
/// golden-section search between its neighbours. Within 0.5 % of the smallest largest error an
/// independent search finds — exact minimax in y by linear programming for each pair of x,
/// SciPy's Nelder–Mead over the x, at 2 049 points — on Material's springs and emphasized path
/// and a SwiftUI spring (scripts/cubic-fit-reference.py).
struct CubicBezierFit: Sendable {
  let bezier: CubicBezier
  /// The largest |bezier(x) − exact(x)|, measured.
  let maxError: Double

  /// Points the search compares at: enough to see a spring's first overshoot (a spring whose
  /// overshoots are narrower than 1/128 is far from any cubic anyway, which the measured error
  /// then says).
  static let searchPoints = 128
  /// Points the stated error is measured at.
  static let measurePoints = 4_096
  /// Nelder–Mead steps per start (and for the restart): more moved none of the reference
  /// curves' errors by 0.1 %.
  static let refineSteps = 150

  init(_ exact: (Double) -> Double) {
    let xs = (0...Self.searchPoints).map { Double($0) / Double(Self.searchPoints) }
    let ys = xs.map(exact)
    func error(_ b: CubicBezier, limit: Double = .infinity) -> Double {
      var worst = 0.0
      for (x, y) in zip(xs, ys) {
        worst = max(worst, abs(b.solve(x) - y))
        if worst >= limit { break }
      }
      return worst
    }
    // Starts: each pair of x on the grid, y by least squares.
    var starts: [(CubicBezier, Double)] = []
    for a in 0...5 {
      for c in 0...5 {
        let (x1, x2) = (Double(a) / 5, Double(c) / 5)
        guard let b = Self.leastSquaresY(x1: x1, x2: x2, xs: xs, ys: ys) else { continue }
        starts.append((b, error(b)))
      }
    }
    starts.sort { $0.1 < $1.1 }
    var best = starts.first ?? (CubicBezier(0, 0, 1, 1), error(CubicBezier(0, 0, 1, 1)))
    for (start, _) in starts.prefix(2) {
      let refined = Self.refine(start, step: 0.05, error: error)
      if refined.1 < best.1 { best = refined }
    }
    // Restarted from where it stopped, on a smaller simplex: Nelder–Mead stalls on the
    // maximum's ridges, and a fresh simplex there goes on down (1.2 % of the error for a
    // critically damped spring).
    let polished = Self.refine(best.0, step: 0.005, error: error)
    if polished.1 < best.1 { best = polished }
    bezier = best.0
    maxError = Self.measuredError(best.0, exact)
  }

  /// y1 and y2 minimizing the squared error for handles at x1 and x2: y(s) = 3(1−s)²s·y1 +
  /// 3(1−s)s²·y2 + s³ is linear in them.
  static func leastSquaresY(x1: Double, x2: Double, xs: [Double], ys: [Double]) -> CubicBezier? {
    let shape = CubicBezier(x1, 0, x2, 1)
    var (saa, sab, sbb, sar, sbr) = (0.0, 0.0, 0.0, 0.0, 0.0)
    for (x, y) in zip(xs, ys) {
      let t = shape.solveParameter(forX: x)
      let (p, q, r) = (3 * (1 - t) * (1 - t) * t, 3 * (1 - t) * t * t, t * t * t)
      saa += p * p
      sab += p * q
      sbb += q * q
      sar += p * (y - r)
      sbr += q * (y - r)
    }
    let det = saa * sbb - sab * sab
    guard abs(det) > 1e-12 else { return nil }
    let y1 = (sar * sbb - sbr * sab) / det
    let y2 = (sbr * saa - sar * sab) / det
    guard y1.isFinite, y2.isFinite, abs(y1) < 1e3, abs(y2) < 1e3 else { return nil }
    return CubicBezier(x1, y1, x2, y2)
  }

  /// Nelder–Mead on (x1, y1, x2, y2), the x clamped to [0, 1].
  static func refine(
    _ start: CubicBezier, step: Double, error: (CubicBezier, Double) -> Double
  )
    -> (CubicBezier, Double)
  {
    func curve(_ p: [Double]) -> CubicBezier {
      CubicBezier(min(max(p[0], 0), 1), p[1], min(max(p[2], 0), 1), p[3])
    }
    func cost(_ p: [Double]) -> Double { error(curve(p), .infinity) }
    let origin = [start.x1, start.y1, start.x2, start.y2]
    var simplex: [([Double], Double)] = [(origin, cost(origin))]
    for i in 0..<4 {
      var p = origin
      p[i] += i % 2 == 0 ? (p[i] > 0.5 ? -step : step) : step
      simplex.append((p, cost(p)))
    }
    for _ in 0..<refineSteps {
      simplex.sort { $0.1 < $1.1 }
      let worst = simplex[4]
      let centroid = (0..<4).map { i in simplex.prefix(4).reduce(0) { $0 + $1.0[i] } / 4 }
      func toward(_ t: Double) -> [Double] {
        (0..<4).map { centroid[$0] + t * (worst.0[$0] - centroid[$0]) }
      }
      let reflected = toward(-1)
      let reflectedCost = cost(reflected)
      if reflectedCost < simplex[0].1 {
        let expanded = toward(-2)
        let expandedCost = cost(expanded)
        simplex[4] =
          expandedCost < reflectedCost ? (expanded, expandedCost) : (reflected, reflectedCost)
      } else if reflectedCost < simplex[3].1 {
        simplex[4] = (reflected, reflectedCost)
      } else {
        let contracted = toward(reflectedCost < worst.1 ? -0.5 : 0.5)
        let contractedCost = cost(contracted)
        if contractedCost < min(worst.1, reflectedCost) {
          simplex[4] = (contracted, contractedCost)
        } else {
          // Shrink toward the best.
          let bestPoint = simplex[0].0
          for k in 1...4 {
            let p = (0..<4).map { bestPoint[$0] + 0.5 * (simplex[k].0[$0] - bestPoint[$0]) }
            simplex[k] = (p, cost(p))
          }
        }
      }
      if simplex.map(\.1).max()! - simplex.map(\.1).min()! < 1e-9 { break }
    }
    let best = simplex.min { $0.1 < $1.1 }!
    return (curve(best.0), best.1)
  }

  /// The largest |bezier(x) − exact(x)| on `measurePoints` intervals, the worst interval's
  /// maximum found by golden-section search between its neighbours.
  static func measuredError(_ bezier: CubicBezier, _ exact: (Double) -> Double) -> Double {
    func difference(_ x: Double) -> Double { abs(bezier.solve(x) - exact(x)) }
    let n = measurePoints
    var worst = (0.0, 0)
    for i in 0...n {
      let d = difference(Double(i) / Double(n))
      if d > worst.0 { worst = (d, i) }
    }
    var (lo, hi) = (
      Double(max(worst.1 - 1, 0)) / Double(n), Double(min(worst.1 + 1, n)) / Double(n)
    )
    let ratio = (5.0.squareRoot() - 1) / 2
    for _ in 0..<40 {
      let (a, b) = (hi - ratio * (hi - lo), lo + ratio * (hi - lo))
      if difference(a) > difference(b) { hi = b } else { lo = a }
    }
    return max(worst.0, difference(0.5 * (lo + hi)))
  }
}
