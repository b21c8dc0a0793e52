import TimingEngine

/// A `POST /v1/timelines` body: the scene, when to sample it and what to report.
struct TimelineRequest {
  var scene: Scene
  var times: [Double]
  var keyPaths: [String]?
  /// Pointer of each requested key path, for errors found once the plan exists.
  var keyPathsPointer = JSONPointer() / "keyPaths"
}

/// Decodes and validates a timeline request, reporting every problem with its pointer.
struct SceneDecoder {
  struct Limits {
    var maxLayers = 10_000
    var maxAnimationsPerLayer = 1_000
    var maxSamples = 100_000
  }

  let limits: Limits
  private var context: DecodingContext
  private var values = ValueDecoder()
  private var layerCount = 0
  /// Starts from `{"type": "canvas"}` animations, as script events.
  private var canvasStarts: [ScriptEvent] = []

  init(limits: Limits, budget: WorkBudget) {
    self.limits = limits
    context = DecodingContext(budget: budget)
  }

  /// The budget after decoding charged it.
  var budget: WorkBudget { context.budget }

  static let topLevel: Set<String> = ["layers", "sample", "keyPaths", "screen", "events"]
  static let layerMembers: Set<String> = [
    "name", "properties", "beginTime", "speed", "timeOffset", "animations", "sublayers", "delegate",
    "actions", "style",
    "defaultActions", "detached", "canvas",
  ]

  mutating func decode(_ body: JSONValue) -> Result<TimelineRequest, Problem> {
    let root = JSONPointer()
    guard case .object = body else {
      return .failure(
        Problem.invalidRequest([
          .at(root, "the body must be a JSON object with \"layers\" and \"sample\"")
        ]))
    }
    context.rejectUnknownMembers(body, allowed: Self.topLevel, at: root)
    var scene = Scene()
    if let screen = context.object(body["screen"], at: root / "screen") {
      context.rejectUnknownMembers(
        .object(screen), allowed: ["width", "height"], at: root / "screen")
      let object = JSONValue.object(screen)
      if let w = context.number(
        object["width"], at: root / "screen" / "width", in: 1...100_000, what: "a size in points")
      {
        scene.screenWidth = w
      }
      if let h = context.number(
        object["height"], at: root / "screen" / "height", in: 1...100_000, what: "a size in points")
      {
        scene.screenHeight = h
      }
    }
    if let items = context.array(body["layers"], at: root / "layers", max: limits.maxLayers) {
      scene.layers = decodeLayers(items, at: root / "layers")
    } else if body["layers"] == nil {
      context.fail(root / "layers", "required: an array of layers")
    }
    var names = Set<String>()
    checkNames(scene.layers, &names)
    if let items = context.array(body["events"], at: root / "events", max: 10_000) {
      // Layers that events insert are decoded first: later events may name them.
      var inserted: [String: Layer] = [:]
      for (i, item) in items.enumerated() {
        for kind in ScriptEventKind.allCases {
          guard let member = kind.layerSpecMember, case .object? = item[kind.rawValue],
            let spec = item[kind.rawValue]?[member]
          else { continue }
          let at = root / "events" / i / kind.rawValue / member
          if let layer = decodeLayer(spec, at: at) {
            inserted[at.description] = layer
            checkNames([layer], &names)
          }
        }
      }
      var layerTypes: [String: [String: ValueType]] = [:]
      collectCustomTypes(scene.layers + Array(inserted.values), into: &layerTypes)
      var script = ScriptContext(layers: layerTypes, inserted: inserted, values: values)
      scene.events = items.enumerated().compactMap { i, item in
        ScriptEvent(json: item, at: root / "events" / i, in: &context, script: &script)
      }
      values = script.values
      script.checkRemovals(&context)
      script.checkConflicts(&context)
    }
    // `{"type": "canvas"}` animations start their preset when added, like startCanvasAnimation.
    scene.events += canvasStarts
    scene.contentsNames = values.contentsNames
    let times = decodeSample(body["sample"], at: root / "sample")
    var keyPaths: [String]?
    if let items = context.array(body["keyPaths"], at: root / "keyPaths", max: 256) {
      keyPaths = items.enumerated().compactMap { i, item in
        context.string(item, at: root / "keyPaths" / i, maxLength: 128)
      }
    }
    // Past the budget the decoders stopped reading: what they found so far is not the story.
    if let exhausted = context.exhausted { return .failure(Problem.tooMuchWork(exhausted)) }
    guard context.problems.isEmpty else {
      return .failure(Problem.invalidRequest(context.problems))
    }
    return .success(TimelineRequest(scene: scene, times: times, keyPaths: keyPaths))
  }

