/// Script events (semantics.md §5): property changes in transactions and UIKit animation blocks,
/// each looked up with the action search and its action added as an animation; explicit adds and
/// removals — all applied in time order with the scene's own animations.
extension PlanBuilder {
  enum TimelineItem {
    case animation(layer: Int, index: Int)
    case event(Int)
  }

  /// Scene animations (at their addedAt) and script events, in time order; at equal times the
  /// scene's animations first, then events in the order given.
  mutating func run(events: [ScriptEvent]) throws(WorkBudget.Exhausted) {
    var items: [(time: Double, rank: Int, order: Int, item: TimelineItem)] = []
    var order = 0
    for (layerIndex, entry) in layerEntries.enumerated() {
      for (index, animation) in entry.layer.animations.enumerated() {
        items.append(
          (
            max(animation.addedAt, entry.insertedAt), 0, order,
            .animation(layer: layerIndex, index: index)
          ))
        order += 1
      }
    }
    for (index, event) in events.enumerated() {
      items.append((event.time, 1, order, .event(index)))
      order += 1
    }
    items.sort { ($0.time, $0.rank, $0.order) < ($1.time, $1.rank, $1.order) }
    for item in items {
      switch item.item {
      case .animation(let layer, let index):
        stage = .planning
        // An inserted layer's own animations are added when it enters the tree.
        var animation = layerEntries[layer].layer.animations[index]
        animation.addedAt = max(animation.addedAt, layerEntries[layer].insertedAt)
        try add(animation, layer: layer)
      case .event(let index):
        stage = .script
        try budget.charge(WorkCost.event, .script, at: events[index].source)
        try apply(events[index])
      }
    }
  }

  /// Adds a top-level animation: one per key, a later add replacing the earlier (semantics.md
  /// §1.3).
  @discardableResult
  mutating func add(_ animation: Animation, layer: Int) throws(WorkBudget.Exhausted)
    -> CompiledAnimation
  {
    let compiled = try compile(animation, layer: layer, parent: nil)
    if let key = animation.key {
      if let previous = layerEntries[layer].keyed[key] { previous.removal.set(animation.addedAt) }
      layerEntries[layer].keyed[key] = compiled
    }
    topLevel.append(compiled)
    layerEntries[layer].attached.append(compiled)
    return compiled
  }

  /// Removes every animation on the layer (at t, every one on it was added at or before t).
  /// The layer's list empties, so thousands of removals over thousands of animations stay
  /// linear.
  private mutating func removeAll(on layer: Int, at t: Double, source: [String])
    throws(WorkBudget.Exhausted)
  {
    try budget.charge(
      WorkBudget.multiplying(layerEntries[layer].attached.count, WorkCost.presentationLook),
      .script, at: source)
    for animation in layerEntries[layer].attached where animation.addedAt <= t {
      animation.removal.set(t)
    }
    layerEntries[layer].attached = []
    layerEntries[layer].keyed = [:]
  }

