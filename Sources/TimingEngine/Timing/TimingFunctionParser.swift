/// Why a timing function's text was rejected, in words a user can act on.
public struct TimingFunctionParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Whether the text names no timing function at all, or names one (`cubic-bezier()`,
  /// `steps()`, …) with parameters it does not take: a path that names no function is a 404,
  /// a known function with a bad parameter a 422 (api.md "Errors").
  public enum Reason: Sendable, Equatable {
    case unknownName
    case invalidParameters
  }

  public let message: String
  public let reason: Reason
  public init(_ message: String, reason: Reason = .invalidParameters) {
    self.message = message
    self.reason = reason
  }
  public var description: String { message }
}

extension TimingFunction {
  /// Parses a Core Animation name (`easeIn`, `kCAMediaTimingFunctionEaseIn`), a CSS keyword
  /// (`ease-in`, `step-start`) or a CSS function (`cubic-bezier()`, `steps()`, `linear()`), or
  /// `spring(mass, stiffness, damping, initialVelocity)` (semantics.md §2, §3.5).
  public init(parsing text: String) throws(TimingFunctionParseError) {
    let trimmed = text.trimmingASCIIWhitespace()
    if let named = NamedTimingFunction.lookUp(trimmed) {
      self = .named(named)
      return
    }
    switch trimmed.lowercased() {
    case "step-start":
      self = .steps(Steps(count: 1, position: .jumpStart))
      return
    case "step-end":
      self = .steps(Steps(count: 1, position: .jumpEnd))
      return
    default: break
    }
    guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else {
      throw TimingFunctionParseError(
        "unknown timing function '\(trimmed.prefix(64))': use a name (linear, easeIn, easeOut, "
          + "easeInEaseOut, default, or their CSS names) or cubic-bezier(), steps(), linear(), "
          + "spring()" + Self.hint(Self.nameSuggestion.nearest(to: trimmed)),
        reason: .unknownName)
    }
    let name = trimmed[..<open].lowercased()
    let body = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
    let arguments = body.split(separator: ",", omittingEmptySubsequences: false).map {
      String($0).trimmingASCIIWhitespace()
    }
    switch name {
    case "cubic-bezier": self = .cubicBezier(try Self.parseCubicBezier(arguments))
    case "steps": self = .steps(try Self.parseSteps(arguments))
    case "linear": self = .linear(try Self.parseLinear(arguments))
    case "spring":
      self = .spring(try Self.parseSpring(arguments, allowEmpty: body.allSatisfy(\.isWhitespace)))
    default:
      throw TimingFunctionParseError(
        "unknown function '\(name.prefix(32))()': expected cubic-bezier(), steps(), linear() or spring()"
          + Self.hint(Self.formSuggestion.nearest(to: name)), reason: .unknownName)
    }
  }

  /// Every name a function may be given by — Core Animation's, the constants', CSS's keywords —
  /// each suggesting its Core Animation name (`easeInOut` is CSS's `ease-in-out` folded, so it
  /// suggests `easeInEaseOut`), and CSS's `step-start` and `step-end`.
  static let nameSuggestion = NameSuggestion(
    spellings: NamedTimingFunction.spellings + ["step-start", "step-end"].map { ($0, $0) })

  /// The functional forms, by the name before the parenthesis.
  static let formSuggestion = NameSuggestion(
    spellings: ["cubic-bezier", "steps", "linear", "spring"].map { ($0, $0 + "()") })

  private static func hint(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean \($0)?" } ?? ""
  }

  /// Control points given as four numbers (`CAMediaTimingFunction(controlPoints:)`).
  public static func controlPoints(_ p: [Double]) throws(TimingFunctionParseError) -> TimingFunction
  {
    .controlPoints(try checkedBezier(p))
  }

  static func checkedBezier(_ p: [Double]) throws(TimingFunctionParseError) -> CubicBezier {
    guard p.count == 4 else {
      throw TimingFunctionParseError(
        "a cubic Bézier needs exactly 4 numbers x1, y1, x2, y2; got \(p.count)")
    }
    guard p.allSatisfy(\.isFinite) else {
      throw TimingFunctionParseError("control points must be finite numbers")
    }
    // Each x named on its own: "x1 must lie in [0, 1]; got 1.5" says which number to change.
    let outside = [("x1", p[0]), ("x2", p[2])].filter { !(0...1).contains($0.1) }
    guard outside.isEmpty else {
      throw TimingFunctionParseError(
        outside.map { "\($0.0) must lie in [0, 1]; got \(numberText($0.1))" }
          .joined(separator: ", and ")
          + ": a control point's x is a fraction of the duration, and outside [0, 1] the curve is not a function of time"
      )
    }
    guard p.allSatisfy({ abs($0) <= 1e6 }) else {
      throw TimingFunctionParseError("control point y values must lie in [-1e6, 1e6]")
    }
    return CubicBezier(p[0], p[1], p[2], p[3])
  }

