import HTTPTransport
import TimingEngine

/// A timeline request decoded, validated, compiled and charged to its work budget: what the
/// route samples, and what the benchmark measures stage by stage.
public struct PreparedTimeline: Sendable {
  /// What the timeline is answered with, which decides what is charged before the answer
  /// starts: each answer's own work, once.
  public enum Use: Sendable {
    /// The samples at the request's key paths, written as JSON or CSV or plotted: their
    /// sampling and writing are charged here.
    case samples
    /// An export: it samples the exported layer properties, not the key paths, and its columns
    /// charge that and the fit themselves (`ExportedColumns`).
    case export
  }

  public let plan: TimelinePlan
  public let outputs: OutputPlan
  public let times: [Double]
  /// What the answer's `warnings` list: the decoder's (a likely misspelt key path) first, then
  /// the plan's (a decision taken where Core Animation is undefined, a field ignored).
  public let warnings: [SceneWarning]
  /// The request's budget with everything charged: decoding, planning and the script as they
  /// ran, sampling and export up front from their exact costs.
  public let work: WorkBudget
  /// The body's export bounds (`export`), before any query parameter.
  let exportBounds: ExportBounds

  public init(json body: JSONValue, configuration: APIConfiguration) throws(Problem) {
    try self.init(json: body, configuration: configuration, budget: configuration.workBudget)
  }

  public init(
    json body: JSONValue, configuration: APIConfiguration, budget: WorkBudget,
    use: Use = .samples
  ) throws(Problem) {
    var decoding = DecodingContext(budget: budget)
    let request = try TimelineRequest(
      json: body,
      limits: TimelineRequest.Limits(
        maxLayers: 10_000, maxAnimationsPerLayer: 1_000, maxSamples: configuration.maxSamples),
      in: &decoding)
    var budget = decoding.budget
    do throws(TimelinePlan.Failure) {
      plan = try TimelinePlan(scene: request.scene, budget: &budget)
    } catch {
      switch error {
      case .invalid(let error):
        throw Problem.invalidRequest([.at(JSONPointer(error.source), error.message)])
      case .tooMuchWork(let exhausted): throw Problem.tooMuchWork(exhausted)
      }
    }
    // 10 000 layers × 256 key paths would be 2.5 million outputs to set up.
    if let keyPaths = request.keyPaths {
      do throws(WorkBudget.Exhausted) {
        try budget.charge(
          WorkBudget.multiplying(plan.layerCount * keyPaths.count, WorkCost.output), .sampling,
          at: request.keyPathsPointer.tokens)
      } catch {
        throw Problem.tooMuchWork(error)
      }
    }
    do throws(TimelinePlan.OutputError) {
      outputs = try plan.outputs(keyPaths: request.keyPaths)
    } catch {
      throw Problem.invalidRequest([.at(request.keyPathsPointer / error.index, error.message)])
    }
    times = request.times
    exportBounds = request.exportBounds
    warnings = decoding.warnings + plan.warnings
    switch use {
    case .samples: break
    case .export:
      work = budget
      return
    }
    // A product of counts saturates rather than traps: the counts are bounded by the body size
    // and maxSamples, but the limits are plain Ints a configuration can set to anything.
    let numbers = saturatingProduct(times.count, outputs.componentsPerSample)
    guard numbers <= configuration.maxTimelineValues else {
      throw Problem.tooMuchWork(
        "this timeline would produce \(numbers) numbers (\(plan.layerCount) layers, \(outputs.valuesPerSample) sampled "
          + "key paths in all, \(times.count) samples); the limit is \(configuration.maxTimelineValues). "
          + "Sample fewer times, or name fewer key paths in keyPaths.",
        TimelineRequest.sampleField(samples: times.count, numbersEach: outputs.componentsPerSample))
    }
    // Sampling and writing out are charged before either starts, from their exact costs: once a
    // (streamed) response has begun it can no longer be refused.
    let sampling = JSONPointer() / TimelineRequest.Member.sample
    do throws(WorkBudget.Exhausted) {
      try budget.charge(
        plan.samplingCost(times: times, outputs: outputs), .sampling, at: sampling.tokens)
    } catch {
      throw Problem.tooMuchWork(
        error,
        field: .at(
          sampling,
          "sampling \(plan.stepCount) animations on \(outputs.valuesPerSample) key paths at \(times.count) times"
        ))
    }
    do throws(WorkBudget.Exhausted) {
      try budget.charge(
        plan.exportCost(times: times.count, outputs: outputs), .export, at: sampling.tokens)
    } catch {
      throw Problem.tooMuchWork(
        error,
        field: .at(
          sampling,
          "writing \(times.count) samples × \(outputs.componentsPerSample) numbers, \(plan.actionRecords.count) action records and \(plan.events.count) events"
        ))
    }
    work = budget
  }

  public init(json bytes: [UInt8], configuration: APIConfiguration) throws(Problem) {
    var budget = configuration.workBudget
    let value = try RequestBody.parse(bytes, budget: &budget)
    try self.init(json: value, configuration: configuration, budget: budget)
  }

  /// Memory the prepared timeline holds, estimated: the plan from its steps (a compiled
  /// animation with its source and tables is a few hundred bytes; 1 KiB each is generous), the
  /// sample times, and the local times of shared timings sampling keeps (at most 4 MiB, and
  /// under 700 bytes of marks per shared timing: `TimelinePlan.sharedTimingBytes`).
  public var estimatedBytes: Int {
    plan.stepCount * 1024 + times.count * 8 + plan.sharedTimingBytes(times: times.count)
      + 64 * 1024
  }

  /// Numbers the answer carries: samples × the components of every sampled key path.
  public var numberCount: Int { times.count * outputs.componentsPerSample }

  public func sample() -> TimelineSamples { plan.sample(times: times, outputs: outputs) }

  /// The JSON document as the route serves it: streamed (`TimelineStream`), sampled a block at
  /// a time, its pieces put together — so a benchmark of it times the served path, sampling
  /// included.
  public func json() -> [UInt8] { TimelineStream(self, format: .json).collect() }
}

/// a · b for counts (≥ 0), or Int.max where that would overflow.
private func saturatingProduct(_ a: Int, _ b: Int) -> Int {
  let (product, overflow) = a.multipliedReportingOverflow(by: b)
  return overflow ? .max : product
}
