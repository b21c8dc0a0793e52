/// The easing solver the players share as each computes it — Gaëtan Renaudeau's bezier-easing
/// (lottie-web's `BezierEaser.js`, read at v5.7.14; python-lottie's `KeyframeBezier`, read at
/// 0.7.2) and Mozilla's nsSMILKeySpline (rlottie's `VInterpolator`, read at 34465a9, and
/// ThorVG's `LottieInterpolator`, read at v1.0.4): for the lint, to say what a player shows
/// where it departs from the exact curve. Handles' x used as written (a curve that runs back in
/// time is solved wherever its search lands), x at 11 samples, then 4 Newton steps where the
/// slope is at least a least slope, else bisection to 1e-7 in at most 10 steps. Not the
/// timeline's easing, which is `CubicBezier`'s exact one. `F`: the arithmetic's type (float for
/// rlottie and ThorVG, double for the others).
struct LottieSplineEasing<F: BinaryFloatingPoint & Sendable>: Sendable {
  /// Whose copy of the solver.
  enum Solver: Sendable {
    /// lottie-web: samples in a Float32Array, a least slope of 0.001; a curve on the diagonal
    /// is x itself, the ends 0 and 1.
    case lottieWeb
    /// python-lottie: samples in double, a least slope of 0.001, no shortcut (its callers
    /// return the ends themselves).
    case pythonLottie
    /// rlottie and ThorVG: all in float, a least slope of 0.02; a curve on the diagonal is x.
    case rlottie
  }

  let x1, y1, x2, y2: F
  let solver: Solver

  static var sampleCount: Int { 11 }
  static var sampleStep: F { 1 / F(sampleCount - 1) }

  init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, as solver: Solver) {
    (self.x1, self.y1, self.x2, self.y2) = (F(x1), F(y1), F(x2), F(y2))
    self.solver = solver
  }

  /// The curve's x at the i-th of its 11 samples, as the player stores it — worked out where the
  /// search reads it, not kept: a solver is made at every evaluation of an eased segment, and an
  /// array of samples each time was an allocation in the lint's innermost loop.
  func sample(_ i: Int) -> F {
    let x = Self.bezier(F(i) * Self.sampleStep, x1, x2)
    switch solver {
    case .lottieWeb: return F(Float(x))
    case .pythonLottie, .rlottie: return x
    }
  }

  /// The curve's value at `x`, with the solver's shortcuts.
  func value(_ x: Double) -> Double {
    switch solver {
    case .pythonLottie: break
    case .rlottie: if x1 == y1 && x2 == y2 { return x }
    case .lottieWeb:
      if x1 == y1 && x2 == y2 { return x }
      if x == 0 { return 0 }
      if x == 1 { return 1 }
    }
    return Double(Self.bezier(parameter(forX: F(x)), y1, y2))
  }

  /// One coordinate of the cubic through 0, a1, a2, 1 at parameter t.
  static func bezier(_ t: F, _ a1: F, _ a2: F) -> F {
    (((1 - 3 * a2 + 3 * a1) * t + (3 * a2 - 6 * a1)) * t + 3 * a1) * t
  }

  static func slope(_ t: F, _ a1: F, _ a2: F) -> F {
    3 * (1 - 3 * a2 + 3 * a1) * t * t + 2 * (3 * a2 - 6 * a1) * t + 3 * a1
  }

  func parameter(forX x: F) -> F {
    var intervalStart: F = 0
    var current = 1
    let last = Self.sampleCount - 1
    while current != last && sample(current) <= x {
      intervalStart += Self.sampleStep
      current += 1
    }
    current -= 1
    let low = sample(current)
    let distance = (x - low) / (sample(current + 1) - low)
    var guess = intervalStart + distance * Self.sampleStep
    let initialSlope = Self.slope(guess, x1, x2)
    let leastSlope: F
    switch solver {
    case .lottieWeb, .pythonLottie: leastSlope = F(0.001)
    case .rlottie: leastSlope = F(0.02)
    }
    if initialSlope >= leastSlope {
      for _ in 0..<4 {
        let slope = Self.slope(guess, x1, x2)
        if slope == 0 { return guess }
        guess -= (Self.bezier(guess, x1, x2) - x) / slope
      }
      return guess
    }
    if initialSlope == 0 { return guess }
    var a = intervalStart
    var b = intervalStart + Self.sampleStep
    var t: F = 0
    var i = 0
    var difference: F
    repeat {
      t = a + (b - a) / 2
      difference = Self.bezier(t, x1, x2) - x
      if difference > 0 { b = t } else { a = t }
      i += 1
    } while abs(difference) > F(1e-7) && i < 10
    return t
  }
}
