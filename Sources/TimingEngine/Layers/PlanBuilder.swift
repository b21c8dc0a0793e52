/// Builds a plan: flattens the layers, then compiles animations and script events in time
/// order onto property tracks.
struct PlanBuilder {
  var names: [String] = []
  var nameIndex: [String: Int] = [:]
  var clocks: [LayerClock] = []
  var layers: [Layer] = []
  var tracks: [TimelinePlan.Track] = []
  var layerTracks: [[Int]] = []
  var topLevel: [CompiledAnimation] = []
  var warnings: [SceneWarning] = []
  let contentsNames: [String]

  init(contentsNames: [String]) { self.contentsNames = contentsNames }

  mutating func flatten(_ list: [Layer], parentLevels: [LayerClock.Level]) throws(TimelinePlan
    .BuildError)
  {
    for layer in list {
      let index = names.count
      guard nameIndex[layer.name] == nil else {
        throw TimelinePlan.BuildError(
          source: layer.source + ["name"], message: "duplicate layer name '\(layer.name)'")
      }
      nameIndex[layer.name] = index
      names.append(layer.name)
      let levels =
        parentLevels + [
          LayerClock.Level(
            layer: index, beginTime: layer.beginTime, speed: layer.speed,
            timeOffset: layer.timeOffset)
        ]
      clocks.append(LayerClock(levels: levels))
      layers.append(layer)
      layerTracks.append([])
      for (key, value) in layer.properties {
        let track = trackIndex(layer: index, property: key, type: value.type)
        tracks[track].model = value.components
      }
      try flatten(layer.sublayers, parentLevels: levels)
    }
  }

  mutating func trackIndex(layer: Int, property: String, type: ValueType) -> Int {
    if let existing = layerTracks[layer].first(where: { tracks[$0].property == property }) {
      return existing
    }
    let model: [Double]
    if property == "transition" {
      model = Array(repeating: .nan, count: 5)
    } else {
      model =
        LayerProperties.catalogue[property]?.components
        ?? Array(repeating: 0, count: type.componentCount)
    }
    tracks.append(TimelinePlan.Track(layer: layer, property: property, type: type, model: model))
    layerTracks[layer].append(tracks.count - 1)
    return tracks.count - 1
  }

  mutating func compileAnimations() {
    for (layerIndex, layer) in layers.enumerated() {
      // SPEC §1.3: applied in the order added; a later add under a key replaces the earlier one.
      let ordered = layer.animations.enumerated().sorted {
        ($0.element.addedAt, $0.offset) < ($1.element.addedAt, $1.offset)
      }
      var keyed: [String: CompiledAnimation] = [:]
      for (_, animation) in ordered {
        let compiled = compile(animation, layer: layerIndex, parent: nil)
        if let key = animation.key {
          if let previous = keyed[key] { previous.removal.set(animation.addedAt) }
          keyed[key] = compiled
        }
        topLevel.append(compiled)
      }
    }
  }

  private mutating func warn(_ source: [String], _ message: String) {
    warnings.append(SceneWarning(source: source, message: message))
  }

