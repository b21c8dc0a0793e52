/// The baseline: how browsers solve a timing Bézier (WebKit's UnitBezier, Chromium's
/// gfx::CubicBezier): Newton's method from x, at most 8 steps, stopping when |X(s) − x| < 1e-7,
/// then bisection to the same tolerance in x. Written here from that description to compare
/// speed and accuracy; the service does not use it.
struct BrowserStyleBezier {
  let ax: Double, bx: Double, cx: Double
  let ay: Double, by: Double, cy: Double
  let epsilon = 1e-7

  init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    cx = 3 * x1
    bx = 3 * (x2 - x1) - cx
    ax = 1 - cx - bx
    cy = 3 * y1
    by = 3 * (y2 - y1) - cy
    ay = 1 - cy - by
  }

  @inline(__always) func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
  @inline(__always) func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
  @inline(__always) func derivativeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

  func solveCurveX(_ x: Double) -> Double {
    var t = x
    for _ in 0..<8 {
      let x2 = sampleX(t) - x
      if abs(x2) < epsilon { return t }
      let d2 = derivativeX(t)
      if abs(d2) < 1e-6 { break }
      t -= x2 / d2
    }
    var lo = 0.0
    var hi = 1.0
    t = x
    while lo < hi {
      let x2 = sampleX(t)
      if abs(x2 - x) < epsilon { return t }
      if x > x2 { lo = t } else { hi = t }
      t = (hi - lo) * 0.5 + lo
      if hi - lo < 1e-15 { break }
    }
    return t
  }

  func solve(_ x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    return sampleY(solveCurveX(x))
  }
}
