/// Builds a plan: flattens the layers, then compiles animations and script events in time
/// order onto property tracks.
struct PlanBuilder {
  static let maxDepth = 64

  /// Every layer flattened so far, one entry each, in flattening order: a layer's index is its
  /// place here.
  var layerEntries: [LayerEntry] = []
  /// Each layer's index by its name (names are unique: flattening refuses a second).
  var nameIndex: [String: Int] = [:]
  /// Every property track made so far, one entry each: a track's index is its place here.
  var trackEntries: [TrackEntry] = []
  /// The request's allowance of work, charged as the plan is built.
  var budget: WorkBudget
  /// Which stage the work being done belongs to: the scene's own animations are planning, what
  /// events cause is script.
  var stage = WorkBudget.Stage.planning
  let strategy: Strategy
  var topLevel: [CompiledAnimation] = []
  var warnings: [SceneWarning] = []
  /// The epochs of each source whose ends follow the model value (`LiveSource.epochs` indexes
  /// this), appended to as the script runs; `finishEpochs` hands them to the plan's sources.
  var epochs: [[(start: Double, interpolator: Interpolator)]] = []
  /// The insert time given to layers being flattened (−∞ for the scene's tree).
  var currentInsertTime = -Double.infinity
  var actionRecords: [ActionRecord] = []
  var completions: [(name: String, time: Double, animations: [CompiledAnimation])] = []
  /// Each distinct timing function compiled once: compiling one solves its curve at 64 points
  /// (a quarter of the time of 50 000 script changes when each compiled its own).
  var compiledFunctions: [TimingFunction: CompiledTimingFunction] = [:]
  let contentsNames: [String]

  /// How the builder does the work that has a straightforward form and a fast one.
  enum Strategy {
    /// Presentation values from each track's live steps only, and live-model epochs only for
    /// animations that may still contribute: what the service runs.
    case incremental
    /// Every step at every presentation, an epoch at every model change: the straightforward
    /// forms, kept as the reference the incremental ones are tested against.
    case reference
  }

  init(contentsNames: [String], budget: WorkBudget, strategy: Strategy = .incremental) {
    self.contentsNames = contentsNames
    self.budget = budget
    self.strategy = strategy
  }

  /// Charges planning work, as a plan-building failure.
  mutating func charge(_ units: Int, at source: [String]) throws(TimelinePlan.Failure) {
    do throws(WorkBudget.Exhausted) {
      try budget.charge(units, .planning, at: source)
    } catch {
      throw .tooMuchWork(error)
    }
  }

  mutating func flatten(_ list: [Layer], parentLevels: [LayerClock.Level]) throws(TimelinePlan
    .Failure)
  {
    // Clocks hold every level above a layer: a tree deeper than this (built by a chain of
    // inserted layers, since JSON nesting already stops at about 30) would cost memory and stack
    // quadratic in its depth.
    guard parentLevels.count < Self.maxDepth else {
      throw .invalid(
        TimelinePlan.BuildError(
          source: list.first?.source ?? [],
          message: "layer tree deeper than \(Self.maxDepth) levels"))
    }
    for var layer in list {
      try charge(
        WorkCost.layer + layer.properties.count * WorkCost.property + parentLevels.count,
        at: layer.source)
      // Canvas views are UIViews: their layers are view-backed (◆ unless the scene says otherwise).
      if layer.canvas != nil && layer.actionSources.delegate == nil {
        layer.actionSources.delegate = .view
      }
      let index = layerEntries.count
      guard nameIndex[layer.name] == nil else {
        throw .invalid(
          TimelinePlan.BuildError(
            source: layer.source(.name), message: "duplicate layer name '\(layer.name)'"))
      }
      nameIndex[layer.name] = index
      let levels =
        parentLevels + [
          LayerClock.Level(
            layer: index, beginTime: layer.beginTime, speed: layer.speed,
            timeOffset: layer.timeOffset)
        ]
      let parent = parentLevels.last?.layer
      layerEntries.append(
        LayerEntry(
          layer: layer, clock: LayerClock(levels: levels), parent: parent,
          insertedAt: currentInsertTime))
      if let parent { layerEntries[parent].children.append(index) }
      for (key, value) in layer.properties {
        let track = trackIndex(layer: index, property: key, type: value.type)
        trackEntries[track].track.model = value.components
      }
      try flatten(layer.sublayers, parentLevels: levels)
    }
  }

