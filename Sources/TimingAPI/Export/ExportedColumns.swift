import TimingEngine

/// What every export reads, made once per request and charged once (docs/export.md): the sample
/// times in order, each layer's superlayer, what drives each exported layer property, the
/// properties sampled (those anything moves on some layer) with every layer's model values for
/// the rest, and what each layer sets or animates that no export writes. The exporters
/// (`TimelineExport`, `LottieExport`) are functions of it; none samples the plan itself.
struct ExportedColumns: Sendable {
  let plan: TimelinePlan
  /// Sorted and without repeats: keyframe offsets and frames must not decrease.
  let times: [Double]
  /// The index of each layer's superlayer.
  let parents: [Int?]
  /// What drives each exported property of each layer (`drives[layer][property.index]`).
  let drives: [[PropertyDrive]]
  /// Whether anything moves each exported property of each layer.
  let moving: [[Bool]]
  /// The layer properties sampled: those that move on some layer. The others are their model
  /// value at every sample (`PropertyDrive.still`), which is not sampled: in the standard scene
  /// 5 of the 9 are still everywhere, 21 of 32 numbers a sample.
  let sampled: [ExportedLayerProperty]
  /// Each layer's model values, where it rests once its animations are over (after the
  /// script's last change), by `ExportedLayerProperty.index`.
  let models: [[[Double]]]
  /// The key paths each layer sets or animates that are not exported layer properties.
  let unexported: [[String]]
  private let samples: TimelineSamples?

  /// What a spring's `linear()` fit depends on, for counting the fits an export makes.
  private struct SpringFit: Hashable {
    let spring: SpringCurve
    let duration: Double
    let from: [Double]
    let to: [Double]
  }

  /// Numbers sampled a layer when every exported property is (32: 1 + 2 + 2 + 4 + 16 + 4 + 1 +
  /// 1 + 1).
  static let componentsPerLayer = ExportedLayerProperty.allCases.reduce(0) {
    $0 + $1.componentCount
  }

  enum Failure: Error, Sendable {
    /// Sampling and fitting the columns would spend more than the request's budget.
    case tooMuchWork(WorkBudget.Exhausted, detail: String)
    /// More numbers than `maxTimelineValues` would be sampled.
    case tooManyNumbers(count: Int, layers: Int, perSample: Int)
  }

