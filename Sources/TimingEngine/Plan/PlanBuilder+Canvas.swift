/// Canvas starts turned into the script they amount to (semantics.md §7): every Canvas view that
/// wakes (scene time 0, a type, a non-zero duration, not paused) and every `startCanvasAnimation`
/// starts its view and then, as Canvas recurses through subviews, every Canvas view below it.
/// ◆ A view started again is reset: its animations are removed (their completion chains with
/// them) and it begins again from its start state.
extension PlanBuilder {
  /// Most script events the Canvas starts of one scene may expand into: every start repeats
  /// for every Canvas view below it, so a few thousand starts over a few thousand views would
  /// otherwise build hundreds of millions.
  static let maxCanvasScriptEvents = 200_000

  mutating func expandCanvas(_ events: [ScriptEvent], width: Double, height: Double)
    throws(TimelinePlan.Failure) -> [ScriptEvent]
  {
    var requests: [(time: Double, layer: Int, settings: CanvasSettings?, source: [String])] = []
    for (index, entry) in layerEntries.enumerated() {
      if let canvas = entry.layer.canvas, canvas.duration != 0, !canvas.pauseAnimationOnAwake {
        requests.append((0, index, nil, entry.layer.source(.canvas)))
      }
    }
    var output: [ScriptEvent] = []
    var requestForEvent: [Int: Int] = [:]
    for (i, event) in events.enumerated() {
      if case .startCanvasAnimation(let name, let settings) = event.action,
        let layer = nameIndex[name]
      {
        // A Canvas animation makes its layer a UIView's (◆ unless the scene gave a delegate).
        if settings != nil && layerEntries[layer].layer.actionSources.delegate == nil {
          layerEntries[layer].layer.actionSources.delegate = .view
        }
        requestForEvent[i] = requests.count
        requests.append((event.time, layer, settings, event.source))
      }
    }
    // Starts in time order decide which are restarts.
    var started = Set<Int>()
    var expanded: [Int: [ScriptEvent]] = [:]
    var total = 0
    for (order, request) in requests.enumerated().sorted(by: {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }) {
      var script: [ScriptEvent] = []
      func start(_ layer: Int, _ settings: CanvasSettings?) {
        guard total + script.count <= Self.maxCanvasScriptEvents else { return }
        if let settings = settings ?? layerEntries[layer].layer.canvas {
          if started.contains(layer) {
            script.append(
              ScriptEvent(
                time: request.time, action: .removeAllAnimations(layer: layerEntries[layer].name),
                source: request.source))
          }
          started.insert(layer)
          script += settings.preset.script(
            layer: layerEntries[layer].name, at: request.time, duration: settings.duration,
            delay: settings.delay, width: width,
            height: height, source: request.source)
        }
        for child in layerEntries[layer].children { start(child, nil) }
      }
      start(request.layer, request.settings)
      total += script.count
      guard total <= Self.maxCanvasScriptEvents else {
        throw .invalid(
          TimelinePlan.BuildError(
            source: request.source,
            message:
              "the scene's Canvas starts expand into more than \(Self.maxCanvasScriptEvents) animation steps; "
              + "start fewer views, or fewer times"))
      }
      try charge(WorkBudget.multiplying(script.count, WorkCost.event), at: request.source)
      expanded[order] = script
    }
    // Wake-up starts first, then the events in their order with each start replaced by its
    // script (the run sorts by time, keeping this order at equal times).
    let awake = requests.count - requestForEvent.count
    for order in 0..<awake { output += expanded[order] ?? [] }
    for (i, event) in events.enumerated() {
      if let order = requestForEvent[i] {
        output += expanded[order] ?? []
      } else if case .startCanvasAnimation = event.action {
        continue
      } else {
        output.append(event)
      }
    }
    return output
  }
}