  mutating func trackIndex(layer: Int, property: String, type: ValueType) -> Int {
    if let existing = layerEntries[layer].trackByProperty[property] { return existing }
    let model: [Double]
    if property == "transition" {
      model = Array(repeating: .nan, count: 5)
    } else {
      model =
        LayerProperties.catalogue[property]?.components
        ?? Array(repeating: 0, count: type.componentCount)
    }
    let index = trackEntries.count
    trackEntries.append(
      TrackEntry(
        track: TimelinePlan.Track(layer: layer, property: property, type: type, model: model)))
    layerEntries[layer].tracks.append(index)
    layerEntries[layer].trackByProperty[property] = index
    return index
  }

  /// Puts a step on its track, last in the order.
  mutating func place(_ step: TrackStep, on track: Int) {
    trackEntries[track].track.steps.append(step)
    trackEntries[track].liveSteps.append(step)
  }

  mutating func warn(_ source: [String], _ message: String) {
    warnings.append(SceneWarning(source: source, message: message))
  }

  @discardableResult
  mutating func compile(_ animation: Animation, layer: Int, parent: CompiledAnimation?)
    throws(WorkBudget.Exhausted) -> CompiledAnimation
  {
    try budget.charge(WorkCost.compiling(animation), stage, at: animation.source)
    var timing = animation.timing
    if timing.duration <= 0 { timing.duration = 0.25 }
    if parent == nil && timing.beginTime == 0 {
      // semantics.md §1.3: beginTime 0 means "now", in the layer's time, at the add.
      timing.beginTime = layerEntries[layer].clock.localTime(animation.addedAt)
    }
    if timing.repeatCount > 0 && timing.repeatDuration > 0 {
      warn(
        animation.source(.repeatDuration),
        "both repeatCount and repeatDuration are set; repeatDuration wins (◆)")
    }
    var timingFunction = animation.timingFunction
    if case .spring = animation.kind, timingFunction != nil {
      warn(
        animation.source(.timingFunction), "a spring animation ignores its timingFunction (◆)"
      )
      timingFunction = nil
    }
    let compiledFunction = timingFunction.map { function in
      if let existing = compiledFunctions[function] { return existing }
      let compiled = CompiledTimingFunction(function)
      compiledFunctions[function] = compiled
      return compiled
    }
    let compiled = CompiledAnimation(
      layer: layer, key: animation.key, timing: timing, timingFunction: compiledFunction,
      removedOnCompletion: animation.removedOnCompletion, parent: parent,
      addedAt: parent?.addedAt ?? animation.addedAt, source: animation.source)

    switch animation.kind {
    case .group(let children):
      for child in children { try compile(child, layer: layer, parent: compiled) }
    case .transition(let style):
      let track = trackIndex(layer: layer, property: "transition", type: .array(5))
      place(
        TrackStep(
          animation: compiled, source: .transition(TransitionSource(style)), part: .whole,
          additive: false, valueFunction: nil, propertyType: .array(5)), on: track)
    case .basic(let values):
      try addBasic(animation, compiled, values, spring: nil, layer: layer)
    case .spring(let values, let curve):
      try addBasic(animation, compiled, values, spring: curve, layer: layer)
    case .keyframe(let values):
      addKeyframe(animation, compiled, values, layer: layer)
    }
    return compiled
  }

  /// The property track an animation writes to, and the type its values have.
  private mutating func target(_ animation: Animation, layer: Int) -> (
    track: Int, keyPath: PropertyKeyPath, type: ValueType
  )? {
    guard let keyPath = animation.keyPath else { return nil }
    let track = trackIndex(layer: layer, property: keyPath.property, type: keyPath.propertyType)
    return (track, keyPath, animation.valueFunction?.inputType ?? keyPath.valueType)
  }