  /// The columns of `plan` at `times` for an export in `format` (nil: for a diff, which fits
  /// nothing), their sampling and the format's fit charged to `budget` before either starts, at
  /// `pointer` (the body's `sample`).
  init(
    plan: TimelinePlan, times requested: [Double], for format: ExportFormat?, maxNumbers: Int,
    budget: inout WorkBudget, at pointer: JSONPointer
  ) throws(Failure) {
    self.plan = plan
    times = Self.sortedDistinct(requested)
    let layers = plan.layerCount
    // An export fits every exported property of every layer at every sample: within the
    // timeline's own limit on numbers, before anything is worked out per layer.
    let perSample = layers.multipliedReportingOverflow(by: Self.componentsPerLayer)
    // Counted over the times asked for, repeats included, as the timeline counts them.
    let numbers = requested.count.multipliedReportingOverflow(by: perSample.partialValue)
    let count = perSample.overflow || numbers.overflow ? Int.max : numbers.partialValue
    guard count <= maxNumbers else {
      throw .tooManyNumbers(count: count, layers: layers, perSample: perSample.partialValue)
    }
    parents = (0..<layers).map { plan.superlayer(of: $0) }
    // Worked out once: each lookup builds the animation's keyframes, and the exporters read a
    // layer's drives several times (the Lottie export ~29 lookups a layer for 9 properties).
    drives = (0..<layers).map { layer in
      ExportedLayerProperty.allCases.map { plan.drive(layer: layer, keyPath: $0.rawValue) }
    }
    moving = drives.map { layer in
      layer.map { drive -> Bool in
        if case .still = drive { return false }
        return true
      }
    }
    let moving = moving
    sampled = ExportedLayerProperty.allCases.filter { p in moving.contains { $0[p.index] } }
    // Every exported layer property resolves: they are all in the catalogue.
    guard let all = try? plan.outputs(keyPaths: ExportedLayerProperty.allCases.map(\.rawValue)),
      let present = try? plan.outputs(keyPaths: nil),
      let sampledOutputs = try? plan.outputs(keyPaths: sampled.map(\.rawValue))
    else { preconditionFailure("the exported layer properties are in the catalogue") }
    // Charged before anything is sampled: without it a body reporting only `opacity` while
    // 1 000 additive rotations ran at 99 901 times passed the budget and took 79 s (debug
    // build) to export. Fitting is charged by the numbers of the properties that move on each
    // layer (a still one's keyframe is its model value, found without a fit).
    var movingNumbers = 0
    // Springs are fitted once for each spring, duration and ends (`SpringEasings`: the standard
    // scene's 1 000 width springs are 5), so they are counted so.
    var springs = Set<SpringFit>()
    for layer in moving.indices {
      for p in ExportedLayerProperty.allCases where moving[layer][p.index] {
        movingNumbers = WorkBudget.adding(
          movingNumbers, WorkBudget.multiplying(p.componentCount, times.count))
        if case .sole(let animation) = drives[layer][p.index],
          case .spring(let spring) =
            animation.easing
        {
          springs.insert(
            SpringFit(
              spring: spring, duration: animation.timing.duration,
              from: animation.keyframes.first?.value ?? [],
              to: animation.keyframes.last?.value ?? []))
        }
      }
    }
    let fitting =
      format?.fitCost(movingNumbers: movingNumbers, allNumbers: count, springs: springs.count)
      ?? 0
    do throws(WorkBudget.Exhausted) {
      try budget.charge(
        plan.samplingCost(times: times, outputs: sampledOutputs), .sampling, at: pointer.tokens)
    } catch {
      throw .tooMuchWork(
        error,
        detail:
          "exporting samples \(plan.stepCount) animations on the \(sampled.count) exported layer properties that move, at \(times.count) times"
      )
    }
    do throws(WorkBudget.Exhausted) {
      try budget.charge(fitting, .export, at: pointer.tokens)
    } catch {
      throw .tooMuchWork(
        error,
        detail:
          "fitting \(format?.name ?? "no") keyframes to \(times.count) samples of \(layers) layers (\(movingNumbers) numbers that move)"
      )
    }
    models = (0..<layers).map { layer in
      ExportedLayerProperty.allCases.indices.map { all.restingModel(layer: layer, output: $0) }
    }
    unexported = (0..<layers).map { layer in
      (0..<present.outputCount(layer: layer)).map { present.keyPath(layer: layer, output: $0) }
        .filter { ExportedLayerProperty(rawValue: $0) == nil }
    }
    samples = sampled.isEmpty ? nil : plan.sample(times: times, outputs: sampledOutputs)
  }

  var layerCount: Int { parents.count }

  func name(_ layer: Int) -> String { plan.layerNames[layer] }

  func drive(_ layer: Int, _ property: ExportedLayerProperty) -> PropertyDrive {
    drives[layer][property.index]
  }

  func moves(_ layer: Int, _ property: ExportedLayerProperty) -> Bool {
    moving[layer][property.index]
  }

  func model(_ layer: Int, _ property: ExportedLayerProperty) -> [Double] {
    models[layer][property.index]
  }

  /// The property's values at every sample, `componentCount` numbers each: sampled, or its
  /// model value repeated.
  func column(_ layer: Int, _ property: ExportedLayerProperty) -> [Double] {
    if let samples, let index = sampledIndex(property) {
      return samples.layers[layer].columns[index].values
    }
    // Filled by a loop: `Array(repeatElement(…).joined())` went element by element through a
    // generic flattening (5 % of a 259-layer Lottie export).
    let value = model(layer, property)
    if value.count == 1 { return [Double](repeating: value[0], count: times.count) }
    var out: [Double] = []
    out.reserveCapacity(times.count * value.count)
    for _ in 0..<times.count { out.append(contentsOf: value) }
    return out
  }

  /// Every exported property's column of a layer, by `ExportedLayerProperty.index`: for an
  /// exporter that reads them all, made once a layer (a repeated model value is a new array
  /// each time `column` makes it).
  func columns(_ layer: Int) -> [[Double]] {
    ExportedLayerProperty.allCases.map { column(layer, $0) }
  }

  private func sampledIndex(_ property: ExportedLayerProperty) -> Int? {
    // At most 9 entries: a scan, not a table.
    sampled.firstIndex(of: property)
  }

  /// The sample times in order, each once: what every export fits keyframes over.
  static func sortedDistinct(_ times: [Double]) -> [Double] {
    let sorted = times.sorted()
    return sorted.enumerated().filter { $0.offset == 0 || $0.element != sorted[$0.offset - 1] }
      .map(\.element)
  }
}
