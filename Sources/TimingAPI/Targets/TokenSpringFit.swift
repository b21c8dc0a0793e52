import TimingEngine

/// The spring a `linear()` token is (docs/tokens.md "CSS values", docs/fit.md): a spring
/// flattened by a design tool or a printer, fitted back by `POST /v1/fit`'s method — the
/// `linear()`'s stops as the samples over the animation's duration (its time unit, since a
/// `linear()` has no duration of its own), rounded to the step its outputs are printed to, so
/// the fit is the minimax one and the intervals are bounds for that rounding.
struct TokenSpringFit: Sendable {
  let fit: SpringFit
  /// The printed outputs' step, when it could be read (at most 8 decimals).
  let quantum: Double?
  let halfWidths: [Double]?

  enum Member: String, WireMember {
    case dampingRatio, angularFrequency, initialVelocity, timeUnit, objective, maxResidual
    case quantization, intervals
  }

  enum IntervalMember: String, WireMember {
    case low, high
  }

  /// The fit of a `linear()` token; nil for any other token, or one of fewer than 3 stops.
  static func fit(_ meaning: MotionToken.Meaning) -> TokenSpringFit? {
    guard case .easing(.linear(let easing)) = meaning, easing.points.count >= 3 else {
      return nil
    }
    let quantum = FitRequest.printedStep(TimingFunction.linear(easing).cssText)
    let bounds = quantum.map { [Double](repeating: $0 / 2, count: easing.points.count) }
    let fit = SpringFit(
      times: easing.points.map(\.input), progress: easing.points.map(\.output), bounds: bounds)
    let sigma: Double? =
      quantum == nil && easing.points.count > 3
      ? fit.rms * (Double(easing.points.count) / Double(easing.points.count - 3)).squareRoot()
      : nil
    return TokenSpringFit(
      fit: fit, quantum: quantum, halfWidths: fit.halfWidths(sigma: sigma, bounds: bounds))
  }

  /// Its work: `POST /v1/fit`'s for the spring, a stop a sample.
  static func cost(_ meaning: MotionToken.Meaning) -> Int {
    guard case .easing(.linear(let easing)) = meaning else { return 0 }
    return WorkBudget.multiplying(
      easing.points.count, SpringFit.workPerSample + SpringFit.minimaxWorkPerSample)
  }

  func write(to w: inout JSONWriter) {
    w.beginObject()
    let values = [fit.dampingRatio, fit.angularFrequency, fit.initialVelocity]
    let members: [Member] = [.dampingRatio, .angularFrequency, .initialVelocity]
    for (member, value) in zip(members, values) { w.member(member, value) }
    w.member(Member.timeUnit, "the animation's duration")
    w.member(Member.objective, quantum == nil ? "leastSquares" : "minimax")
    w.member(Member.maxResidual, fit.maxResidual)
    w.key(Member.quantization)
    if let quantum { w.number(quantum) } else { w.null() }
    w.key(Member.intervals)
    w.beginObject()
    for (k, member) in members.enumerated() {
      w.key(member)
      if let halfWidths {
        w.beginObject()
        w.member(
          IntervalMember.low, k < 2 ? max(values[k] - halfWidths[k], 0) : values[k] - halfWidths[k])
        w.member(IntervalMember.high, values[k] + halfWidths[k])
        w.endObject()
      } else {
        w.null()
      }
    }
    w.endObject()
    w.endObject()
  }
}
