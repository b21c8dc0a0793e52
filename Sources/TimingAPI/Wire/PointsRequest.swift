import TimingEngine

/// Points of a timing function to evaluate (api.md "Timing functions"): read from a
/// `POST /v1/timing-functions/evaluate` body (here) or a lookup's query
/// (`PointsRequest+Query.swift`), and written as `{"function", "points": [{x, y, slope?}]}`.
struct PointsRequest {
  /// Inputs (x, from, to) the curves are evaluated at: ±1e6 keeps every kind's arithmetic
  /// finite.
  static let inputRange: ClosedRange<Double> = -1e6...1e6

  /// The members of the body, in the order the unknown-member message lists them.
  enum Member: String, WireMember {
    case function, x, slope, beforeFlag
  }

  /// The members of the answer: the function described (`Member.function`), then its points.
  enum AnswerMember: String, WireMember {
    case points
  }

  /// The members of each point of the answer.
  enum PointMember: String, WireMember {
    case x, y, slope
  }

  var function: TimingFunction
  var xs: [Double]
  var slope = false
  var beforeFlag = false

  init(function: TimingFunction, xs: [Double], slope: Bool, beforeFlag: Bool) {
    self.function = function
    self.xs = xs
    self.slope = slope
    self.beforeFlag = beforeFlag
  }

  /// `{"function", "x": [...], "slope", "beforeFlag"}`, with at most `maxPoints` inputs.
  init(json body: JSONValue, maxPoints: Int, in context: inout DecodingContext) throws(Problem) {
    let root = JSONPointer()
    guard case .object(let members) = body else {
      throw Problem.invalidRequest([
        .at(root, "the body must be a JSON object with \"function\" and \"x\"")
      ])
    }
    for (key, _) in members where Member(rawValue: key) == nil {
      let names = Member.allCases.map(\.rawValue)
      context.fail(
        root / key,
        "unknown member; expected \(names.joined(separator: ", "))"
          + NameSuggestion(names).hint(for: key))
    }
    var function: TimingFunction?
    if let value = body[Member.function] {
      function = TimingFunction(json: value, at: root / Member.function, in: &context)
      // A text too long for the budget is refused before anything else is looked at.
      if let exhausted = context.exhausted { throw Problem.tooMuchWork(exhausted) }
    } else {
      context.fail(root / Member.function, "is required: a timing function, e.g. \"easeIn\"")
    }
    xs = try Self.inputs(body[Member.x], at: root / Member.x, maxPoints: maxPoints, &context)
    slope = context.bool(body[Member.slope], at: root / Member.slope) ?? false
    beforeFlag = context.bool(body[Member.beforeFlag], at: root / Member.beforeFlag) ?? false
    try context.throwIfFailed()
    // Without a function decoding reported why, and threw above.
    guard let function else { throw Problem.invalidRequest(context.problems) }
    self.function = function
  }

  /// `x`: a non-empty array of inputs; more than `maxPoints` is too much work.
  private static func inputs(
    _ value: JSONValue?, at pointer: JSONPointer, maxPoints: Int,
    _ context: inout DecodingContext
  ) throws(Problem) -> [Double] {
    switch value {
    case .array(let items)?:
      if items.count > maxPoints {
        throw Problem.tooMuchWork(
          "\(items.count) x values exceed the limit of \(maxPoints) per request",
          .at(pointer, "at most \(maxPoints) values"))
      }
      if items.isEmpty { context.fail(pointer, "must hold at least one number") }
      var xs: [Double] = []
      for (i, item) in items.enumerated() {
        if case .number(let x) = item, inputRange.contains(x) {
          xs.append(x)
        } else {
          context.fail(pointer / i, "must be a number in [-1e6, 1e6]")
        }
      }
      return xs
    case nil:
      context.fail(pointer, "is required: an array of numbers")
      return []
    case let other?:
      context.fail(pointer, "must be an array of numbers, not \(other.typeName)")
      return []
    }
  }

  /// The answer: the function described, then each point.
  func write(to w: inout JSONWriter) {
    w.beginObject()
    w.key(Member.function)
    function.writeDescription(to: &w)
    w.key(AnswerMember.points)
    w.beginArray()
    for x in xs {
      w.beginObject()
      w.member(PointMember.x, x)
      w.member(PointMember.y, function.evaluate(x, beforeFlag: beforeFlag))
      if slope {
        // JSON has no infinity: a vertical tangent is null.
        w.member(PointMember.slope, function.slope(x))
      }
      w.endObject()
    }
    w.endArray()
    w.endObject()
  }

  /// Bytes the answer takes, about: to reserve them up front.
  var estimatedBytes: Int { 128 + xs.count * (slope ? 80 : 48) }
}
