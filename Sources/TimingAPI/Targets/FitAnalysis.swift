import TimingEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `POST /v1/fit`'s answer (docs/fit.md): each model fitted to the motion by least squares —
/// a damped spring, a cubic Bézier, each of Core Animation's named curves — best first by the
/// root mean square of the residuals; for each, whether it can produce the data at all; for the
/// spring, an interval per parameter from the noise or the rounding, what the data leave
/// undetermined, and the spring in every API of `POST /v1/springs`.
struct FitAnalysis: Sendable {
  enum Model: String, CaseIterable, Sendable {
    case spring, cubicBezier, named
  }

  struct Residual: Sendable {
    /// In progress (fractions of the distance).
    let rms: Double
    let max: Double
  }

  enum Result: Sendable {
    case spring(SpringFit, widths: [Double]?, ranges: [SpringFit.ProfileRange?])
    case cubicBezier(CubicBezier, residual: Residual)
    case named(NamedTimingFunction, residual: Residual)

    var rms: Double {
      switch self {
      case .spring(let fit, _, _): fit.rms
      case .cubicBezier(_, let residual), .named(_, let residual): residual.rms
      }
    }
  }

  let request: FitRequest
  let results: [Result]
  /// The data's turning points beyond the noise or rounding: a cubic Bézier has at most two.
  let turningPoints: Int
  /// The noise σ in progress the intervals come from, and whether it was estimated from the
  /// spring's residual (none given).
  let sigma: Double?
  let sigmaEstimated: Bool
  let warnings: [String]

  enum Member: String, WireMember {
    case input, models, warnings
  }

  enum InputMember: String, WireMember {
    case kind, count, from, to, distance, span, duration, durationSource, noise, quantization
    case quantizationInferred, printer, printerInferred
  }

  enum ModelMember: String, WireMember {
    case model, name, css, parameters, objective, residual, withinRounding, producesData, why
    case intervals, spring
  }

  enum RoundingMember: String, WireMember {
    case held, largestOverBound
  }

  enum ResidualMember: String, WireMember {
    case rms, max, rmsFraction, maxFraction
  }

  enum SpringMember: String, WireMember {
    case dampingRatio, angularFrequency, initialVelocity
  }

  enum BezierMember: String, WireMember {
    case x1, y1, x2, y2
  }

  enum IntervalMember: String, WireMember {
    case low, high, kind, determined, fitsEqually
  }

  enum RangeMember: String, WireMember {
    case low, high, lowFound, highFound
  }

  /// The work units a fit is charged a sample: the spring's search, the Bézier's (36 starts and
  /// two refinements, each an exact least-squares solve per pair of x), the named curves.
  static func cost(samples: Int, models: [Model], minimax: Bool) -> Int {
    var perSample = 0
    var fixed = 0
    for model in models {
      switch model {
      case .spring:
        perSample += SpringFit.workPerSample + (minimax ? SpringFit.minimaxWorkPerSample : 0)
        fixed = WorkBudget.multiplying(
          Swift.max(samples, SpringFit.profileChargedSamples), SpringFit.profileWorkPerSample)
      case .cubicBezier: perSample += 1_500
      case .named: perSample += 50
      }
    }
    return WorkBudget.adding(WorkBudget.multiplying(samples, perSample), fixed)
  }

