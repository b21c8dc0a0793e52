/// A timing function: maps an animation's basic local time to progress (semantics.md §2).
public enum TimingFunction: Sendable, Hashable {
  /// One of Core Animation's named functions. Core Animation clamps x to [0, 1].
  case named(NamedTimingFunction)
  /// `CAMediaTimingFunction(controlPoints:)`: a Bézier that clamps x to [0, 1] like the named ones.
  case controlPoints(CubicBezier)
  /// CSS `cubic-bezier()`: outside [0, 1] it continues along the end tangents.
  case cubicBezier(CubicBezier)
  case steps(Steps)
  case linear(LinearEasing)
  /// x is in seconds, not a fraction (semantics.md §3.5).
  case spring(SpringCurve)

  /// Progress for input `x`. `beforeFlag` only matters for `steps` (CSS Easing Level 2).
  @inlinable public func evaluate(_ x: Double, beforeFlag: Bool = false) -> Double {
    switch self {
    case .named(let named): return named.bezier.solve(x)
    case .controlPoints(let bezier): return bezier.solve(x)
    case .cubicBezier(let bezier): return bezier.solveExtrapolating(x)
    case .steps(let steps): return steps.evaluate(x, beforeFlag: beforeFlag)
    case .linear(let linear): return linear.evaluate(x)
    case .spring(let spring): return spring.progress(x)
    }
  }

  /// dy/dx at `x`: ±infinity at a vertical tangent, 0 on the flats of `steps` (whose jumps have
  /// no derivative; the value at a jump is the one `evaluate` returns).
  public func slope(_ x: Double) -> Double {
    switch self {
    case .named(let named): return x < 0 || x > 1 ? 0 : named.bezier.slope(x)
    case .controlPoints(let bezier): return x < 0 || x > 1 ? 0 : bezier.slope(x)
    case .cubicBezier(let bezier):
      if x < 0 { return bezier.startTangent }
      if x > 1 { return bezier.endTangent }
      return bezier.slope(x)
    case .steps: return 0
    case .linear(let linear): return linear.slope(x)
    case .spring(let spring): return spring.progressSlope(x)
    }
  }

  /// Whether x is seconds (a spring) rather than a fraction of the duration.
  public var inputIsSeconds: Bool {
    if case .spring = self { return true }
    return false
  }

  /// The Bézier control points, for the curves that have them.
  public var controlPoints: (Double, Double, Double, Double)? {
    switch self {
    case .named(let named): (named.bezier.x1, named.bezier.y1, named.bezier.x2, named.bezier.y2)
    case .controlPoints(let b), .cubicBezier(let b): (b.x1, b.y1, b.x2, b.y2)
    case .steps, .linear, .spring: nil
    }
  }
}

/// Core Animation's five named functions and their control points (semantics.md §2 table).
public enum NamedTimingFunction: String, Sendable, Hashable, CaseIterable {
  case linear
  case easeIn
  case easeOut
  case easeInEaseOut
  case `default`

  public var bezier: CubicBezier {
    switch self {
    case .linear: Self.linearCurve
    case .easeIn: Self.easeInCurve
    case .easeOut: Self.easeOutCurve
    case .easeInEaseOut: Self.easeInEaseOutCurve
    case .default: Self.defaultCurve
    }
  }

  private static let linearCurve = CubicBezier(0, 0, 1, 1)
  private static let easeInCurve = CubicBezier(0.42, 0, 1, 1)
  private static let easeOutCurve = CubicBezier(0, 0, 0.58, 1)
  private static let easeInEaseOutCurve = CubicBezier(0.42, 0, 0.58, 1)
  private static let defaultCurve = CubicBezier(0.25, 0.1, 0.25, 1)

  /// The `kCAMediaTimingFunction…` constant's name.
  public var constantName: String {
    switch self {
    case .linear: "kCAMediaTimingFunctionLinear"
    case .easeIn: "kCAMediaTimingFunctionEaseIn"
    case .easeOut: "kCAMediaTimingFunctionEaseOut"
    case .easeInEaseOut: "kCAMediaTimingFunctionEaseInEaseOut"
    case .default: "kCAMediaTimingFunctionDefault"
    }
  }

  /// The CSS keyword for the same curve.
  public var cssName: String {
    switch self {
    case .linear: "linear"
    case .easeIn: "ease-in"
    case .easeOut: "ease-out"
    case .easeInEaseOut: "ease-in-out"
    case .default: "ease"
    }
  }

  public var aliases: [String] { [constantName, cssName] }
}
