/// A timing function prepared for sampling many times: a Bézier curve gets its parameter table
/// (`CubicBezier.ParameterTable`), which only gives Newton's method a better first guess, so
/// the answer is the curve's own `solve` or `solveExtrapolating`, the same ones
/// `TimingFunction.evaluate` calls, to their accuracy (semantics.md §2 asks |Δy| ≤ 1e-9; the
/// solver reaches ~3e-12, and the two paths were measured apart by at most 2.5e-13). Other
/// functions evaluate as `TimingFunction.evaluate` does, bit for bit
/// (`CompiledTimingFunctionTests`). A class, so the sampling loop shares it without copying.
public final class CompiledTimingFunction: Sendable {
  public let function: TimingFunction
  let bezier: CubicBezier?
  /// CSS `cubic-bezier()` continues along its end tangents; the named and control-point curves
  /// clamp x to [0, 1].
  let extrapolates: Bool
  let table: CubicBezier.ParameterTable?

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
    case .steps, .linear, .spring:
      bezier = nil
      extrapolates = false
    }
    table = bezier.map { CubicBezier.ParameterTable($0) }
  }

  @inline(__always) public func evaluate(_ x: Double, beforeFlag: Bool = false) -> Double {
    guard let bezier else { return function.evaluate(x, beforeFlag: beforeFlag) }
    // A NaN fraction samples as progress 0 (the curve's own solve would answer NaN).
    guard !x.isNaN else { return 0 }
    return extrapolates
      ? bezier.solveExtrapolating(x, table: table) : bezier.solve(x, table: table)
  }

  public var inputIsSeconds: Bool { function.inputIsSeconds }
}
