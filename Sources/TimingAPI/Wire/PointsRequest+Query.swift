import TimingEngine

/// A lookup's query (`GET /v1/timing-functions/{function}?…`): `x` (repeated) or `samples`
/// with optional `from`/`to`, and `slope`, `beforeFlag`.
extension PointsRequest {
  /// The lookup's query parameters.
  enum Parameter: String, WireMember {
    case x, samples, from, to, slope, beforeFlag
  }

  /// Every parameter, for a lookup; `from` and `to` alone, for a plot. Made once: `names`
  /// builds a set, and one built per request costs a small request several per cent.
  static let queryParameters = Parameter.names
  static let rangeParameters = [Parameter.from, .to].names

  /// Points when neither `x` nor `samples` is given.
  static let defaultSamples = 11

  /// With at most `maxPoints` points.
  init(function: TimingFunction, query: QueryString, maxPoints: Int) throws(Problem) {
    var problems = DecodingContext.query()
    let slope = problems.flag(parameter: Parameter.slope, in: query)
    let beforeFlag = problems.flag(parameter: Parameter.beforeFlag, in: query)
    var xs: [Double] = []
    let given = query.values(Parameter.x)
    if !given.isEmpty {
      if query.first(Parameter.samples) != nil || query.first(Parameter.from) != nil
        || query.first(Parameter.to) != nil
      {
        problems.fail(
          parameter: Parameter.x, "give either x values or samples (with from/to), not both")
      }
      if given.count > maxPoints {
        throw Problem.tooMuchWork(
          "\(given.count) x values exceed the limit of \(maxPoints) per request",
          .parameter(Parameter.x, "at most \(maxPoints) values"))
      }
      for (i, value) in given.enumerated() {
        if let x = DecodingContext.number(value, in: Self.inputRange) {
          xs.append(x)
        } else {
          problems.fail(
            parameter: Parameter.x,
            "x[\(i)] = '\(value.prefix(40))' must be a finite number in [-1e6, 1e6]")
        }
      }
    } else {
      let count =
        problems.count(parameter: Parameter.samples, in: query, minimum: 1) ?? Self.defaultSamples
      if count > maxPoints {
        throw Problem.tooMuchWork(
          "samples=\(count) exceeds the limit of \(maxPoints) points per request",
          .parameter(Parameter.samples, "at most \(maxPoints)"))
      }
      // The range is checked only once the rest is right, in an answer of its own.
      if problems.problems.isEmpty {
        let range = try Self.range(of: function, in: query)
        xs = Self.evenlySpaced(count, from: range.from, to: range.to)
      }
    }
    try problems.throwIfFailed()
    self.init(function: function, xs: xs, slope: slope, beforeFlag: beforeFlag)
  }

  /// `from`/`to` for sampling (and plotting): [0, 1] by default, or [0, settlingDuration] for a
  /// spring.
  static func range(of function: TimingFunction, in query: QueryString) throws(Problem) -> (
    from: Double, to: Double
  ) {
    var problems = DecodingContext.query()
    let given = "must be a finite number in [-1e6, 1e6]"
    let from =
      problems.number(parameter: Parameter.from, in: query, range: inputRange, message: given) ?? 0
    var to = problems.number(parameter: Parameter.to, in: query, range: inputRange, message: given)
    if to == nil {
      if case .spring(let spring) = function {
        if let settling = spring.settlingDuration {
          to = max(settling, 1e-3)
        } else {
          problems.fail(
            parameter: Parameter.to,
            "is required for an undamped spring, which never settles: the end of the range")
        }
      } else {
        to = 1
      }
    }
    if let to, to < from { problems.fail(parameter: Parameter.to, "must not be less than from") }
    try problems.throwIfFailed()
    // A missing `to` was reported above.
    return (from, to ?? from)
  }

  private static func evenlySpaced(_ count: Int, from: Double, to: Double) -> [Double] {
    guard count > 1 else { return [from] }
    // Computed as from + i·step with the last point exactly `to`, so x = 1 is never 0.9999….
    return (0..<count).map { i in
      i == count - 1 ? to : from + (to - from) * Double(i) / Double(count - 1)
    }
  }
}