  private static func parseCubicBezier(_ arguments: [String]) throws(TimingFunctionParseError)
    -> CubicBezier
  {
    guard arguments.count == 4 else {
      throw TimingFunctionParseError(
        "cubic-bezier() takes 4 comma-separated numbers x1, y1, x2, y2; got \(arguments.count)")
    }
    var values: [Double] = []
    for argument in arguments {
      values.append(try cssNumber(argument, what: "a cubic-bezier() argument"))
    }
    return try checkedBezier(values)
  }

  private static func parseSteps(_ arguments: [String]) throws(TimingFunctionParseError) -> Steps {
    guard arguments.count == 1 || arguments.count == 2 else {
      throw TimingFunctionParseError(
        "steps() takes a step count and an optional position; got \(arguments.count) arguments")
    }
    guard let count = Int(arguments[0]), count >= 1, count <= 1_000_000 else {
      throw TimingFunctionParseError(
        "steps() needs a whole step count from 1 to 1000000; got '\(arguments[0].prefix(32))'")
    }
    var position = Steps.JumpPosition.jumpEnd
    if arguments.count == 2 {
      switch arguments[1].lowercased() {
      case "start", "jump-start": position = .jumpStart
      case "end", "jump-end": position = .jumpEnd
      case "jump-none": position = .jumpNone
      case "jump-both": position = .jumpBoth
      default:
        throw TimingFunctionParseError(
          "unknown steps() position '\(arguments[1].prefix(32))': use jump-start, jump-end, jump-none, jump-both, start or end"
        )
      }
    }
    if position == .jumpNone && count < 2 {
      throw TimingFunctionParseError("steps(n, jump-none) needs n ≥ 2")
    }
    return Steps(count: count, position: position)
  }

  private static func parseLinear(_ arguments: [String]) throws(TimingFunctionParseError)
    -> LinearEasing
  {
    guard arguments.count >= 2 else {
      throw TimingFunctionParseError("linear() needs at least 2 stops, e.g. linear(0, 0.25 75%, 1)")
    }
    guard arguments.count <= 10_000 else {
      throw TimingFunctionParseError("linear() takes at most 10000 stops")
    }
    var stops: [LinearEasing.Stop] = []
    for (index, argument) in arguments.enumerated() {
      // `<number> && <percentage>{0,2}`: the number comes before or after the percentages.
      let tokens = argument.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
      let numberPositions = tokens.indices.filter { !tokens[$0].hasSuffix("%") }
      guard numberPositions.count == 1,
        numberPositions[0] == 0 || numberPositions[0] == tokens.count - 1,
        tokens.count <= 3
      else {
        throw TimingFunctionParseError(
          "linear() stop \(index + 1) ('\(argument.prefix(32))') must be a number with up to two percentages"
        )
      }
      let value = try cssNumber(String(tokens[numberPositions[0]]), what: "a linear() output")
      var percents: [Double] = []
      for token in tokens where token.hasSuffix("%") {
        percents.append(try cssNumber(String(token.dropLast()), what: "a linear() percentage"))
      }
      // Bounded like a cubic-bezier()'s y values: near ±1e308 the differences between stops,
      // and the inputs CSS spaces evenly between them, overflow to infinity
      // (fuzz-timing-function: linear(0 5%, 5.1e307 6%, 0.1 13%, -1 13%) gave -inf at x = 0).
      guard abs(value) <= 1e6, percents.allSatisfy({ abs($0) <= 1e6 }) else {
        throw TimingFunctionParseError(
          "linear() stop \(index + 1): outputs and percentages must lie in [-1e6, 1e6]")
      }
      stops.append(LinearEasing.Stop(output: value, inputPercents: percents))
    }
    return LinearEasing(stops: stops)
  }