  private mutating func apply(_ event: ScriptEvent) throws(WorkBudget.Exhausted) {
    let t = event.time
    switch event.action {
    case .transaction(let transaction):
      _ = try run(transaction, at: t, inheriting: TransactionState(), block: nil)
    case .animate(let block, let changes, let completion):
      var added: [CompiledAnimation] = []
      for change in changes {
        added += try apply(change, at: t, transaction: TransactionState(), block: block)
      }
      if let completion { completions.append((completion, t, added)) }
    case .addAnimation(let layerName, var animation):
      guard let layer = nameIndex[layerName] else { return }
      animation.addedAt = t
      try add(animation, layer: layer)
    case .removeAnimation(let layerName, let key):
      guard let layer = nameIndex[layerName], let animation = layerEntries[layer].keyed[key] else {
        return
      }
      animation.removal.set(t)
      layerEntries[layer].keyed[key] = nil
    case .removeAllAnimations(let layerName):
      guard let layer = nameIndex[layerName] else { return }
      try removeAll(on: layer, at: t, source: event.source)
    case .startCanvasAnimation:
      // Expanded into transactions and blocks before the run (`expandCanvas`).
      break
    case .insertLayer(let inserted, _):
      guard let layer = nameIndex[inserted.name] else { return }
      // semantics.md §5.1: onOrderIn on the layer, sublayers on its superlayer.
      try lookUp("onOrderIn", on: layer, at: t, source: event.source)
      if let parent = layerEntries[layer].parent {
        try lookUp("sublayers", on: parent, at: t, source: event.source)
      }
    case .removeLayer(let name):
      guard let layer = nameIndex[name] else { return }
      try lookUp("onOrderOut", on: layer, at: t, source: event.source)
      if let parent = layerEntries[layer].parent {
        try lookUp("sublayers", on: parent, at: t, source: event.source)
      }
      try remove(layer, at: t, source: event.source)
    case .replaceLayer(let old, let new):
      guard let oldLayer = nameIndex[old], let layer = nameIndex[new.name] else { return }
      try remove(oldLayer, at: t, source: event.source)
      // semantics.md §5.1: replaceSublayer triggers kCATransition on the new layer.
      try lookUp("transition", on: layer, at: t, source: event.source)
      if let parent = layerEntries[layer].parent {
        try lookUp("sublayers", on: parent, at: t, source: event.source)
      }
    }
  }

  /// Whether a layer is in the rendered tree at scene time t.
  func isPresent(_ layer: Int, at t: Double) -> Bool {
    layerEntries[layer].insertedAt <= t && t < layerEntries[layer].removedAt
  }

  /// The layer and everything below it leave the tree: their animations are removed.
  private mutating func remove(_ layer: Int, at t: Double, source: [String])
    throws(WorkBudget.Exhausted)
  {
    layerEntries[layer].removedAt = min(layerEntries[layer].removedAt, t)
    try removeAll(on: layer, at: t, source: source)
    for child in layerEntries[layer].children { try remove(child, at: t, source: source) }
  }

  /// A lookup that is no property change (ordering in and out, sublayers, transition): recorded,
  /// and its action added when it animates something the layer has.
  private mutating func lookUp(_ key: String, on layer: Int, at t: Double, source: [String])
    throws(WorkBudget.Exhausted)
  {
    try budget.charge(WorkCost.lookUp, .script, at: source)
    let resolution =
      layerEntries[layer].layer.detached
      ? ActionSearch.detached(key: key)
      : ActionSearch.resolve(
        key: key, sources: layerEntries[layer].layer.actionSources, transaction: TransactionState())
    guard var action = resolution.action else {
      record(t, layer, key, resolution, source)
      return
    }
    action.addedAt = t
    action.source = source
    record(
      t, layer, key,
      ActionSearch.Resolution(
        key: key, action: action, decidedBy: resolution.decidedBy, trace: resolution.trace), source)
    if let target = action.keyPath?.property, LayerProperties.catalogue[target] == nil { return }
    try add(action, layer: layer)
  }

  /// Layers that script events insert are placed in the tree (under their superlayer, or as
  /// roots) before the run, entering it at their event's time.
  mutating func placeInsertedLayers(_ events: [ScriptEvent]) throws(TimelinePlan.Failure) {
    for event in events {
      let layer: Layer
      let parent: Int?
      switch event.action {
      case .insertLayer(let inserted, let parentName):
        layer = inserted
        parent = parentName.flatMap { nameIndex[$0] }
      case .replaceLayer(let old, let new):
        layer = new
        parent = nameIndex[old].flatMap { layerEntries[$0].parent }
      case .transaction, .animate, .addAnimation, .removeAnimation, .removeAllAnimations,
        .startCanvasAnimation, .removeLayer:
        continue
      }
      currentInsertTime = event.time
      try flatten([layer], parentLevels: parent.map { layerEntries[$0].clock.levels } ?? [])
    }
    currentInsertTime = -.infinity
  }

