/// A scene compiled for sampling (DESIGN.md "The engine"): layers flattened with their clocks,
/// every animation normalised (SPEC §1.3) and placed, in add order, on the track of the property
/// it animates, with its ends resolved and its tables built. Immutable once built, so any number
/// of requests can sample plans in parallel.
public final class TimelinePlan: Sendable {
  public let layerNames: [String]
  let clocks: [LayerClock]
  let tracks: [Track]
  /// Track indices per layer, in output order.
  let layerTracks: [[Int]]
  public let events: [DelegateEvent]
  public let warnings: [SceneWarning]
  public let contentsNames: [String]
  /// Index of each layer by name.
  let layerIndex: [String: Int]

  struct Track: Sendable {
    let layer: Int
    let property: String
    let type: ValueType
    var model: [Double]
    var steps: [TrackStep] = []
  }

  public struct BuildError: Error, Sendable, Equatable {
    public let source: [String]
    public let message: String
  }

  public init(scene: Scene) throws(BuildError) {
    var builder = PlanBuilder(contentsNames: scene.contentsNames)
    try builder.flatten(scene.layers, parentLevels: [])
    builder.compileAnimations()
    layerNames = builder.names
    clocks = builder.clocks
    tracks = builder.tracks
    layerTracks = builder.layerTracks
    layerIndex = builder.nameIndex
    contentsNames = scene.contentsNames
    var events: [DelegateEvent] = []
    for animation in builder.topLevel {
      events.append(
        contentsOf: DelegateEvents.events(
          for: animation, clock: builder.clocks[animation.layer],
          layerName: builder.names[animation.layer]))
    }
    self.events = DelegateEvents.ordered(events)
    warnings = builder.warnings
  }

  public var layerCount: Int { layerNames.count }

  /// The clock of a layer, for `convertTime`.
  public func clock(of layer: String) -> LayerClock? { layerIndex[layer].map { clocks[$0] } }

  func trackIndex(layer: Int, property: String) -> Int? {
    layerTracks[layer].first { tracks[$0].property == property }
  }

}

/// A decision taken or a field ignored, reported with where it is in the scene.
public struct SceneWarning: Sendable, Equatable {
  public let source: [String]
  public let message: String
}