  private static func parseSpring(_ arguments: [String], allowEmpty: Bool)
    throws(TimingFunctionParseError) -> SpringCurve
  {
    if allowEmpty { return SpringCurve.defaultParameters }
    guard arguments.count <= 4 else {
      throw TimingFunctionParseError(
        "spring() takes up to 4 numbers: mass, stiffness, damping, initialVelocity")
    }
    var values = [1.0, 100, 10, 0]
    for (i, argument) in arguments.enumerated() {
      values[i] = try cssNumber(argument, what: "a spring() argument")
    }
    return try checkedSpring(
      mass: values[0], stiffness: values[1], damping: values[2], initialVelocity: values[3])
  }

  /// Springs whose parameters keep the closed form well inside double range.
  public static func checkedSpring(
    mass: Double, stiffness: Double, damping: Double, initialVelocity: Double
  ) throws(TimingFunctionParseError) -> SpringCurve {
    guard (1e-6...1e6).contains(mass) else {
      throw TimingFunctionParseError("spring mass must lie in [1e-6, 1e6]")
    }
    guard (1e-6...1e6).contains(stiffness) else {
      throw TimingFunctionParseError("spring stiffness must lie in [1e-6, 1e6]")
    }
    guard (0...1e6).contains(damping) else {
      throw TimingFunctionParseError("spring damping must lie in [0, 1e6]")
    }
    guard (-1e6...1e6).contains(initialVelocity) else {
      throw TimingFunctionParseError("spring initialVelocity must lie in [-1e6, 1e6]")
    }
    return SpringCurve(
      mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
  }

  /// A CSS `<number>`: optional sign, digits with an optional fraction, optional exponent.
  /// Stricter than `Double(_:)`, which would also take `nan`, `inf` and hexadecimal.
  static func cssNumber(_ text: String, what: String) throws(TimingFunctionParseError) -> Double {
    guard isCSSNumber(text), let value = Double(text), value.isFinite else {
      throw TimingFunctionParseError("\(what) must be a finite number; got '\(text.prefix(32))'")
    }
    return value
  }
}

/// The grammar of a CSS number token, checked byte by byte.
func isCSSNumber(_ text: String) -> Bool {
  var bytes = Substring(text).utf8[...]
  if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
    bytes = bytes.dropFirst()
  }
  func digits(_ b: inout Substring.UTF8View.SubSequence) -> Int {
    var n = 0
    while let c = b.first, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
      b = b.dropFirst()
      n += 1
    }
    return n
  }
  var count = digits(&bytes)
  if bytes.first == UInt8(ascii: ".") {
    bytes = bytes.dropFirst()
    let fraction = digits(&bytes)
    if fraction == 0 { return false }
    count += fraction
  }
  if count == 0 || count > 400 { return false }
  if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
    bytes = bytes.dropFirst()
    if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      bytes = bytes.dropFirst()
    }
    let exponent = digits(&bytes)
    if exponent == 0 || exponent > 4 { return false }
  }
  return bytes.isEmpty
}

extension NamedTimingFunction {
  /// Every name `lookUp` finds a function by, each with the function's Core Animation name.
  static let spellings: [(spelling: String, meaning: String)] = allCases.flatMap { named in
    [named.rawValue, named.constantName, named.cssName].map { ($0, named.rawValue) }
  }

  /// "Did you mean …?" for a name `lookUp` does not find: its Core Animation name.
  public static let suggestion = NameSuggestion(spellings: spellings)

  /// Finds a function by its Core Animation name, constant name or CSS keyword.
  public static func lookUp(_ name: String) -> NamedTimingFunction? {
    if let named = NamedTimingFunction(rawValue: name) { return named }
    let lowered = name.lowercased()
    return allCases.first { $0.constantName == name || $0.cssName == lowered }
  }
}

extension String {
  /// The string without leading and trailing ASCII whitespace characters. A string whose first
  /// and last bytes are not whitespace is returned as it is, without looking at its characters:
  /// a whitespace character is one ASCII byte, so it would have to be one of those bytes (every
  /// curve name of a small GET comes this way, where the character walk and the copy were 3 %
  /// of the request in process).
  func trimmingASCIIWhitespace() -> String {
    let ends = (utf8.first, utf8.last)
    if let first = ends.0, let last = ends.1, !Self.isASCIIWhitespace(first),
      !Self.isASCIIWhitespace(last)
    {
      return self
    }
    let isSpace: (Character) -> Bool = {
      $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}"
    }
    guard let start = firstIndex(where: { !isSpace($0) }) else { return "" }
    let end = lastIndex(where: { !isSpace($0) })!
    return String(self[start...end])
  }

  private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
  }
}