  /// A transaction and its nested ones; returns the animations they added. Only the outermost
  /// commit starts animations, so every animation begins at the event's time.
  private mutating func run(
    _ transaction: ScriptTransaction, at t: Double, inheriting outer: TransactionState,
    block: AnimationBlock?
  ) throws(WorkBudget.Exhausted) -> [CompiledAnimation] {
    var state = outer
    if let d = transaction.animationDuration { state.animationDuration = d }
    if let f = transaction.animationTimingFunction { state.animationTimingFunction = f }
    if let disable = transaction.disableActions { state.disableActions = disable }
    var added: [CompiledAnimation] = []
    for change in transaction.changes {
      added += try apply(change, at: t, transaction: state, block: block)
    }
    for inner in transaction.nested {
      added += try run(inner, at: t, inheriting: state, block: block)
    }
    if let completion = transaction.completion { completions.append((completion, t, added)) }
    return added
  }

  /// semantics.md §5.1: an equal value triggers nothing; otherwise the lookup happens before the
  /// value is stored and the action runs after (so an implicit animation goes from the old
  /// presentation value to the new model value). `hidden` also orders the layer in or out.
  private mutating func apply(
    _ change: PropertyChange, at t: Double, transaction: TransactionState, block: AnimationBlock?
  ) throws(WorkBudget.Exhausted) -> [CompiledAnimation] {
    guard let layer = nameIndex[change.layer] else { return [] }
    try budget.charge(WorkCost.lookUp, .script, at: change.source)
    let property = change.keyPath.property
    let track = trackIndex(layer: layer, property: property, type: change.keyPath.propertyType)
    let old = trackEntries[track].track.currentModel
    let new = Self.applying(change, to: old, type: trackEntries[track].track.type)
    guard new != old else {
      record(t, layer, property, ActionSearch.unchanged(key: property), change.source)
      return []
    }
    var keys = [property]
    if property == "hidden" { keys.append(new[0] != 0 ? "onOrderOut" : "onOrderIn") }
    // The lookups, and the old presentation value for an action that starts from it, before
    // the new value is stored; composed only when an action needs it.
    let resolutions = keys.map { key in
      layerEntries[layer].layer.detached || !isPresent(layer, at: t)
        ? ActionSearch.detached(key: key)
        : ActionSearch.resolve(
          key: key, sources: layerEntries[layer].layer.actionSources, transaction: transaction,
          block: block)
    }
    var start = old
    if let action = resolutions[0].action, Self.lacksEnds(action),
      resolutions[0].decidedBy != .delegate || (block?.beginFromCurrentState ?? true)
    {
      start = try presentation(track, at: t, model: old, for: change.source)
    }
    trackEntries[track].track.modelChanges.append((t, new))
    try modelChanged(track, at: t, source: change.source)
    var added: [CompiledAnimation] = []
    for (key, resolution) in zip(keys, resolutions) {
      guard var action = resolution.action else {
        record(t, layer, key, resolution, change.source)
        continue
      }
      action.addedAt = t
      action.source = change.source
      // Ends come from the changed property only for an action that animates that property:
      // one whose keyPath names another (an opacity action animating `transform`) animates its
      // own property from its presentation to its model value, as Core Animation's does, and
      // the changed property's values (1 number for 16) must not reach it.
      if key == property, action.keyPath?.property == property, Self.lacksEnds(action) {
        fillEnds(
          &action, start: start, new: new, track: track,
          block: resolution.decidedBy == .delegate ? block : nil)
      }
      if let block, resolution.decidedBy == .delegate {
        // UIKit begins block animations after the delay, in the layer's time.
        if block.delay > 0 {
          action.timing.beginTime = layerEntries[layer].clock.localTime(t) + block.delay
        }
        // ◆ Additive block animations stack instead of replacing one another: each gets a key of
        // its own (the property's, then "-1", "-2", …), as UIKit's do.
        if action.additive, let base = action.key {
          // A counter per layer and key, not a search: thousands of blocks stay linear.
          let n = layerEntries[layer].blockKeyCounts[base, default: 0]
          layerEntries[layer].blockKeyCounts[base] = n + 1
          action.key = n == 0 ? base : "\(base)-\(n)"
        }
      }
      // The record shows the animation as added: ends filled in, key and begin time set.
      record(
        t, layer, key,
        ActionSearch.Resolution(
          key: key, action: action, decidedBy: resolution.decidedBy, trace: resolution.trace),
        change.source)
      // An action for a key that names no layer property (onOrderIn with a basic animation)
      // has nothing to animate: recorded above, not added.
      if let target = action.keyPath?.property, target != property,
        LayerProperties.catalogue[target] == nil
      {
        continue
      }
      added.append(try add(action, layer: layer))
    }
    return added
  }

