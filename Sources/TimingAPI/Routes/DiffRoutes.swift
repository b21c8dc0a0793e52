import HTTPTransport
import TimingEngine

/// `POST /v1/diff` (docs/diff.md): two animations — each a Lottie document or a scene — compared
/// as motion, the check a design system runs in CI ("did this change move anything?").
struct DiffRoutes {
  let configuration: APIConfiguration

  static let path = "/v1/diff"

  var routes: [Route] { [Route.post(Self.path, .heavy, diff)] }

  enum Member: String, WireMember, CaseIterable {
    case a, b
  }

  enum Parameter: String, WireMember, CaseIterable {
    case fps, times, tolerance, opacityTolerance
  }

  static let parameters = Set(Parameter.allCases.map(\.rawValue))

  /// Widest a tolerance may be: a difference of 1e9 px is no motion anyone checks.
  static let toleranceRange = 0.0...1e9

  private func diff(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    try context.acceptJSON(allowed: Self.parameters)
    var problems = DecodingContext.query()
    var tolerance = MotionDiff.Tolerance.standard
    if let pixels = problems.number(
      parameter: Parameter.tolerance.rawValue, in: context.query, range: Self.toleranceRange,
      message: "must be a number of pixels in [0, 1e9]")
    {
      tolerance.pixels = pixels
    }
    if let opacity = problems.number(
      parameter: Parameter.opacityTolerance.rawValue, in: context.query, range: 0...1,
      message: "must be a number in [0, 1] (opacity and colour channels)")
    {
      tolerance.opacity = opacity
    }
    let fps = problems.number(
      parameter: Parameter.fps.rawValue, in: context.query, range: 1e-6...1e6,
      message: "must be a number of samples a second in [1e-6, 1e6]")
    var given: [Double]?
    if let text = context.query.first(Parameter.times) {
      given = problems.times(
        text, parameter: Parameter.times.rawValue, maxCount: configuration.maxSamples)
    }
    if given != nil && fps != nil {
      problems.fail(parameter: Parameter.fps, "is not taken with times, which lists the times")
    }
    try problems.throwIfFailed()

    let (body, decoding) = try context.jsonBody(budget: configuration.workBudget)
    var budget = decoding.budget
    let root = JSONPointer()
    guard case .object(let members) = body else {
      throw Problem.invalidRequest([
        .at(root, "must be an object {\"a\": …, \"b\": …}, not \(body.typeName)")
      ])
    }
    var bad: [Problem.FieldError] = []
    for (name, _) in members where Member(rawValue: name) == nil {
      bad.append(
        .at(root / name, "unknown member; a diff takes a and b, each a Lottie document or a scene"))
    }
    for member in Member.allCases {
      switch body[member] {
      case nil: bad.append(.at(root / member, "is required: a Lottie document or a scene"))
      case .object?: break
      case let value?:
        bad.append(
          .at(
            root / member, "must be a Lottie document or a scene (an object), not \(value.typeName)"
          ))
      }
    }
    guard bad.isEmpty, let bodyA = body[Member.a], let bodyB = body[Member.b] else {
      throw Problem.invalidRequest(bad)
    }
    let sideA = root / Member.a
    let sideB = root / Member.b
    let sourceA = try MotionSource(
      bodyA, side: sideA, configuration: configuration, budget: &budget)
    let sourceB = try MotionSource(
      bodyB, side: sideB, configuration: configuration, budget: &budget)
    let times: [Double]
    if let given {
      times = given
    } else {
      times = try Self.times(sourceA, sourceB, fps: fps, limit: configuration.maxSamples)
    }
    let a = try sourceA.sampled(
      at: times, side: sideA, configuration: configuration, budget: &budget)
    let b = try sourceB.sampled(
      at: times, side: sideB, configuration: configuration, budget: &budget)
    do throws(WorkBudget.Exhausted) {
      try budget.charge(Self.comparisonCost(a, b, times: times.count), .sampling)
    } catch {
      throw Problem.tooMuchWork(
        error,
        field: .parameter(
          Parameter.times.rawValue,
          "comparing \(a.layers.count) and \(b.layers.count) layers at \(times.count) times"))
    }
    context.meter.charged(workUnits: budget.spent)
    let diff = MotionDiff(
      sourceA, a, sourceB, b, times: times,
      fps: given == nil ? fps ?? Self.defaultRate(sourceA, sourceB) : nil,
      tolerance: tolerance)
    var w = JSONWriter(capacity: 1 << 14)
    diff.write(to: &w)
    return try context.json(w)
  }

  /// Without `fps`: the faster side's frame rate, so that each side's every frame is compared
  /// where the two rates are one.
  static func defaultRate(_ a: MotionSource, _ b: MotionSource) -> Double {
    max(a.frameRate, b.frameRate)
  }

  /// The times compared: `fps` a second from the earlier side's start to the later side's end
  /// (a Lottie document's `op` not included, a scene's last sample included), so that a layer
  /// one side shows longer is a visibility difference.
  static func times(_ a: MotionSource, _ b: MotionSource, fps: Double?, limit: Int)
    throws(Problem) -> [Double]
  {
    let rate = fps ?? defaultRate(a, b)
    let (wa, wb) = (a.window, b.window)
    let start = min(wa.start, wb.start)
    let end = max(wa.end, wb.end)
    let included = (wa.end == end && wa.endIncluded) || (wb.end == end && wb.endIncluded)
    // Samples k/rate from the start, to 1e-9 of a sample: a last sample on the end is on it.
    let span = (end - start) * rate
    let count = (included ? (span + 1e-9).rounded(.down) : (span - 1e-9).rounded(.up) - 1) + 1
    guard count.isFinite, count <= Double(limit) else {
      throw Problem.tooMuchWork(
        "comparing from \(numberText(start)) s to \(numberText(end)) s at \(numberText(rate)) a second is \(numberText(count.rounded(.up))) times; at most \(limit) are compared. Ask for a lower fps, or list times.",
        .parameter(Parameter.fps.rawValue, "compares \(numberText(rate)) times a second"))
    }
    // Each once: two samples a rounding apart would index the sides' columns differently
    // (a scene's are made from its distinct times).
    return ExportedColumns.sortedDistinct(
      (0..<max(Int(count), 1)).map { start + Double($0) / rate })
  }

  /// An upper bound of the comparison's work: each layer of the smaller side paired, with
  /// every colour it has, at every time; and the keys written.
  static func comparisonCost(_ a: MotionSide, _ b: MotionSide, times: Int) -> Int {
    let smaller = a.layers.count <= b.layers.count ? a : b
    var perTime = 0
    for layer in smaller.layers {
      perTime = WorkBudget.adding(
        perTime,
        MotionDiff.pairTimeCost + MotionDiff.colorTimeCost * layer.colors.count)
    }
    var text = 0
    for side in [a, b] {
      for layer in side.layers {
        text = WorkBudget.adding(text, layer.key.utf8.count + (layer.name?.utf8.count ?? 0))
      }
    }
    return WorkBudget.adding(
      WorkBudget.multiplying(perTime, times),
      WorkBudget.multiplying(text, 2 * LottieTimeline.byteCost))
  }
}