  /// Every layer's custom property types (from model values and animations), for the events.
  private func collectCustomTypes(
    _ layers: [Layer], into types: inout [String: [String: ValueType]]
  ) {
    for layer in layers {
      var custom: [String: ValueType] = [:]
      for (key, value) in layer.properties where LayerProperties.catalogue[key] == nil {
        custom[key] = value.type
      }
      for animation in layer.animations {
        if let keyPath = animation.keyPath, LayerProperties.catalogue[keyPath.property] == nil {
          custom[keyPath.property] = keyPath.propertyType
        }
      }
      types[layer.name] = custom
      collectCustomTypes(layer.sublayers, into: &types)
    }
  }

  private mutating func checkNames(_ layers: [Layer], _ names: inout Set<String>) {
    for layer in layers {
      if !names.insert(layer.name).inserted {
        context.fail(
          JSONPointer(layer.source) / "name",
          "duplicate layer name '\(layer.name.prefix(64))'; names must be unique")
      }
      checkNames(layer.sublayers, &names)
    }
  }

  private mutating func decodeLayers(_ items: [JSONValue], at pointer: JSONPointer) -> [Layer] {
    var layers: [Layer] = []
    for (i, item) in items.enumerated() {
      layerCount += 1
      guard layerCount <= limits.maxLayers else {
        context.fail(pointer / i, "more than \(limits.maxLayers) layers in the scene")
        return layers
      }
      if let layer = decodeLayer(item, at: pointer / i) { layers.append(layer) }
    }
    return layers
  }

  private mutating func decodeLayer(_ value: JSONValue, at pointer: JSONPointer) -> Layer? {
    guard case .object = value else {
      context.fail(pointer, "a layer must be an object, not \(value.typeName)")
      return nil
    }
    context.rejectUnknownMembers(value, allowed: Self.layerMembers, at: pointer)
    let name = context.string(value["name"], at: pointer / "name", maxLength: 200)
    if value["name"] == nil {
      context.fail(pointer / "name", "required: a unique name for the layer")
    }
    if name?.isEmpty == true { context.fail(pointer / "name", "must not be empty") }
    var layer = Layer(name: name ?? "")
    layer.source = pointer.tokens
    layer.beginTime = context.number(value["beginTime"], at: pointer / "beginTime") ?? 0
    layer.speed = context.number(value["speed"], at: pointer / "speed", in: -1e6...1e6) ?? 1
    layer.timeOffset = context.number(value["timeOffset"], at: pointer / "timeOffset") ?? 0
    var customTypes: [String: ValueType] = [:]
    if let properties = context.object(value["properties"], at: pointer / "properties") {
      layer.properties = decodeProperties(
        properties, at: pointer / "properties", customTypes: &customTypes)
    }
    if let items = context.array(
      value["animations"], at: pointer / "animations", max: limits.maxAnimationsPerLayer)
    {
      var decoder = AnimationDecoder(customTypes: customTypes)
      for (i, item) in items.enumerated() {
        if case .string("canvas")? = item["type"] {
          // A Canvas preset by name: started on this layer when added (semantics.md §7).
          let at = pointer / "animations" / i
          context.rejectUnknownMembers(
            item, allowed: ["type", "name", "duration", "delay", "addedAt"], at: at)
          if let settings = CanvasDecoder.settings(item, nameKey: "name", at: at, context: &context)
          {
            let time = context.number(item["addedAt"], at: at / "addedAt", in: 0...1e9) ?? 0
            canvasStarts.append(
              ScriptEvent(
                time: time, action: .startCanvasAnimation(layer: layer.name, settings: settings),
                source: at.tokens))
          }
          continue
        }
        if let animation = decoder.decode(
          item, at: pointer / "animations" / i, values: &values, context: &context, depth: 0)
        {
          layer.animations.append(animation)
        }
      }
    }
    layer.actionSources = ActionSources(json: value, at: pointer, in: &context, values: &values)
    layer.detached = context.bool(value["detached"], at: pointer / "detached") ?? false
    if let canvas = value["canvas"] {
      if case .object = canvas {
        context.rejectUnknownMembers(
          canvas, allowed: ["type", "duration", "delay", "pauseAnimationOnAwake"],
          at: pointer / "canvas")
      }
      layer.canvas = CanvasDecoder.settings(
        canvas, nameKey: "type", at: pointer / "canvas", context: &context)
    }
    if let items = context.array(
      value["sublayers"], at: pointer / "sublayers", max: limits.maxLayers)
    {
      layer.sublayers = decodeLayers(items, at: pointer / "sublayers")
    }
    return layer
  }

