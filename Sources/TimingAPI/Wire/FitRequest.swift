import TimingEngine

/// `POST /v1/fit`'s body (docs/fit.md): the motion to fit — a curve (a CSS easing, or any timing
/// function the service names) or samples `[[t, v], …]` in seconds and any unit — and what is
/// known of it: `from`/`to` when the clip does not start or end at rest, the samples' `noise`
/// (standard deviation) or `quantization` (their rounding step), a curve's `duration` and a
/// `linear()`'s `printer`.
struct FitRequest: Sendable {
  enum Member: String, WireMember {
    case curve, samples, from, to, noise, quantization, duration, printer
  }

  /// The motion as times (seconds from its start) and values.
  let times: [Double]
  let values: [Double]
  let from: Double
  let to: Double
  let noise: Double?
  let quantization: Double?
  /// Whether `quantization` was read from a `linear()`'s printed decimals, not given.
  let quantizationInferred: Bool
  /// The curve's text, for a curve; nil for samples.
  let curve: String?
  /// A curve's duration (seconds), and where it came from.
  let duration: Double
  let durationSource: DurationSource
  /// Who printed a `linear()` (named, or inferred from its text): how far each stop may be from
  /// the spring (`bounds`).
  let printer: LinearPrinter?
  let printerInferred: Bool

  enum DurationSource: String, Sendable {
    /// `duration` given, or printed before the curve as Motion's `toString()` does (`610ms
    /// linear(…)`).
    case given, printed
    /// Motion's stops, one every 10 ms.
    case motionStops
    /// None: 1 s, the curve's own time.
    case assumed
  }

  /// Most samples one fit takes (the work budget refuses fewer for the slowest models), and a
  /// `linear()`'s most stops.
  static let maxSamples = 100_000
  static let maxStops = 10_000
  /// Points a curve other than `linear()` is sampled at.
  static let curvePoints = 201

  init?(json value: JSONValue, in context: inout DecodingContext) {
    let root = JSONPointer()
    guard let members = context.object(value, at: root) else { return nil }
    for (name, _) in members where Member(rawValue: name) == nil {
      context.fail(
        root / name,
        "unknown member; a fit takes curve or samples, and from, to, noise, quantization, duration, printer"
      )
    }
    let problemsBefore = context.problems.count
    func positive(_ member: Member, _ range: ClosedRange<Double>) -> Double? {
      guard let given = value[member],
        let n = context.number(given, at: root / member, in: range, what: "a number greater than 0")
      else { return nil }
      guard n > 0 else {
        context.fail(root / member, "must be greater than 0")
        return nil
      }
      return n
    }
    func number(_ member: Member) -> Double? {
      value[member].flatMap { context.number($0, at: root / member, in: -1e12...1e12) }
    }
    let noise = positive(.noise, 0...1e12)
    var quantization = positive(.quantization, 0...1e12)
    let givenFrom = number(.from)
    let givenTo = number(.to)
    var inferred = false
    var times: [Double] = []
    var values: [Double] = []
    var curveText: String?
    var duration = 1.0
    var durationSource = DurationSource.assumed
    var printer: LinearPrinter?
    var printerInferred = false
    if let given = value[Member.printer] {
      if value[Member.curve] == nil {
        context.fail(root / Member.printer, "is a linear()'s; samples have no printer")
      } else if let name = context.string(given, at: root / Member.printer, maxLength: 40) {
        printer = LinearPrinter(rawValue: name)
        if printer == nil {
          context.fail(
            root / Member.printer,
            "'\(name)' is not a printer; the printers are "
              + LinearPrinter.allCases.map(\.rawValue).joined(separator: ", "))
        }
      }
    }
    switch (value[Member.curve], value[Member.samples]) {
    case (nil, nil):
      context.fail(root, "needs curve (a CSS easing) or samples ([[t, v], …])")
    case (.some, .some):
      context.fail(root / Member.samples, "give curve or samples, not both")
    case (let curve?, nil):
      if let given = value[Member.duration] {
        duration =
          context.number(given, at: root / Member.duration, in: 1e-6...1e6, what: "seconds") ?? 1
        durationSource = .given
      }
      guard var text = context.string(curve, at: root / Member.curve, maxLength: 1 << 20) else {
        break
      }
      curveText = text
      if let (printed, rest) = Self.printedDuration(text) {
        guard durationSource != .given else {
          context.fail(
            root / Member.duration,
            "is given twice: the curve states its duration (\(numberText(printed)) s) before it")
          break
        }
        guard (1e-6...1e6).contains(printed) else {
          context.fail(
            root / Member.curve,
            "states a duration of \(numberText(printed)) s; it must lie in [1e-6, 1e6] seconds")
          break
        }
        duration = printed
        durationSource = .printed
        text = rest
      }
      do throws(TimingFunctionParseError) {
        let function = try TimingFunction(parsing: text)
        if case .linear(let easing) = function {
          guard easing.points.count <= Self.maxStops else {
            context.fail(
              root / Member.curve,
              "has \(easing.points.count) stops; a fit takes at most \(Self.maxStops)")
            break
          }
          // The stops are the data: a linear() is what a printer sampled.
          values = easing.points.map(\.output)
          let step = Self.printedStep(text)
          if printer == nil {
            printer = LinearPrinter.inferred(text: text, step: step)
            printerInferred = printer != nil
          }
          if printer == .motion && !printerInferred && durationSource == .assumed {
            // One stop every 10 ms of the spring's duration (Math.round(duration / 10) stops).
            duration = Double(values.count) * LinearPrinter.motionResolution
            durationSource = .motionStops
          }
          times = easing.points.map { $0.input * duration }
          if quantization == nil, let step = printer == .motion ? LinearPrinter.motionStep : step {
            quantization = step
            inferred = true
          }
        } else {
          if printer != nil {
            context.fail(root / Member.printer, "is a linear()'s; '\(text.prefix(40))' is not one")
          }
          times = (0..<Self.curvePoints).map {
            Double($0) / Double(Self.curvePoints - 1) * duration
          }
          values = times.map { function.evaluate($0 / duration) }
        }
      } catch {
        context.fail(root / Member.curve, "'\(text.prefix(60))' is not an easing: \(error.message)")
      }
    case (nil, let samples?):
      if value[Member.duration] != nil {
        context.fail(root / Member.duration, "is a curve's; samples have their own times")
      }
      let at = root / Member.samples
      guard let items = context.array(samples, at: at, max: Self.maxSamples) else { break }
      for (i, item) in items.enumerated() {
        // One problem a sample: its shape, else its numbers.
        if case .array(let pair) = item, pair.count != 2 {
          context.fail(at / i, "must be [t, v]: 2 numbers, not \(pair.count)")
          continue
        }
        guard let pair = context.array(item, at: at / i, max: 2), pair.count == 2,
          let t = context.number(pair[0], at: at / i / 0, in: -1e6...1e6, what: "a time, seconds"),
          let v = context.number(pair[1], at: at / i / 1, in: -1e12...1e12, what: "a value")
        else { continue }
        if let last = times.last, t <= last {
          context.fail(at / i / 0, "must be later than the sample before (\(numberText(last)) s)")
          continue
        }
        times.append(t)
        values.append(v)
      }
    }
    guard context.problems.count == problemsBefore else { return nil }
    guard times.count >= 3 else {
      context.fail(
        root / (curveText == nil ? Member.samples : Member.curve),
        "needs at least 3 samples to fit; it has \(times.count)")
      return nil
    }
    guard times[times.count - 1] > times[0] else {
      context.fail(
        root / (curveText == nil ? Member.samples : Member.curve),
        "spans no time: every sample is at \(numberText(times[0])) (a linear()'s stops all at one input)"
      )
      return nil
    }
    let from = givenFrom ?? values[0]
    let to = givenTo ?? values[values.count - 1]
    let scale = max(abs(from), abs(to), values.map(abs).max() ?? 0, 1e-300)
    guard abs(to - from) > 1e-12 * scale else {
      context.fail(
        // The member given that made them equal: to, else from, else the samples' ends.
        givenTo != nil
          ? root / Member.to : givenFrom != nil ? root / Member.from : root / Member.samples,
        "goes nowhere: its start and end values are equal (\(numberText(from))), so there is no motion to fit; give from and to"
      )
      return nil
    }
    // Noise and rounding over the distance are what the intervals use: far beyond it they say
    // nothing (and overflow).
    for (member, given) in [(Member.noise, noise), (Member.quantization, quantization)] {
      if let given, !(given / abs(to - from) <= 1e6) {
        context.fail(
          root / member,
          "is \(numberText(given)), more than 10⁶ times the distance \(numberText(abs(to - from))): it leaves nothing to fit"
        )
        return nil
      }
    }
    self.times = times.map { $0 - times[0] }
    self.values = values
    self.from = from
    self.to = to
    self.noise = noise
    self.quantization = quantization
    quantizationInferred = inferred
    curve = curveText
    self.duration = duration
    self.durationSource = durationSource
    self.printer = printer
    self.printerInferred = printerInferred
  }

