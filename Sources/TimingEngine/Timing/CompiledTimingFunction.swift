/// A timing function prepared for sampling many times: Bézier curves get a table of the curve
/// parameter s and its slope ds/dx = 1/X′(s) at 64 evenly spaced x, so a cubic Hermite guess
/// starts Newton's method within ~1e-8 of the root and one step converges (the answer has the
/// same 1e-9 accuracy in y as `TimingFunction.evaluate`). A class, so the sampling loop shares
/// it without copying.
public final class CompiledTimingFunction: Sendable {
  public let function: TimingFunction
  private let bezier: CubicBezier?
  private let extrapolates: Bool
  /// Pairs (s, ds/dx) at each table x, interleaved; the slope is in units of one table interval,
  /// NaN where X′ is too small to trust.
  private let table: [Double]
  static let intervals = 64

  public init(_ function: TimingFunction) {
    self.function = function
    switch function {
    case .named(let named):
      bezier = named.bezier
      extrapolates = false
    case .controlPoints(let b):
      bezier = b
      extrapolates = false
    case .cubicBezier(let b):
      bezier = b
      extrapolates = true
    default:
      bezier = nil
      extrapolates = false
    }
    if let bezier {
      let guesses = (0...Self.intervals).map { i in
        let x = Double(i) / Double(Self.intervals)
        return i == 0 ? 0 : i == Self.intervals ? 1 : bezier.solveParameter(forX: x)
      }
      table = guesses.flatMap { s -> [Double] in
        let d = bezier.derivativeX(s)
        return [s, d > 1e-3 ? 1 / d / Double(Self.intervals) : .nan]
      }
    } else {
      table = []
    }
  }

  @inline(__always) public func evaluate(_ x: Double, beforeFlag: Bool = false) -> Double {
    guard let bezier else { return function.evaluate(x, beforeFlag: beforeFlag) }
    guard !x.isNaN else { return 0 }
    if x <= 0 || x >= 1 {
      if x == 0 { return 0 }
      if x == 1 { return 1 }
      return extrapolates ? bezier.solveExtrapolating(x) : (x < 0 ? 0 : 1)
    }
    let position = x * Double(Self.intervals)
    // 0 < x < 1 here (NaN and the ends returned above), so 0 ≤ index < intervals: no trap, and
    // g[2 · index + 3] is inside the table of intervals + 1 pairs.
    let index = Int(position)
    let fraction = position - Double(index)
    let guess = table.withUnsafeBufferPointer { g in
      let (s0, m0, s1, m1) = (g[2 * index], g[2 * index + 1], g[2 * index + 2], g[2 * index + 3])
      guard m0.isFinite && m1.isFinite else { return s0 + (s1 - s0) * fraction }
      // Cubic Hermite on the inverse curve s(x).
      let t = fraction
      let t2 = t * t
      let t3 = t2 * t
      return (2 * t3 - 3 * t2 + 1) * s0 + (t3 - 2 * t2 + t) * m0 + (-2 * t3 + 3 * t2) * s1
        + (t3 - t2) * m1
    }
    return bezier.sampleY(bezier.solveParameter(forX: x, guess: guess))
  }

  public var inputIsSeconds: Bool { function.inputIsSeconds }
}
