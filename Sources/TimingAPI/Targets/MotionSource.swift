import TimingEngine

/// One side of a diff as read (docs/diff.md "The request"): a Lottie document — an object with
/// any of Lottie's own members (`fr`, `ip`, `op`, `w`, `h`, `v`, `ver`, `assets`) — or else a scene, a
/// `POST /v1/timelines` body. Read with its pointers from its own root (so two Lottie documents'
/// layers match by pointer), and its problems then put under the side's member (`/a/…`).
enum MotionSource: Sendable {
  case lottie(LottieLayerTree)
  case scene(PreparedTimeline)

  /// The members only a Lottie document has: what tells it from a scene.
  static let lottieMembers = Set(
    [LottieAnimation.Member]([
      .frameRate, .inPoint, .outPoint, .width, .height, .version, .specVersion, .assets,
    ]).map(\.rawValue))

  /// `value`, the member `side` of the body, read with `budget` (what is left of it after).
  init(
    _ value: JSONValue, side: JSONPointer, configuration: APIConfiguration,
    budget: inout WorkBudget
  ) throws(Problem) {
    guard case .object(let members) = value else {
      throw Problem.invalidRequest([
        .at(side, "must be a Lottie document or a scene (an object), not \(value.typeName)")
      ])
    }
    do throws(Problem) {
      if members.contains(where: { Self.lottieMembers.contains($0.0) }) {
        var decoding = DecodingContext(budget: budget)
        guard let animation = LottieAnimation(json: value, at: JSONPointer(), in: &decoding)
        else {
          try decoding.throwIfFailed()
          throw Problem.invalidRequest(decoding.problems)
        }
        let tree = LottieLayerTree(animation, caches: .init(), in: &decoding)
        try decoding.throwIfFailed()
        guard let tree else { throw Problem.invalidRequest(decoding.problems) }
        budget = decoding.budget
        self = .lottie(tree)
      } else {
        let prepared = try PreparedTimeline(
          json: value, configuration: configuration, budget: budget, use: .export)
        budget = prepared.work
        self = .scene(prepared)
      }
    } catch {
      throw error.nested(under: side)
    }
  }

  var kind: MotionSide.Kind {
    switch self {
    case .lottie: .lottie
    case .scene: .scene
    }
  }

  /// Seconds: a Lottie document from `ip` up to (not including) `op`; a scene over its samples.
  var window: (start: Double, end: Double, endIncluded: Bool) {
    switch self {
    case .lottie(let tree):
      (tree.inPoint / tree.frameRate, tree.outPoint / tree.frameRate, false)
    case .scene(let prepared):
      (prepared.times.min() ?? 0, prepared.times.max() ?? 0, true)
    }
  }

  /// Frames a second: a document's `fr`; a scene's sampling rate where its samples are evenly
  /// spaced (the Lottie export's reading), else 60.
  var frameRate: Double {
    switch self {
    case .lottie(let tree): tree.frameRate
    case .scene(let prepared):
      LottieExport.frameRate(ExportedColumns.sortedDistinct(prepared.times))
    }
  }

  /// Layers compared: every instance of a document, every layer of a scene.
  var layerCount: Int {
    switch self {
    case .lottie(let tree): tree.instances.count
    case .scene(let prepared): prepared.plan.layerCount
    }
  }

  /// The side's motion at `times` (seconds), its evaluation charged to `budget` first; refused
  /// at the side's member (`side`) when too many numbers or too much work.
  func sampled(
    at times: [Double], side: JSONPointer, configuration: APIConfiguration,
    budget: inout WorkBudget
  ) throws(Problem) -> MotionSide {
    switch self {
    case .lottie(let tree):
      let numbers = WorkBudget.multiplying(times.count, tree.numbersPerFrame)
      guard numbers <= configuration.maxTimelineValues else {
        throw Problem.tooMuchWork(
          "comparing \(tree.instances.count) layer instances at \(times.count) times evaluates \(numbers) numbers; the limit is \(configuration.maxTimelineValues). Ask for fewer times (?fps=, ?times=).",
          .at(side, "a Lottie document of \(tree.instances.count) layer instances"))
      }
      do throws(WorkBudget.Exhausted) {
        try budget.charge(LottieTimeline.cost(tree, frames: times.count), .sampling)
      } catch {
        throw Problem.tooMuchWork(
          error,
          field: .at(
            side, "evaluating \(tree.instances.count) layer instances at \(times.count) times"))
      }
      let motion = MotionSide(lottie: tree, times: times)
      // Products through chains of parents can overflow double (60 layers scaled 1e9 %): no
      // difference is a number there.
      for (i, layer) in motion.layers.enumerated() {
        if let k = layer.world.firstIndex(where: { !$0.isFinite }) {
          throw LottieTimeline.overflowProblem(
            tree, instance: i, frame: times[k / 6] * tree.frameRate
          )
          .nested(under: side)
        }
      }
      return motion
    case .scene(let prepared):
      do throws(ExportedColumns.Failure) {
        let columns = try ExportedColumns(
          plan: prepared.plan, times: times, for: nil,
          maxNumbers: configuration.maxTimelineValues, budget: &budget, at: side)
        return MotionSide(scene: columns, warnings: prepared.warnings)
      } catch {
        switch error {
        case .tooManyNumbers(let count, let layers, _):
          throw Problem.tooMuchWork(
            "comparing \(layers) scene layers at \(times.count) times samples \(count) numbers; the limit is \(configuration.maxTimelineValues). Ask for fewer times (?fps=, ?times=).",
            .at(side, "a scene of \(layers) layers"))
        case .tooMuchWork(let exhausted, let detail):
          throw Problem.tooMuchWork(exhausted, field: .at(side, detail))
        }
      }
    }
  }
}
