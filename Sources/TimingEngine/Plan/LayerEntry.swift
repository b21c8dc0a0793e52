/// One layer of the plan being built (`PlanBuilder.layerEntries`, in flattening order: a layer's
/// index is its place there): everything the builder keeps per layer, in one value, so that
/// flattening a layer is one append and the layer's state cannot drift apart, as a dozen arrays
/// appended in lockstep could.
struct LayerEntry {
  /// The layer as the scene or its inserting event gives it: its animations, action sources and
  /// Canvas settings (a Canvas start may make it view-backed, `PlanBuilder.expandCanvas`).
  var layer: Layer
  /// Its clock: every level from the root down to it.
  let clock: LayerClock
  /// Its superlayer, nil for a root.
  let parent: Int?
  /// Its sublayers, for Canvas's recursion and for removals, which take the layers below too.
  var children: [Int] = []
  /// When it entered the rendered tree (−∞ for the scene's own layers, an inserted one at its
  /// event's time).
  let insertedAt: Double
  /// When it left the rendered tree (+∞ until a script event removes it or a layer above it).
  var removedAt = Double.infinity
  /// Its tracks (indices in `PlanBuilder.trackEntries`) in the order they were made, which is
  /// the plan's output order.
  var tracks: [Int] = []
  /// Its tracks by property name (a layer may have tens of thousands of custom ones).
  var trackByProperty: [String: Int] = [:]
  /// Its top-level animations not yet removed by a removal of them all.
  var attached: [CompiledAnimation] = []
  /// The animation under each key (one per key; semantics.md §1.3).
  var keyed: [String: CompiledAnimation] = [:]
  /// UIKit block animations added per key, for their keys of their own.
  var blockKeyCounts: [String: Int] = [:]

  init(layer: Layer, clock: LayerClock, parent: Int?, insertedAt: Double) {
    self.layer = layer
    self.clock = clock
    self.parent = parent
    self.insertedAt = insertedAt
  }

  /// Its name, unique in the scene (`PlanBuilder.nameIndex` maps it back to the index).
  var name: String { layer.name }
}
