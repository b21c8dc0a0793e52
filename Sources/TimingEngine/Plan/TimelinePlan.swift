/// A scene compiled for sampling (design.md "The engine"): layers flattened with their clocks,
/// every animation normalised (semantics.md §1.3) and placed, in add order, on the track of the
/// property it animates, with its ends resolved and its tables built. Immutable once built, so any
/// number of requests can sample plans in parallel.
public final class TimelinePlan: Sendable {
  public let layerNames: [String]
  let clocks: [LayerClock]
  let tracks: [Track]
  /// Steps with the same local times, sampled once for all of them.
  let sharedTimingSlots: SharedTimings
  /// Track indices per layer, in output order.
  let layerTracks: [[Int]]
  /// Each layer's tracks by property name.
  let trackByProperty: [[String: Int]]
  public let events: [DelegateEvent]
  public let warnings: [SceneWarning]
  /// Every action lookup the script caused, in time order.
  public let actionRecords: [ActionRecord]
  public let completions: [CompletionEvent]
  public let contentsNames: [String]
  /// Index of each layer by name.
  let layerIndex: [String: Int]

  struct Track: Sendable {
    let layer: Int
    let property: String
    let type: ValueType
    /// The model value before any script change.
    var model: [Double]
    /// Script changes of the model value, in time order (semantics.md §5.1: stored before actions
    /// run).
    var modelChanges: [(time: Double, value: [Double])] = []
    var steps: [TrackStep] = []

    /// The model value in force at scene time t.
    func model(at t: Double) -> [Double] {
      var lo = 0
      var hi = modelChanges.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if modelChanges[mid].time <= t { lo = mid + 1 } else { hi = mid }
      }
      return lo == 0 ? model : modelChanges[lo - 1].value
    }

    /// The latest model value (while building, in time order, that is the current one).
    var currentModel: [Double] { modelChanges.last?.value ?? model }
  }

  public struct BuildError: Error, Sendable, Equatable {
    public let source: [String]
    public let message: String
  }

  /// Why a scene has no plan.
  public enum Failure: Error, Sendable, Equatable {
    /// Something only building finds wrong (duplicate names, trees too deep, too many starts).
    case invalid(BuildError)
    /// Building needed more work than the request's budget allows.
    case tooMuchWork(WorkBudget.Exhausted)
  }

  /// A plan with no limit on the work (for the engine's own callers and tests).
  public convenience init(scene: Scene) throws(Failure) {
    var budget = WorkBudget.unlimited
    try self.init(scene: scene, budget: &budget)
  }

  /// A plan whose building charges `budget` (planning, then script), stopping once it is spent.
  public convenience init(scene: Scene, budget: inout WorkBudget) throws(Failure) {
    try self.init(scene: scene, budget: &budget, strategy: .incremental)
  }

  init(scene: Scene, budget: inout WorkBudget, strategy: PlanBuilder.Strategy) throws(Failure) {
    var builder = PlanBuilder(
      contentsNames: scene.contentsNames, budget: budget, strategy: strategy)
    try builder.flatten(scene.layers, parentLevels: [])
    try builder.placeInsertedLayers(scene.events)
    let script = try builder.expandCanvas(
      scene.events, width: scene.screenWidth, height: scene.screenHeight)
    do throws(WorkBudget.Exhausted) {
      try builder.run(events: script)
      builder.stage = .planning
      // Delegate events: a few per animation.
      try builder.budget.charge(
        WorkBudget.multiplying(builder.topLevel.count, WorkCost.delegateEvents), .planning)
    } catch {
      throw .tooMuchWork(error)
    }
    budget = builder.budget
    builder.finishEpochs()
    let layers = builder.layerEntries
    let clocks = layers.map(\.clock)
    let names = layers.map(\.name)
    let tracks = builder.trackEntries.map(\.track)
    layerNames = names
    self.clocks = clocks
    self.tracks = tracks
    sharedTimingSlots = SharedTimings(tracks: tracks, clocks: clocks)
    layerTracks = layers.map(\.tracks)
    trackByProperty = layers.map(\.trackByProperty)
    layerIndex = builder.nameIndex
    contentsNames = scene.contentsNames
    var events: [DelegateEvent] = []
    for animation in builder.topLevel {
      events.append(
        contentsOf: DelegateEvents.events(
          for: animation, clock: clocks[animation.layer], layerName: names[animation.layer]))
    }
    self.events = DelegateEvents.ordered(events)
    warnings = builder.warnings
    actionRecords = builder.actionRecords
    completions = builder.completionEvents()
  }

  public var layerCount: Int { layerNames.count }

  /// The most memory sampling `times` times takes for the local times of shared timings
  /// (`SharedTimingColumns`: at most 4 MiB, and 9 bytes per shared timing and chunk, of at most
  /// 74 chunks), whole or in blocks.
  public func sharedTimingBytes(times: Int) -> Int {
    SharedTimingColumns.maxBytes(sharedTimingSlots, times: times)
  }

  /// Steps whose timing another step has too, and how many such timings (`SharedTimings`).
  public var sharedTimings: (steps: Int, timings: Int) {
    (
      sharedTimingSlots.slots.joined().filter { $0 != SharedTimings.unshared }.count,
      sharedTimingSlots.slotCount
    )
  }

  /// Animation steps on all tracks: sampling costs about steps × samples evaluations.
  public var stepCount: Int { tracks.reduce(0) { $0 + $1.steps.count } }

  /// The clock of a layer, for `convertTime`.
  public func clock(of layer: String) -> LayerClock? { layerIndex[layer].map { clocks[$0] } }

  func trackIndex(layer: Int, property: String) -> Int? { trackByProperty[layer][property] }

}

/// A decision taken or a field ignored, reported with where it is in the scene.
public struct SceneWarning: Sendable, Equatable {
  public let source: [String]
  public let message: String

  public init(source: [String], message: String) {
    self.source = source
    self.message = message
  }
}
