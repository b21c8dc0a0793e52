extension TimingFunction {
  /// The canonical text of the function: what `init(parsing:)` reads back to the same function.
  ///
  /// Named functions give their Core Animation name; the CSS forms give CSS's serialisation
  /// (`steps(4)` for the default jump-end, `linear()` with every input as a percentage);
  /// `controlPoints` has no CSS text of its own (CSS's `cubic-bezier()` extrapolates where Core
  /// Animation clamps), so it is written as `cubic-bezier()` only by `cssText`.
  public var canonicalText: String? {
    switch self {
    case .named(let named): named.rawValue
    case .controlPoints: nil
    case .cubicBezier, .steps, .linear, .spring: cssText
    }
  }

  /// The function as CSS writes it (a spring, which CSS lacks, in this service's `spring()`).
  public var cssText: String {
    switch self {
    case .named(let named): named.cssName
    case .controlPoints(let b), .cubicBezier(let b):
      "cubic-bezier(\(numberText(b.x1)), \(numberText(b.y1)), \(numberText(b.x2)), \(numberText(b.y2)))"
    case .steps(let steps):
      steps.position == .jumpEnd
        ? "steps(\(steps.count))" : "steps(\(steps.count), \(steps.position.rawValue))"
    case .linear(let linear):
      "linear("
        + linear.points.map { "\(numberText($0.output)) \(numberText($0.inputPercent))%" }
        .joined(separator: ", ") + ")"
    case .spring(let s):
      "spring(\(numberText(s.mass)), \(numberText(s.stiffness)), \(numberText(s.damping)), "
        + "\(numberText(s.initialVelocity)))"
    }
  }
}
