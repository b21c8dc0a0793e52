/// rlottie's easing solver as it computes (its `VInterpolator`, a port of Mozilla's
/// nsSMILKeySpline, read at 34465a9): for the lint, what rlottie shows where it departs from the
/// exact curve — all in float, handles' x as written, x at 11 samples, then 4 Newton steps where
/// the slope is at least 0.02 (bezier-easing's is 0.001), else bisection to 1e-7 in at most 10
/// steps; x itself for a curve on the diagonal.
struct LottieRlottieEasing: Sendable {
  let x1, y1, x2, y2: Float
  let samples: [Float]

  static let sampleCount = 11
  static let sampleStep = 1 / Float(sampleCount - 1)

  init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    (self.x1, self.y1, self.x2, self.y2) = (Float(x1), Float(y1), Float(x2), Float(y2))
    let (a1, a2) = (Float(x1), Float(x2))
    samples = (0..<Self.sampleCount).map { Self.bezier(Float($0) * Self.sampleStep, a1, a2) }
  }

  func value(_ x: Double) -> Double {
    if x1 == y1 && x2 == y2 { return x }
    return Double(Self.bezier(parameter(forX: Float(x)), y1, y2))
  }

  static func bezier(_ t: Float, _ a1: Float, _ a2: Float) -> Float {
    ((((1 - 3 * a2 + 3 * a1) * t) + (3 * a2 - 6 * a1)) * t + 3 * a1) * t
  }

  static func slope(_ t: Float, _ a1: Float, _ a2: Float) -> Float {
    3 * (1 - 3 * a2 + 3 * a1) * t * t + 2 * (3 * a2 - 6 * a1) * t + 3 * a1
  }

  func parameter(forX x: Float) -> Float {
    var intervalStart: Float = 0
    var current = 1
    let last = Self.sampleCount - 1
    while current != last && samples[current] <= x {
      intervalStart += Self.sampleStep
      current += 1
    }
    current -= 1
    let distance = (x - samples[current]) / (samples[current + 1] - samples[current])
    var guess = intervalStart + distance * Self.sampleStep
    let initialSlope = Self.slope(guess, x1, x2)
    if initialSlope >= 0.02 {
      for _ in 0..<4 {
        let slope = Self.slope(guess, x1, x2)
        if slope == 0 { return guess }
        guess -= (Self.bezier(guess, x1, x2) - x) / slope
      }
      return guess
    }
    if initialSlope == 0 { return guess }
    var (a, b) = (intervalStart, intervalStart + Self.sampleStep)
    var t: Float = 0
    var difference: Float
    var i = 0
    repeat {
      t = a + (b - a) / 2
      difference = Self.bezier(t, x1, x2) - x
      if difference > 0 { b = t } else { a = t }
      i += 1
    } while abs(difference) > 1e-7 && i < 10
    return t
  }
}