  /// Whether an action's animation is a basic or spring one on the whole property that gives
  /// no ends: `fillEnds` gives it some.
  static func lacksEnds(_ action: Animation) -> Bool {
    guard action.keyPath?.part == .whole else { return false }
    switch action.kind {
    case .basic(let values), .spring(let values, _):
      return values.from == nil && values.to == nil && values.by == nil
    case .keyframe, .group, .transition:
      return false
    }
  }

  /// Ends for an action's animation that gave none (`lacksEnds`), from `start` (the old
  /// presentation value, or with a block not beginning from the current state the old model
  /// value): UIKit's additive form (start − new → zero, on the new model value), its legacy
  /// absolute form, or Core Animation's implicit one (start → the live model value).
  private func fillEnds(
    _ action: inout Animation, start: [Double], new: [Double], track: Int, block: AnimationBlock?
  ) {
    let type = trackEntries[track].track.type
    func ends(_ values: BasicValues) -> BasicValues {
      if let block, block.additive, type.isAdditive {
        let zero =
          type == .transform
          ? Transform3D.identity.values : Array(repeating: 0.0, count: type.componentCount)
        let difference: [Double]
        if type == .transform {
          // Additive transforms concatenate before the model value: start = d · new.
          difference = (Transform3D(start) * (Transform3D(new).inverse ?? .identity)).values
        } else {
          difference = zip(start, new).map { $0 - $1 }
        }
        return BasicValues(from: AnimatableValue(type, difference), to: AnimatableValue(type, zero))
      }
      if block != nil {
        return BasicValues(from: AnimatableValue(type, start), to: AnimatableValue(type, new))
      }
      return BasicValues(from: AnimatableValue(type, start))
    }
    switch action.kind {
    case .basic(let values): action.kind = .basic(ends(values))
    case .spring(let values, let curve): action.kind = .spring(ends(values), curve)
    case .keyframe, .group, .transition: break
    }
  }

  private mutating func record(
    _ t: Double, _ layer: Int, _ key: String, _ resolution: ActionSearch.Resolution,
    _ source: [String]
  ) {
    let name = layerEntries[layer].name
    actionRecords.append(
      ActionRecord(time: t, layer: name, key: key, resolution: resolution, source: source))
  }

  /// The full property value after a change to it or to a part of it.
  static func applying(_ change: PropertyChange, to full: [Double], type: ValueType) -> [Double] {
    var value = full
    var given = change.value.components
    switch change.keyPath.part {
    case .whole: return given
    case .components(let range):
      for (offset, index) in range.enumerated() { value[index] = given[offset] }
      return value
    case .transform(let field):
      var parts = DecomposedTransform(Transform3D(full)) ?? DecomposedTransform()
      given.withUnsafeMutableBufferPointer { Composition.set(field, $0.baseAddress!, on: &parts) }
      return parts.matrix.values
    }
  }

  /// Completion blocks run once every animation added in their transaction (or block) has
  /// finished or been removed; at once if none was added (semantics.md §5.4).
  func completionEvents() -> [CompletionEvent] {
    completions.compactMap { name, time, animations in
      var latest = time
      var finished = true
      for animation in animations {
        let events = DelegateEvents.events(
          for: animation, clock: layerEntries[animation.layer].clock,
          layerName: layerEntries[animation.layer].name)
        guard let stop = events.first(where: { $0.kind == .didStop }) else { return nil }
        latest = max(latest, stop.time)
        finished = finished && stop.finished == true
      }
      return CompletionEvent(time: latest, name: name, finished: finished)
    }.sorted { $0.time < $1.time }
  }
}