  /// The model value at the animation's key path now (for a value function: its identity
  /// input).
  private func modelValue(
    _ track: Int, _ keyPath: PropertyKeyPath, _ valueFunction: ValueFunction?
  ) -> [Double] {
    if let valueFunction {
      switch valueFunction {
      case .scale: return [1, 1, 1]
      case .scaleX, .scaleY, .scaleZ: return [1]
      case .translate: return [0, 0, 0]
      case .rotateX, .rotateY, .rotateZ, .translateX, .translateY, .translateZ: return [0]
      }
    }
    return part(
      keyPath.part, of: trackEntries[track].track.currentModel, valueType: keyPath.valueType)
  }

  private func part(_ part: PropertyKeyPath.Part, of value: [Double], valueType: ValueType)
    -> [Double]
  {
    if case .whole = part { return value }
    var out = Array(repeating: 0.0, count: valueType.componentCount)
    value.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer {
        Composition.read(part, from: source.baseAddress!, into: $0.baseAddress!)
      }
    }
    return out
  }

  /// The ends of a basic animation for a model value (semantics.md §3.3's table); `captured` is the
  /// presentation value when added, for the case with no ends at all.
  private static func ends(
    _ values: BasicValues, type: ValueType, model: [Double], captured: [Double]
  ) -> (from: [Double], to: [Double]) {
    switch (values.from?.components, values.to?.components, values.by?.components) {
    case (let f?, let t?, _): return (f, t)
    case (let f?, nil, let b?): return (f, ValueAlgebra.add(type, f, b))
    case (nil, let t?, let b?): return (ValueAlgebra.subtract(type, t, b), t)
    case (let f?, nil, nil): return (f, model)
    case (nil, let t?, nil): return (model, t)
    case (nil, nil, let b?): return (model, ValueAlgebra.add(type, model, b))
    case (nil, nil, nil): return (captured, model)
    }
  }

  private mutating func addBasic(
    _ animation: Animation, _ compiled: CompiledAnimation, _ values: BasicValues,
    spring: SpringCurve?, layer: Int
  ) throws(WorkBudget.Exhausted) {
    guard let (track, keyPath, type) = target(animation, layer: layer) else { return }
    if values.from != nil && values.to != nil && values.by != nil {
      warn(
        animation.source(.byValue),
        "fromValue, toValue and byValue all set; byValue is ignored (◆)")
    }
    let model = modelValue(track, keyPath, animation.valueFunction)
    // Only an animation without any end starts from the presentation value when added; the
    // composition it needs is not worth doing for the others.
    let needsCapture =
      values.from == nil && values.to == nil && values.by == nil && animation.valueFunction == nil
    let captured =
      needsCapture
      ? part(
        keyPath.part,
        of: try presentation(
          track, at: compiled.addedAt, model: trackEntries[track].track.currentModel,
          for: animation.source),
        valueType: type) : model
    let (from, to) = Self.ends(values, type: type, model: model, captured: captured)
    let interpolator = Interpolator(type: type, from: from, to: to)
    let cycleValue = animation.cumulative && type.isAdditive ? to : nil
    if animation.cumulative && !type.isAdditive {
      warn(
        animation.source(.cumulative), "\(type) values cannot accumulate; cumulative is ignored"
      )
    }
    // An end missing from from/to follows the model value live (semantics.md §3.3): an interpolator
    // per model epoch, this one from the add, the next ones from each later change
    // (`modelChanged`).
    let followsModel = animation.valueFunction == nil && (values.from == nil || values.to == nil)
    var liveIndex: Int?
    if followsModel {
      try budget.charge(WorkCost.epoch(type), stage, at: animation.source)
      let index = epochs.count
      epochs.append([(compiled.addedAt, interpolator)])
      liveIndex = index
      trackEntries[track].liveSources.append(
        LiveSource(
          epochs: index, keyPath: keyPath, type: type, values: values, captured: captured,
          animation: compiled))
    }
    let source = InterpolationSource(
      interpolator, liveIndex: liveIndex, spring: spring, cycleValue: cycleValue, type: type)
    addStep(animation, compiled, track: track, keyPath: keyPath, source: .interpolation(source))
  }

  /// A basic animation whose ends follow the model value.
  struct LiveSource {
    /// Its index in `epochs`.
    let epochs: Int
    let keyPath: PropertyKeyPath
    let type: ValueType
    let values: BasicValues
    let captured: [Double]
    let animation: CompiledAnimation
  }

  /// The model value of a track changed at t: each animation on it whose ends follow the model
  /// value gets an interpolator for the new value from t on — as the script runs, so that the
  /// presentation values composed at later changes use the model value of their time.
  ///
  /// Incremental: an animation gone for good at t (`isGoneForGood`, removed or finished for
  /// ever) is never sampled or composed at t or later, so it gets no more epochs and leaves the
  /// list: 8 000 implicit animations each replaced at the next change then need 16 000 epochs,
  /// not 32 million.
  mutating func modelChanged(_ track: Int, at t: Double, source: [String])
    throws(WorkBudget.Exhausted)
  {
    // Taken out so that it is uniquely referenced while it is filtered.
    var sources = trackEntries[track].liveSources
    trackEntries[track].liveSources = []
    let looked = sources.count
    switch strategy {
    case .reference: break
    case .incremental:
      let clock = layerEntries[trackEntries[track].track.layer].clock
      let layerTime = clock.localTime(t)
      let direction = Self.direction(of: clock)
      sources.removeAll {
        Self.isGoneForGood($0.animation, at: t, layerTime: layerTime, direction: direction)
      }
    }
    var units = WorkBudget.multiplying(looked, WorkCost.presentationLook)
    for live in sources { units = WorkBudget.adding(units, WorkCost.epoch(live.type)) }
    try budget.charge(units, .script, at: source)
    let model = trackEntries[track].track.currentModel
    for live in sources {
      let (from, to) = Self.ends(
        live.values, type: live.type,
        model: part(live.keyPath.part, of: model, valueType: live.type), captured: live.captured)
      epochs[live.epochs].append((t, Interpolator(type: live.type, from: from, to: to)))
    }
    trackEntries[track].liveSources = sources
  }

  /// Once the script has run: every source whose ends follow the model value gets all the
  /// epochs the script made, in a new step that the plan keeps (the builder's steps used the
  /// latest epoch, `compose`). The plan's sources are then built whole and never changed.
  mutating func finishEpochs() {
    guard !epochs.isEmpty else { return }
    for track in trackEntries.indices {
      for (index, step) in trackEntries[track].track.steps.enumerated() {
        guard case .interpolation(let source) = step.source, let live = source.liveIndex else {
          continue
        }
        trackEntries[track].track.steps[index] = TrackStep(
          animation: step.animation, source: .interpolation(source.with(epochs: epochs[live])),
          part: step.part, additive: step.additive, valueFunction: step.valueFunction,
          propertyType: trackEntries[track].track.type)
      }
    }
    epochs = []
  }

  private mutating func addKeyframe(
    _ animation: Animation, _ compiled: CompiledAnimation, _ values: KeyframeValues, layer: Int
  ) {
    guard let (track, keyPath, type) = target(animation, layer: layer) else { return }
    let evaluator = KeyframeEvaluator(values, type: type)
    for message in evaluator.warnings { warn(animation.source, message) }
    let last = evaluator.values.last ?? []
    let cycleValue = animation.cumulative && type.isAdditive ? last : nil
    addStep(
      animation, compiled, track: track, keyPath: keyPath,
      source: .keyframe(KeyframeSource(evaluator, cycleValue: cycleValue)))
    if let rotation = values.rotationMode, values.path != nil {
      let transform = trackIndex(layer: layer, property: "transform", type: .transform)
      place(
        TrackStep(
          animation: compiled,
          source: .pathRotation(
            PathRotationSource(evaluator, offset: rotation == .autoReverse ? Double.pi : 0)),
          part: .transform(.rotationZ), additive: true, valueFunction: nil,
          propertyType: .transform), on: transform)
    }
  }

  private mutating func addStep(
    _ animation: Animation, _ compiled: CompiledAnimation, track: Int, keyPath: PropertyKeyPath,
    source: ValueSource
  ) {
    place(
      TrackStep(
        animation: compiled, source: source, part: keyPath.part, additive: animation.additive,
        valueFunction: animation.valueFunction, propertyType: trackEntries[track].track.type),
      on: track)
  }
}
