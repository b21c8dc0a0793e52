import TimingEngine

/// Query parameters read through the same context as bodies (design.md "Errors are values"):
/// every problem names its parameter, and one 422 lists them all.
extension DecodingContext {
  /// A context for a query alone: reading one charges nothing, since the request line that
  /// carries it is bounded by the server (`ServerLimits.maxRequestLineBytes`, 8 KiB by
  /// default), unlike a body; its problems are capped at 200 like a body's.
  static func query() -> DecodingContext { DecodingContext(budget: .unlimited) }

  mutating func fail(parameter name: String, _ message: String) {
    fail(.parameter(name, message))
  }

  /// One problem per parameter the resource does not take, in the order they were sent.
  /// The hint is built only when a name is unknown: sorting and joining the allowed names on
  /// every request was ~4 % of a small GET.
  /// `alsoAllowed` are a few more names (the layout's `pretty`, the numbers' `precision`),
  /// apart so that no set is built per request.
  mutating func rejectUnknownParameters(
    _ query: QueryString, allowed: Set<String>, alsoAllowed: [String] = []
  ) {
    for parameter in query.parameters
    where !allowed.contains(parameter.name) && !alsoAllowed.contains(parameter.name) {
      let names = allowed.union(alsoAllowed).sorted()
      let hint =
        names.isEmpty
        ? "this resource takes no query parameters"
        : "expected " + names.joined(separator: ", ")
          + NameSuggestion(names).hint(for: parameter.name)
      fail(parameter: parameter.name, "unknown query parameter; \(hint)")
    }
  }

  /// A number in JSON's grammar within `range`, or nil (and a problem, `message` or "must be a
  /// number in [lo, hi]", when the parameter is there but is not one). Only the first of
  /// repeated parameters is read.
  mutating func number(
    parameter name: String, in query: QueryString, range: ClosedRange<Double>,
    message: String? = nil
  ) -> Double? {
    guard let text = query.first(name) else { return nil }
    guard let value = Self.number(text, in: range) else {
      fail(
        parameter: name,
        message
          ?? "must be a number in [\(numberText(range.lowerBound)), \(numberText(range.upperBound))]"
      )
      return nil
    }
    return value
  }

  /// `text` as a number in JSON's grammar (no `nan`, `inf`, hex or leading `+`) within `range`.
  static func number(_ text: String, in range: ClosedRange<Double>) -> Double? {
    guard isJSONNumberText(text), let value = Double(text), range.contains(value) else {
      return nil
    }
    return value
  }

  /// The spellings a flag takes in a query: `?slope` alone means true.
  private static let flags: [String: Bool] = [
    "true": true, "1": true, "": true, "false": false,
    "0": false,
  ]

  /// A flag: false when absent, and false with a problem when not one of `flags`.
  mutating func flag(parameter name: String, in query: QueryString) -> Bool {
    guard let text = query.first(name) else { return false }
    guard let value = Self.flags[text] else {
      fail(parameter: name, "must be true or false")
      return false
    }
    return value
  }

  /// A count ≥ `minimum`, or nil (and a problem when the parameter is there but is not one).
  mutating func count(parameter name: String, in query: QueryString, minimum: Int) -> Int? {
    guard let text = query.first(name) else { return nil }
    guard let n = Int(text), n >= minimum else {
      fail(parameter: name, "must be a whole number ≥ \(minimum); got '\(text.prefix(40))'")
      return nil
    }
    return n
  }

  /// One of a closed set of names, spelled as the cases' raw values.
  mutating func choice<Choice: CaseIterable & RawRepresentable<String>>(
    parameter name: String, in query: QueryString, _: Choice.Type = Choice.self
  ) -> Choice? {
    guard let text = query.first(name) else { return nil }
    guard let chosen = Choice(rawValue: text) else {
      let names = Choice.allCases.map(\.rawValue)
      fail(
        parameter: name,
        "must be " + names.joined(separator: " or ") + NameSuggestion(names).hint(for: text))
      return nil
    }
    return chosen
  }
}

extension DecodingContext {
  /// `?times=t,…`: seconds, comma-separated, each in [-1e9, 1e9], at most `maxCount`; in
  /// order, each once. nil (with the problem, naming `parameter`) for a list that is not one.
  mutating func times(_ text: String, parameter: String, maxCount: Int) -> [Double]? {
    var times: [Double] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let t = Self.number(String(item), in: -1e9...1e9) else {
        fail(
          parameter: parameter,
          "'\(item.prefix(40))' is not a time; times are seconds from frame 0, e.g. times=0,0.5,1")
        return nil
      }
      times.append(t)
      guard times.count <= maxCount else {
        fail(parameter: parameter, "asks for more than \(maxCount) times")
        return nil
      }
    }
    return Array(Set(times)).sorted()
  }
}
