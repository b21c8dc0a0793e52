/// lottie-web's easing solver as it computes (its `BezierEaser.js`, Gaëtan Renaudeau's
/// bezier-easing as lottie-web ships it, read at v5.7.14): for the lint, to say what lottie-web
/// shows where it departs from the exact curve — handles' x used as written (a curve that runs
/// back in time is solved wherever its search lands), x at 11 float32 samples, then 4 Newton
/// steps where the slope is at least 0.001, else bisection to 1e-7 in at most 10 steps. Not the
/// timeline's easing, which is `CubicBezier`'s exact one. python-lottie ships the same solver
/// (`KeyframeBezier`, read at 0.7.2) in double, without the shortcuts.
struct LottieWebEasing: Sendable {
  /// Whose copy of the solver.
  enum Solver: Sendable {
    /// Samples in a Float32Array; a curve on the diagonal is x itself, the ends 0 and 1.
    case lottieWeb
    /// Samples in double, no shortcut (python-lottie's callers return the ends themselves).
    case pythonLottie
  }

  let x1, y1, x2, y2: Double
  let solver: Solver
  let samples: [Double]

  static let sampleCount = 11
  static let sampleStep = 1.0 / Double(sampleCount - 1)

  init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, as solver: Solver = .lottieWeb) {
    (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    self.solver = solver
    samples = (0..<Self.sampleCount).map {
      let x = Self.bezier(Double($0) * Self.sampleStep, x1, x2)
      switch solver {
      case .lottieWeb: return Double(Float(x))
      case .pythonLottie: return x
      }
    }
  }

  /// The curve's value at `x` (lottie-web's: x itself for a curve on the diagonal, 0 and 1 at
  /// the ends).
  func value(_ x: Double) -> Double {
    guard solver == .lottieWeb else { return Self.bezier(parameter(forX: x), y1, y2) }
    if x1 == y1 && x2 == y2 { return x }
    if x == 0 { return 0 }
    if x == 1 { return 1 }
    return Self.bezier(parameter(forX: x), y1, y2)
  }

  /// One coordinate of the cubic through 0, a1, a2, 1 at parameter t.
  static func bezier(_ t: Double, _ a1: Double, _ a2: Double) -> Double {
    (((1 - 3 * a2 + 3 * a1) * t + (3 * a2 - 6 * a1)) * t + 3 * a1) * t
  }

  static func slope(_ t: Double, _ a1: Double, _ a2: Double) -> Double {
    3 * (1 - 3 * a2 + 3 * a1) * t * t + 2 * (3 * a2 - 6 * a1) * t + 3 * a1
  }

  func parameter(forX x: Double) -> Double {
    var intervalStart = 0.0
    var current = 1
    let last = Self.sampleCount - 1
    while current != last && samples[current] <= x {
      intervalStart += Self.sampleStep
      current += 1
    }
    current -= 1
    let low = samples[current]
    let distance = (x - low) / (samples[current + 1] - low)
    var guess = intervalStart + distance * Self.sampleStep
    let initialSlope = Self.slope(guess, x1, x2)
    if initialSlope >= 0.001 {
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
    var t = 0.0
    var i = 0
    var difference: Double
    repeat {
      t = a + (b - a) / 2
      difference = Self.bezier(t, x1, x2) - x
      if difference > 0 { b = t } else { a = t }
      i += 1
    } while abs(difference) > 1e-7 && i < 10
    return t
  }
}
