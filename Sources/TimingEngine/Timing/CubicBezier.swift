/// A cubic Bézier timing curve through (0,0), (x1,y1), (x2,y2), (1,1) (semantics.md §2).
///
/// `x1` and `x2` lie in [0, 1], so X(s) is non-decreasing on [0, 1] and every x has exactly one
/// parameter s with X(s) = x (or an interval of them where X is flat, on which Y is constant too
/// only when the curve is degenerate; any s in it is then a valid answer).
public struct CubicBezier: Sendable, Hashable {
  public let x1: Double
  public let y1: Double
  public let x2: Double
  public let y2: Double

  // Power-basis coefficients: X(s) = ((ax·s + bx)·s + cx)·s, likewise Y.
  @usableFromInline let ax: Double, bx: Double, cx: Double
  @usableFromInline let ay: Double, by: Double, cy: Double
  /// Bound on |Y′(s)| over [0, 1]: a Bézier's derivative is 3× a Bézier of the control-point
  /// differences, so it never exceeds 3 × the largest of them.
  @usableFromInline let yDerivativeBound: Double
  /// Bound on the rounding error of evaluating X(s) − x in plain doubles (Horner, 3 steps).
  @usableFromInline let residualNoise: Double
  /// Bound on |X″(s)| over [0, 1], for Newton's error estimate.
  @usableFromInline let curvatureBound: Double

  /// The tolerance on y handed to the solver; the y error is at most a few times this.
  @usableFromInline static let yTolerance = 1e-12