  /// Each sample's largest error from the motion when they are rounded (`quantization`), in
  /// value units: half the step, and what the printer adds (Motion's rest delta where it printed
  /// the target); nil when no rounding is known.
  var bounds: [Double]? {
    guard let quantization else { return nil }
    return (printer ?? .decimals).bounds(values: values, step: quantization, distance: to - from)
  }

  /// A duration printed before a curve, as Motion's spring `toString()` writes it (`610ms
  /// linear(…)`), in seconds, and the curve after it; nil when the text starts with the curve.
  static func printedDuration(_ text: String) -> (Double, String)? {
    let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
    guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) else {
      return nil
    }
    let head = trimmed[..<space]
    let (number, scale) =
      head.hasSuffix("ms")
      ? (head.dropLast(2), 0.001)
      : head.hasSuffix("s")
        ? (head.dropLast(), 1)
        : ("", 0)
    guard !number.isEmpty, number.first != "+", let value = Double(number), value.isFinite else {
      return nil
    }
    return (value * scale, String(trimmed[space...]))
  }

  /// The step a `linear()`'s outputs were printed to: 10^−d for the most decimals d any output
  /// has, if at most 8 (a printer's rounding, such as Motion's 4 decimals or 3 by hand).
  static func printedStep(_ text: String) -> Double? {
    guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")") else {
      return nil
    }
    var most = 0
    for stop in text[text.index(after: open)..<close].split(separator: ",") {
      // The output is the stop's number; its percentages (before or after it) are inputs.
      guard let output = stop.split(separator: " ").first(where: { !$0.hasSuffix("%") }) else {
        continue
      }
      let decimals =
        output.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).dropFirst()
        .first.map { $0.prefix { $0.isNumber }.count } ?? 0
      if output.contains("e") || output.contains("E") { return nil }
      most = max(most, decimals)
    }
    guard most <= 8 else { return nil }
    var step = 1.0
    for _ in 0..<most { step /= 10 }
    return step
  }
}