  init(_ request: FitRequest, models: [Model]) {
    self.request = request
    let distance = request.to - request.from
    let progress = request.values.map { ($0 - request.from) / distance }
    let span = request.times.last!
    let xs = request.times.map { $0 / span }
    var results: [Result] = []
    var warnings: [String] = []
    let sigmaGiven = request.noise.map { $0 / abs(distance) }
    let quantum = request.quantization.map { $0 / abs(distance) }
    var sigma = sigmaGiven
    var estimated = false
    for model in models {
      switch model {
      case .spring:
        // Rounded samples (and no noise) bound each error: the smallest largest residual over
        // its bound is sought, so the spring passes every sample within it when one does.
        let bounds = request.bounds?.map { $0 / abs(distance) }
        let fit = SpringFit(
          times: request.times, progress: progress, bounds: Self.minimax(request) ? bounds : nil)
        if sigma == nil && quantum == nil && progress.count > 3 {
          // No noise stated: the residual's own, n − 3 degrees of freedom.
          sigma = fit.rms * (Double(progress.count) / Double(progress.count - 3)).squareRoot()
          estimated = true
        }
        // With neither noise nor rounding and no residual degrees of freedom (3 samples), no
        // interval can be said.
        // The bounds weigh the samples only where the fit weighed them (rounded, no noise);
        // with noise the least squares were unweighted, and the rounding bound is half a step.
        let widthBounds =
          Self.minimax(request)
          ? bounds : quantum.map { [Double](repeating: $0 / 2, count: progress.count) }
        let widths =
          sigma == nil && quantum == nil ? nil : fit.halfWidths(sigma: sigma, bounds: widthBounds)
        let ranges = Self.ranges(fit, widths: widths, sigma: sigma, minimax: Self.minimax(request))
        results.append(.spring(fit, widths: widths, ranges: ranges))
        let values = [fit.dampingRatio, fit.angularFrequency, fit.initialVelocity]
        for (parameter, range) in zip(SpringFit.Parameter.allCases, ranges) {
          let k = parameter.rawValue
          guard !Self.determined(k, widths: widths, values: values) else { continue }
          let words = ["damping ratio", "angular frequency (rad/s)", "initial velocity"]
          if let range {
            warnings.append(
              "the data do not determine the spring's \(words[k]): springs with it from \(Self.rounded(range.low))\(range.lowFound ? "" : " or less") to \(Self.rounded(range.high))\(range.highFound ? "" : " or more") fit equally, the other two refitted"
            )
          } else {
            warnings.append(
              "the data do not determine the spring's \(words[k])\(sigma == nil && quantum == nil ? "" : "; no range that fits equally was found within the work a fit is allowed")"
            )
          }
        }
        // The first overshoot, where it is one a motion shows (0.001 of the distance or more).
        let zeta = fit.dampingRatio
        if zeta < 1, exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot()) >= 0.001 {
          let peak = Double.pi / (fit.angularFrequency * (1 - zeta * zeta).squareRoot())
          if span < peak {
            warnings.append(
              "the clip ends at \(numberText(span)) s, before the fitted spring's first overshoot at \(numberText(peak)) s: its damping ratio and frequency trade against each other there"
            )
          }
        }
      case .cubicBezier:
        let (bezier, residual) = Self.cubicBezier(xs, progress)
        results.append(.cubicBezier(bezier, residual: residual))
      case .named:
        for name in NamedTimingFunction.allCases {
          let curve = name.bezier
          results.append(.named(name, residual: Self.residual(xs, progress) { curve.solve($0) }))
        }
      }
    }
    results.sort { $0.rms < $1.rms }
    self.results = results
    let tolerance = max(3 * (sigmaGiven ?? 0), (quantum ?? 0), 1e-9)
    turningPoints = Self.turningPoints(progress, tolerance: tolerance)
    if progress.count < 10 {
      warnings.append("only \(progress.count) samples: each parameter rests on few points")
    }
    if request.quantizationInferred, let q = request.quantization {
      warnings.append(
        "the linear()'s outputs read as rounded to \(numberText(q)) (\(request.printer == .motion ? "Motion's 4 decimals" : "the most decimals printed")): the spring's intervals are bounds for that rounding"
      )
    }
    switch request.durationSource {
    case .given, .printed: break
    case .assumed:
      if request.curve != nil {
        warnings.append(
          "a curve's times are fractions of its duration, taken as \(numberText(request.duration)) s: give duration for the spring in seconds"
        )
      }
    case .motionStops:
      let count = Double(request.times.count)
      warnings.append(
        "Motion prints a stop every 10 ms: its duration taken as \(numberText(request.duration)) s from the \(request.times.count) stops, within ±5 ms (±\(numberText((5000 / count).rounded() / 100)) %, which ω₀ and v₀ scale with); give duration when known"
      )
    }
    if request.printer == .motion {
      let snapped = zip(request.values, request.bounds ?? []).filter {
        $0.0 == request.values.last && $0.1 > (request.quantization ?? 0) / 2
      }.count
      warnings.append(
        "\(request.printerInferred ? "read as printed by Motion (evenly spaced stops, 4 decimals): " : "")\(snapped) \(snapped == 1 ? "stop" : "stops") equal to the target taken as Motion's rest, where it prints the target for a spring within 0.005 of it"
      )
    }
    self.sigma = sigma
    sigmaEstimated = estimated
    self.warnings = warnings
  }

  /// Whether the spring's objective is the largest residual (rounded samples, no noise stated)
  /// rather than their squares' sum.
  static func minimax(_ request: FitRequest) -> Bool {
    request.quantization != nil && request.noise == nil
  }

  /// For each parameter the data leave undetermined (no interval, or one wider than half its
  /// value), the range over which springs fit equally (`SpringFit.range(of:)`): for rounded
  /// samples, every residual within its bound (or within the fit's own largest ratio to it, if
  /// that is above 1); with noise, stated or estimated, the sum of squares within 3.84 σ² of the
  /// fit's (the profile's 95 %, χ² with one degree of freedom). nil where the parameter is
  /// determined, or nothing says what fits equally (3 samples, no noise or rounding).
  static func ranges(_ fit: SpringFit, widths: [Double]?, sigma: Double?, minimax: Bool)
    -> [SpringFit.ProfileRange?]
  {
    let values = [fit.dampingRatio, fit.angularFrequency, fit.initialVelocity]
    let passes = SpringFit.profilePasses(samples: fit.jacobian.count)
    let criterion: (([Double]) -> Bool)?
    if minimax, let bounds = fit.bounds {
      let allowed = Swift.max(1, fit.maxOverBound ?? 1) * (1 + 1e-9)
      criterion = { r in zip(r, bounds).allSatisfy { abs($0) <= $1 * allowed } }
    } else if let sigma {
      let n = Double(fit.jacobian.count)
      let threshold = fit.rms * fit.rms * n + 3.84 * sigma * sigma
      criterion = { r in r.reduce(0) { $0 + $1 * $1 } <= threshold }
    } else {
      criterion = nil
    }
    guard let criterion else { return [nil, nil, nil] }
    // The passes shared alike among the parameters left open, so each gets its range.
    let open = SpringFit.Parameter.allCases.filter {
      !determined($0.rawValue, widths: widths, values: values)
    }
    let share = passes / Swift.max(open.count, 1)
    return SpringFit.Parameter.allCases.map { parameter in
      guard open.contains(parameter) else { return nil }
      var left = share
      let range = fit.range(of: parameter, passes: &left, fitsEqually: criterion)
      // No step taken either way: the work ran out before a range was found.
      return range.low == range.high && !range.lowFound && !range.highFound ? nil : range
    }
  }

  /// A number for a sentence: 4 significant digits.
  static func rounded(_ value: Double) -> String {
    let bytes = ByteBuffer(capacity: 32)
    ShortestDecimal.append(value, significantDigits: 4, to: bytes)
    return String(decoding: bytes.bytes, as: UTF8.self)
  }

  /// A parameter is determined when its half-width is at most half its value (v₀: half of ω₀).
  static func determined(_ k: Int, widths: [Double]?, values: [Double]) -> Bool {
    guard let widths else { return false }
    return widths[k] <= 0.5 * (k < 2 ? abs(values[k]) : values[1])
  }

  static func residual(_ xs: [Double], _ ys: [Double], _ f: (Double) -> Double) -> Residual {
    var sum = 0.0
    var worst = 0.0
    for (x, y) in zip(xs, ys) {
      let e = abs(f(x) - y)
      sum += e * e
      worst = Swift.max(worst, e)
    }
    return Residual(rms: (sum / Double(xs.count)).squareRoot(), max: worst)
  }

  /// The cubic Bézier of least squared error: for each pair of x the y are an exact linear
  /// least-squares solve, so the search is over (x1, x2) alone — a 6 × 6 grid, then
  /// Nelder–Mead from the two best.
  static func cubicBezier(_ xs: [Double], _ ys: [Double]) -> (CubicBezier, Residual) {
    func fit(_ x1: Double, _ x2: Double) -> (CubicBezier, Double) {
      let (x1, x2) = (Swift.min(Swift.max(x1, 0), 1), Swift.min(Swift.max(x2, 0), 1))
      guard let b = CubicBezierFit.leastSquaresY(x1: x1, x2: x2, xs: xs, ys: ys) else {
        return (CubicBezier(x1, 0, x2, 1), .infinity)
      }
      return (b, residual(xs, ys) { b.solve($0) }.rms)
    }
    var starts: [(CubicBezier, Double)] = []
    for a in 0...5 { for c in 0...5 { starts.append(fit(Double(a) / 5, Double(c) / 5)) } }
    starts.sort { $0.1 < $1.1 }
    var best = starts[0]
    for (start, _) in starts.prefix(2) {
      var simplex: [((Double, Double), (CubicBezier, Double))] = [
        ((start.x1, start.x2), fit(start.x1, start.x2)),
        ((start.x1 + 0.05, start.x2), fit(start.x1 + 0.05, start.x2)),
        ((start.x1, start.x2 + 0.05), fit(start.x1, start.x2 + 0.05)),
      ]
      for _ in 0..<100 {
        simplex.sort { $0.1.1 < $1.1.1 }
        let c = ((simplex[0].0.0 + simplex[1].0.0) / 2, (simplex[0].0.1 + simplex[1].0.1) / 2)
        func toward(_ t: Double) -> ((Double, Double), (CubicBezier, Double)) {
          let p = (c.0 + t * (simplex[2].0.0 - c.0), c.1 + t * (simplex[2].0.1 - c.1))
          let clamped = (Swift.min(Swift.max(p.0, 0), 1), Swift.min(Swift.max(p.1, 0), 1))
          return (clamped, fit(clamped.0, clamped.1))
        }
        let reflected = toward(-1)
        if reflected.1.1 < simplex[0].1.1 {
          let expanded = toward(-2)
          simplex[2] = expanded.1.1 < reflected.1.1 ? expanded : reflected
        } else if reflected.1.1 < simplex[1].1.1 {
          simplex[2] = reflected
        } else {
          let contracted = toward(reflected.1.1 < simplex[2].1.1 ? -0.5 : 0.5)
          if contracted.1.1 < Swift.min(simplex[2].1.1, reflected.1.1) {
            simplex[2] = contracted
          } else {
            for k in 1...2 {
              let p = ((simplex[0].0.0 + simplex[k].0.0) / 2, (simplex[0].0.1 + simplex[k].0.1) / 2)
              simplex[k] = (p, fit(p.0, p.1))
            }
          }
        }
        if abs(simplex[0].0.0 - simplex[2].0.0) + abs(simplex[0].0.1 - simplex[2].0.1) < 1e-9 {
          break
        }
      }
      let found = simplex.min { $0.1.1 < $1.1.1 }!.1
      if found.1 < best.1 { best = found }
    }
    return (best.0, residual(xs, ys) { best.0.solve($0) })
  }

  /// Turns of direction whose swing exceeds `tolerance` (a hysteresis, so noise is not counted).
  static func turningPoints(_ ys: [Double], tolerance: Double) -> Int {
    var turns = 0
    var direction = 0
    var extreme = ys[0]
    for y in ys.dropFirst() {
      switch direction {
      case 0:
        if abs(y - extreme) > tolerance { direction = y > extreme ? 1 : -1; extreme = y }
      case 1:
        if y > extreme {
          extreme = y
        } else if extreme - y > tolerance {
          turns += 1; direction = -1; extreme = y
        }
      default:
        if y < extreme {
          extreme = y
        } else if y - extreme > tolerance {
          turns += 1; direction = 1; extreme = y
        }
      }
    }
    return turns
  }

  func write(to w: inout JSONWriter) {
    let distance = request.to - request.from
    let span = request.times.last!
    w.beginObject()
    w.key(Member.input)
    w.beginObject()
    w.member(InputMember.kind, request.curve == nil ? "samples" : "curve")
    w.member(InputMember.count, request.times.count)
    w.member(InputMember.from, request.from)
    w.member(InputMember.to, request.to)
    w.member(InputMember.distance, distance)
    w.member(InputMember.span, span)
    if request.curve != nil {
      w.member(InputMember.duration, request.duration)
      w.member(InputMember.durationSource, request.durationSource.rawValue)
    }
    w.key(InputMember.noise)
    if let noise = request.noise { w.number(noise) } else { w.null() }
    w.key(InputMember.quantization)
    if let q = request.quantization { w.number(q) } else { w.null() }
    w.member(InputMember.quantizationInferred, request.quantizationInferred)
    if request.curve != nil {
      w.key(InputMember.printer)
      if let printer = request.printer { w.string(printer.rawValue) } else { w.null() }
      w.member(InputMember.printerInferred, request.printerInferred)
    }
    w.endObject()
    w.key(Member.models)
    w.beginArray()
    for result in results {
      w.beginObject()
      switch result {
      case .spring(let fit, let widths, let ranges):
        w.member(ModelMember.model, Model.spring.rawValue)
        w.key(ModelMember.parameters)
        w.beginObject()
        w.member(SpringMember.dampingRatio, fit.dampingRatio)
        w.member(SpringMember.angularFrequency, fit.angularFrequency)
        w.member(SpringMember.initialVelocity, fit.initialVelocity)
        w.endObject()
        w.member(ModelMember.objective, Self.minimax(request) ? "minimax" : "leastSquares")
        writeResidual(Residual(rms: fit.rms, max: fit.maxResidual), to: &w)
        w.key(ModelMember.withinRounding)
        if let ratio = fit.maxOverBound {
          w.beginObject()
          w.member(RoundingMember.held, ratio <= 1 + 1e-9)
          w.member(RoundingMember.largestOverBound, ratio)
          w.endObject()
        } else {
          w.null()
        }
        w.member(ModelMember.producesData, true)
        writeIntervals(fit, widths, ranges, to: &w)
        w.key(ModelMember.spring)
        if let answer = Self.springAnswer(fit, distance: distance) {
          w.fragment(answer)
        } else {
          w.null()
        }
      case .cubicBezier(let b, let residual):
        w.member(ModelMember.model, Model.cubicBezier.rawValue)
        w.member(ModelMember.css, TimingFunction.cubicBezier(b).cssText)
        w.key(ModelMember.parameters)
        w.beginObject()
        w.member(BezierMember.x1, b.x1)
        w.member(BezierMember.y1, b.y1)
        w.member(BezierMember.x2, b.x2)
        w.member(BezierMember.y2, b.y2)
        w.endObject()
        writeResidual(residual, to: &w)
        writeProduces(to: &w)
      case .named(let name, let residual):
        w.member(ModelMember.model, Model.named.rawValue)
        w.member(ModelMember.name, name.rawValue)
        w.member(ModelMember.css, TimingFunction.named(name).cssText)
        writeResidual(residual, to: &w)
        writeProduces(to: &w)
      }
      w.endObject()
    }
    w.endArray()
    w.key(Member.warnings)
    w.strings(warnings)
    w.endObject()
  }

  private func writeResidual(_ residual: Residual, to w: inout JSONWriter) {
    let distance = abs(request.to - request.from)
    w.key(ModelMember.residual)
    w.beginObject()
    w.member(ResidualMember.rms, residual.rms * distance)
    w.member(ResidualMember.max, residual.max * distance)
    w.member(ResidualMember.rmsFraction, residual.rms)
    w.member(ResidualMember.maxFraction, residual.max)
    w.endObject()
  }

  /// A cubic Bézier (and a named curve, which is one) turns at most twice.
  private func writeProduces(to w: inout JSONWriter) {
    w.member(ModelMember.producesData, turningPoints <= 2)
    if turningPoints > 2 {
      w.member(
        ModelMember.why,
        "the data turn \(turningPoints) times (beyond the noise or rounding); a cubic Bézier turns at most twice, so it cannot oscillate"
      )
    }
  }

  private func writeIntervals(
    _ fit: SpringFit, _ widths: [Double]?, _ ranges: [SpringFit.ProfileRange?],
    to w: inout JSONWriter
  ) {
    w.key(ModelMember.intervals)
    let kind =
      request.quantization != nil && request.noise == nil
      ? "bound for the rounding, to first order"
      : sigmaEstimated
        ? "95 %, noise estimated from the residual"
        : request.noise != nil
          ? "95 %, from the stated noise" : "none: no noise or rounding stated, and 3 samples"
    let values = [fit.dampingRatio, fit.angularFrequency, fit.initialVelocity]
    let members: [SpringMember] = [.dampingRatio, .angularFrequency, .initialVelocity]
    // A duration read from Motion's stops is known within ±5 ms: ω₀ and v₀, per second, scale
    // with it, so their bounds widen by that much (ζ has no time in it).
    let slack = request.durationSource == .motionStops ? 0.005 / request.duration : 0
    func widened(_ low: Double, _ high: Double, _ k: Int) -> (Double, Double) {
      guard k > 0, slack > 0 else { return (low, high) }
      let scales = [1 / (1 + slack), 1 / (1 - slack)]
      let ends = scales.flatMap { [low * $0, high * $0] }
      return (ends.min()!, ends.max()!)
    }
    w.beginObject()
    for k in 0..<3 {
      w.key(members[k])
      w.beginObject()
      if let widths {
        let (low, high) = widened(
          k < 2 ? Swift.max(values[k] - widths[k], 0) : values[k] - widths[k],
          values[k] + widths[k], k)
        w.member(IntervalMember.low, low)
        w.member(IntervalMember.high, high)
      } else {
        w.key(IntervalMember.low)
        w.null()
        w.key(IntervalMember.high)
        w.null()
      }
      w.member(IntervalMember.determined, Self.determined(k, widths: widths, values: values))
      w.member(IntervalMember.kind, kind)
      w.key(IntervalMember.fitsEqually)
      if let range = ranges[k] {
        let (low, high) = widened(range.low, range.high, k)
        w.beginObject()
        w.member(RangeMember.low, low)
        w.member(RangeMember.high, high)
        w.member(RangeMember.lowFound, range.lowFound)
        w.member(RangeMember.highFound, range.highFound)
        w.endObject()
      } else {
        w.null()
      }
      w.endObject()
    }
    w.endObject()
  }

  /// The spring as `POST /v1/springs` answers it (Core Animation's parameters given, mass 1,
  /// over the distance); nil for one outside the ranges that route converts.
  static func springAnswer(_ fit: SpringFit, distance: Double) -> [UInt8]? {
    let json = JSONValue.object([
      (
        SpringAPI.coreAnimation.rawValue,
        .object([
          (SpringParameter.mass.rawValue, .number(1)),
          (
            SpringParameter.stiffness.rawValue, .number(fit.angularFrequency * fit.angularFrequency)
          ),
          (SpringParameter.damping.rawValue, .number(2 * fit.dampingRatio * fit.angularFrequency)),
          (SpringParameter.initialVelocity.rawValue, .number(fit.initialVelocity)),
        ])
      ),
      (GivenSpring.Member.distance.rawValue, .number(distance)),
    ])
    var context = DecodingContext(budget: .unlimited)
    guard let spring = GivenSpring(json: json, at: JSONPointer(), in: &context),
      let settling = spring.curve.settlingDuration, settling.isFinite,
      settling <= SpringConversion.maxSettling, SpringCurve.horizon([spring.curve]).isFinite
    else { return nil }
    var w = SpringAnswer.writer(spring, settling: settling)
    return w.take()
  }
}