  private mutating func decodeProperties(
    _ members: [(String, JSONValue)], at pointer: JSONPointer,
    customTypes: inout [String: ValueType]
  ) -> [(key: String, value: AnimatableValue)] {
    var result: [(key: String, value: AnimatableValue)] = []
    var frame: (AnimatableValue, JSONPointer)?
    for (key, member) in members {
      guard key.utf8.count <= 128, !key.isEmpty, !key.contains(".") else {
        context.fail(
          pointer / key, "a property name is a non-empty identifier without '.' (up to 128 bytes)")
        continue
      }
      if key == "transition" {
        context.fail(pointer / key, "'transition' is an animation key, not a property")
        continue
      }
      if key == "frame" {
        if let v = values.decode(member, as: .rect, at: pointer / key, &context) {
          frame = (v, pointer / key)
        }
        continue
      }
      let type: ValueType
      if let builtIn = LayerProperties.catalogue[key] {
        type = builtIn.type
      } else if let custom = ValueDecoder.customType(of: member) {
        type = custom
        customTypes[key] = custom
      } else {
        context.fail(
          pointer / key,
          "'\(key.prefix(64))' is not a layer property; a custom property must be a number or an array of numbers"
        )
        continue
      }
      if let v = values.decode(member, as: type, at: pointer / key, &context) {
        result.append((key, v))
      }
    }
    if let (rect, framePointer) = frame {
      // semantics.md §3.1: frame is derived; setting it sets bounds (size) and position (by
      // anchorPoint).
      if result.contains(where: { $0.key == "position" || $0.key == "bounds" }) {
        context.fail(framePointer, "give either frame, or position and bounds")
      }
      let anchor = result.first { $0.key == "anchorPoint" }?.value.components ?? [0.5, 0.5]
      let c = rect.components
      result.append((key: "bounds", value: AnimatableValue(.rect, [0, 0, c[2], c[3]])))
      result.append(
        (
          key: "position",
          value: AnimatableValue(.point, [c[0] + anchor[0] * c[2], c[1] + anchor[1] * c[3]])
        ))
    }
    return result
  }

  /// `{from, to, fps}` (inclusive of both ends) or `{times: [...]}`.
  private mutating func decodeSample(_ value: JSONValue?, at pointer: JSONPointer) -> [Double] {
    guard let members = context.object(value, at: pointer) else {
      if value == nil {
        context.fail(pointer, "required: {\"from\", \"to\", \"fps\"} or {\"times\": [...]}")
      }
      return []
    }
    let sample = JSONValue.object(members)
    if let times = sample["times"] {
      context.rejectUnknownMembers(sample, allowed: ["times"], at: pointer)
      guard let items = context.array(times, at: pointer / "times", max: limits.maxSamples) else {
        return []
      }
      return items.enumerated().compactMap { i, item in
        context.number(item, at: pointer / "times" / i, what: "a scene time")
      }
    }
    context.rejectUnknownMembers(sample, allowed: ["from", "to", "fps"], at: pointer)
    let from = context.number(
      sample["from"] ?? .number(0), at: pointer / "from", what: "a scene time")
    let to = context.number(sample["to"], at: pointer / "to", what: "a scene time")
    let fps = context.number(
      sample["fps"] ?? .number(60), at: pointer / "fps", in: 0.001...1000, what: "frames per second"
    )
    if sample["to"] == nil { context.fail(pointer / "to", "required: the last time to sample") }
    guard let from, let to, let fps else { return [] }
    guard to >= from else {
      context.fail(pointer / "to", "must not be before from")
      return []
    }
    let intervals = ((to - from) * fps + 1e-9).rounded(.down)
    guard intervals < Double(limits.maxSamples) else {
      context.fail(
        pointer,
        "\(numberText(intervals + 1)) samples exceed the limit of \(limits.maxSamples) per request; lower fps or the range"
      )
      return []
    }
    // 0 ≤ intervals < maxSamples here (to ≥ from, fps > 0, and NaN fails the guard).
    let count = Int(truncating: intervals, clampedTo: 0...limits.maxSamples, ifNaN: 0) + 1
    // from + i/fps for each i (not repeated addition), so the last frame lands exactly.
    return (0..<count).map { from + Double($0) / fps }
  }
}