  public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    precondition((0...1).contains(x1) && (0...1).contains(x2), "validated by the parser")
    self.x1 = x1
    self.y1 = y1
    self.x2 = x2
    self.y2 = y2
    cx = 3 * x1
    bx = 3 * (x2 - x1) - cx
    ax = 1 - cx - bx
    cy = 3 * y1
    by = 3 * (y2 - y1) - cy
    ay = 1 - cy - by
    yDerivativeBound = max(3 * max(abs(y1), abs(y2 - y1), abs(1 - y2)), .leastNormalMagnitude)
    residualNoise = 8 * Double.ulpOfOne * (abs(ax) + abs(bx) + abs(cx) + 1)
    curvatureBound = 6 * abs(ax) + 2 * abs(bx)
  }

  // Identity is the four control points; the rest is derived from them.
  public static func == (a: CubicBezier, b: CubicBezier) -> Bool {
    a.x1 == b.x1 && a.y1 == b.y1 && a.x2 == b.x2 && a.y2 == b.y2
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(x1)
    hasher.combine(y1)
    hasher.combine(x2)
    hasher.combine(y2)
  }

  @inlinable func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
  @inlinable func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
  @inlinable func derivativeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
  @inlinable func derivativeY(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

  /// The parameter s in [0, 1] with X(s) = x, accurate enough that |Y(s) − y(x)| ≤ ~3e-12.
  ///
  /// Fast path: Newton's method in doubles from the guess (or s = x), while X′(s) is large
  /// enough that the rounding noise of the residual, divided by X′ and scaled by the bound on
  /// |Y′|, stays below the tolerance in y. It stops on a bound of the error *after* the step —
  /// Newton's quadratic error term 2·|X″|max·δ²/X′(s), valid while |X″|max·δ < X′(s)/2 — times
  /// the bound on |Y′|: a stopping rule on y, not on x as browsers have it. Anything else (a
  /// near-vertical tangent, a step that leaves [0, 1], no convergence in 8 steps) takes the
  /// safeguarded path.
  @inlinable public func solveParameter(forX x: Double, guess: Double? = nil) -> Double {
    var s = guess ?? x
    for _ in 0..<8 {
      let d = derivativeX(s)
      guard d * Self.yTolerance > residualNoise * yDerivativeBound else { break }
      let step = (sampleX(s) - x) / d
      s -= step
      let magnitude = abs(step)
      if curvatureBound * magnitude < 0.5 * d
        && 2 * curvatureBound * magnitude * magnitude * yDerivativeBound < Self.yTolerance * d
      {
        if s >= 0 && s <= 1 { return s }
        break
      }
    }
    return solveParameterSafely(forX: x)
  }

  /// Newton inside a shrinking bracket, bisecting when Newton leaves the bracket or stops
  /// halving its step. Once the residual in doubles is down to its rounding noise it is
  /// evaluated in double-double (Horner on the exact coefficients, ~1e-32), so near a vertical
  /// tangent the iteration still sees the true sign of X(s) − x.
  @usableFromInline func solveParameterSafely(forX x: Double) -> Double {
    let cxExact = DoubleDouble.product(3, x1)
    let bxExact = DoubleDouble.product(3, x2) - DoubleDouble.product(6, x1)
    let axExact = DoubleDouble(1) - cxExact - bxExact
    func preciseResidual(_ s: Double) -> Double {
      var acc = axExact * s + bxExact
      acc = acc * s + cxExact
      acc = acc * s - DoubleDouble(x)
      return acc.value
    }
    var lo = 0.0
    var hi = 1.0
    var s = x
    var precise = false
    var previousStep = 1.0
    for _ in 0..<256 {
      var r = precise ? preciseResidual(s) : sampleX(s) - x
      if !precise && abs(r) <= residualNoise {
        precise = true
        r = preciseResidual(s)
      }
      if r == 0 { return s }
      if r > 0 { hi = s } else { lo = s }
      let d = derivativeX(s)
      var next = 0.5 * (lo + hi)
      if d > 0 {
        let newtonStep = r / d
        let newton = s - newtonStep
        // Converged: Newton's own estimate of the distance to the root, in y. (Near a vertical
        // tangent Newton underestimates the distance up to 3×; the tolerance allows for that.)
        if abs(newtonStep) * yDerivativeBound < Self.yTolerance && newton >= lo && newton <= hi {
          return newton
        }
        if newton > lo && newton < hi && abs(newtonStep) <= 0.5 * previousStep { next = newton }
      }
      let step = abs(next - s)
      previousStep = step
      s = next
      if (hi - lo) * yDerivativeBound < Self.yTolerance { return s }
    }
    return s
  }

  /// y(x) for x in [0, 1]; exact at both ends.
  @inlinable public func solve(_ x: Double) -> Double { solve(x, table: nil) }

  /// y(x) for x in [0, 1], Newton starting from the table's guess if there is one (else s = x):
  /// the one evaluation of the curve that `TimingFunction.evaluate` and
  /// `CompiledTimingFunction` share.
  @inlinable @inline(__always) func solve(_ x: Double, table: ParameterTable?) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    return sampleY(solveParameter(forX: x, guess: table?.guess(x)))
  }

  /// dy/dx for x in [0, 1]; ±infinity where the tangent is vertical.
  public func slope(_ x: Double) -> Double {
    let s = x <= 0 ? 0 : x >= 1 ? 1 : solveParameter(forX: x)
    // Where X′ and Y′ both vanish (a control point on an end point) the limit of Y′/X′ is the
    // ratio of the first non-vanishing derivatives (L'Hôpital).
    let derivatives: [(Double, Double)] = [
      (derivativeX(s), derivativeY(s)), (6 * ax * s + 2 * bx, 6 * ay * s + 2 * by), (ax, ay),
    ]
    for (dx, dy) in derivatives where dx != 0 || dy != 0 {
      if dx == 0 { return dy < 0 ? -.infinity : .infinity }
      return dy / dx
    }
    return 1
  }

  // CSS Easing Level 2, "cubic Bézier easing functions": outside [0, 1] the curve continues along
  // a line through the nearer end point and P1 or P2 (the first whose x differs from that end's);
  // with neither, the output is flat.
  public var startTangent: Double {
    if x1 > 0 { return y1 / x1 }
    if x2 > 0 { return y2 / x2 }
    return 0
  }

  public var endTangent: Double {
    if x2 < 1 { return (y2 - 1) / (x2 - 1) }
    if x1 < 1 { return (y1 - 1) / (x1 - 1) }
    return 0
  }

  /// y(x) for any x, extending the curve along its end tangents (CSS).
  @inlinable public func solveExtrapolating(_ x: Double) -> Double {
    solveExtrapolating(x, table: nil)
  }

  /// `solveExtrapolating` with the table's guess inside [0, 1].
  @inlinable @inline(__always) func solveExtrapolating(_ x: Double, table: ParameterTable?)
    -> Double
  {
    if x < 0 { return startTangent * x }
    if x > 1 { return 1 + endTangent * (x - 1) }
    return solve(x, table: table)
  }
}