  @discardableResult
  mutating func compile(_ animation: Animation, layer: Int, parent: CompiledAnimation?)
    -> CompiledAnimation
  {
    var timing = animation.timing
    if timing.duration <= 0 { timing.duration = 0.25 }
    if parent == nil && timing.beginTime == 0 {
      // SPEC §1.3: beginTime 0 means "now", in the layer's time, at the add.
      timing.beginTime = clocks[layer].localTime(animation.addedAt)
    }
    if timing.repeatCount > 0 && timing.repeatDuration > 0 {
      warn(
        animation.source + ["repeatDuration"],
        "both repeatCount and repeatDuration are set; repeatDuration wins (◆)")
    }
    var timingFunction = animation.timingFunction
    if case .spring = animation.kind, timingFunction != nil {
      warn(
        animation.source + ["timingFunction"], "a spring animation ignores its timingFunction (◆)"
      )
      timingFunction = nil
    }
    let compiled = CompiledAnimation(
      layer: layer, key: animation.key, timing: timing, timingFunction: timingFunction,
      removedOnCompletion: animation.removedOnCompletion, parent: parent,
      addedAt: parent?.addedAt ?? animation.addedAt, source: animation.source)

    switch animation.kind {
    case .group(let children):
      for child in children { compile(child, layer: layer, parent: compiled) }
    case .transition(let style):
      let track = trackIndex(layer: layer, property: "transition", type: .array(5))
      tracks[track].steps.append(
        TrackStep(
          animation: compiled, source: TransitionSource(style), part: .whole, additive: false,
          valueFunction: nil))
    case .basic(let values):
      addBasic(animation, compiled, values, spring: nil, layer: layer)
    case .spring(let values, let curve):
      addBasic(animation, compiled, values, spring: curve, layer: layer)
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

  /// The model value at the animation's key path (for a value function: its identity input).
  private func modelValue(
    _ track: Int, _ keyPath: PropertyKeyPath, _ valueFunction: ValueFunction?
  ) -> [Double] {
    if let valueFunction {
      switch valueFunction {
      case .scale: return [1, 1, 1]
      case .scaleX, .scaleY, .scaleZ: return [1]
      case .translate: return [0, 0, 0]
      default: return [0]
      }
    }
    return part(keyPath.part, of: tracks[track].model, valueType: keyPath.valueType)
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

  /// The presentation value of a track at scene time t from the steps placed so far.
  private func presentation(_ track: Int, at t: Double) -> [Double] {
    let plan = tracks[track]
    var buffer = plan.model
    let layerTime = clocks[plan.layer].localTime(t)
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 64) { scratch in
      let value = scratch.baseAddress!
      let extra = value + 32
      buffer.withUnsafeMutableBufferPointer { out in
        for step in plan.steps where step.animation.root.isAttached(at: t) {
          guard let lt = step.animation.localTime(layerTime: layerTime) else { continue }
          step.write(lt, into: value, scratch: extra)
          Composition.apply(step, value: value, onto: out.baseAddress!, propertyType: plan.type)
        }
      }
    }
    return buffer
  }

  private mutating func addBasic(
    _ animation: Animation, _ compiled: CompiledAnimation, _ values: BasicValues,
    spring: SpringCurve?, layer: Int
  ) {
    guard let (track, keyPath, type) = target(animation, layer: layer) else { return }
    let model = modelValue(track, keyPath, animation.valueFunction)
    let from: [Double]
    let to: [Double]
    switch (values.from?.components, values.to?.components, values.by?.components) {
    case (let f?, let t?, let b):
      if b != nil {
        warn(
          animation.source + ["byValue"],
          "fromValue, toValue and byValue all set; byValue is ignored (◆)")
      }
      (from, to) = (f, t)
    case (let f?, nil, let b?): (from, to) = (f, ValueAlgebra.add(type, f, b))
    case (nil, let t?, let b?): (from, to) = (ValueAlgebra.subtract(type, t, b), t)
    case (let f?, nil, nil): (from, to) = (f, model)
    case (nil, let t?, nil): (from, to) = (model, t)
    case (nil, nil, let b?): (from, to) = (model, ValueAlgebra.add(type, model, b))
    case (nil, nil, nil):
      // The presentation value captured when added → the current model value.
      let captured =
        animation.valueFunction == nil
        ? part(keyPath.part, of: presentation(track, at: compiled.addedAt), valueType: type)
        : model
      (from, to) = (captured, model)
    }
    let interpolator = Interpolator(type: type, from: from, to: to)
    let cycleValue = animation.cumulative && type.isAdditive ? to : nil
    if animation.cumulative && !type.isAdditive {
      warn(
        animation.source + ["cumulative"],
        "\(type) values cannot accumulate; cumulative is ignored")
    }
    addStep(
      animation, compiled, track: track, keyPath: keyPath,
      source: InterpolationSource(
        interpolator, spring: spring, cycleValue: cycleValue, type: type))
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
      source: KeyframeSource(evaluator, cycleValue: cycleValue))
    if let rotation = values.rotationMode, values.path != nil {
      let transform = trackIndex(layer: layer, property: "transform", type: .transform)
      tracks[transform].steps.append(
        TrackStep(
          animation: compiled,
          source: PathRotationSource(evaluator, offset: rotation == .autoReverse ? Double.pi : 0),
          part: .transform(.rotationZ), additive: true, valueFunction: nil))
    }
  }

  private mutating func addStep(
    _ animation: Animation, _ compiled: CompiledAnimation, track: Int, keyPath: PropertyKeyPath,
    source: ValueSource
  ) {
    tracks[track].steps.append(
      TrackStep(
        animation: compiled, source: source, part: keyPath.part, additive: animation.additive,
        valueFunction: animation.valueFunction))
  }
}
