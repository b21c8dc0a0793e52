import TimingEngine

/// A `POST /v1/timelines` body (api.md "Timelines"): the scene, when to sample it and what to
/// report.
struct TimelineRequest {
  struct Limits {
    var maxLayers = 10_000
    var maxAnimationsPerLayer = 1_000
    var maxSamples = 100_000
  }

  enum Member: String, WireMember {
    case layers, sample, keyPaths, screen, events, export
  }

  /// The members of `screen`.
  enum ScreenMember: String, WireMember {
    case width, height
  }

  /// At most this many script events, and this many key paths to report.
  static let maxEvents = 10_000
  static let maxKeyPaths = 256

  var scene: Scene
  var times: [Double]
  var keyPaths: [String]?
  /// `export`: the bounds of a `format=waapi|css` export (docs/export.md "Bounds"); the
  /// defaults when absent, and unused by the other formats.
  var exportBounds = ExportBounds()
  /// Pointer of each requested key path, for errors found once the plan exists.
  var keyPathsPointer = JSONPointer() / Member.keyPaths

  /// Decodes and validates `body`, reporting every problem to `context` with its pointer, and
  /// throws them all (or the budget it went past) in one problem.
  init(json body: JSONValue, limits: Limits, in context: inout DecodingContext) throws(Problem) {
    let root = JSONPointer()
    guard case .object = body else {
      throw Problem.invalidRequest([
        .at(root, "the body must be a JSON object with \"layers\" and \"sample\"")
      ])
    }
    context.rejectUnknownMembers(body, allowed: Member.self, at: root)
    scene = Scene()
    Self.readScreen(body[Member.screen], at: root / Member.screen, into: &scene, &context)
    var layers = LayerContext(
      maxLayers: limits.maxLayers, maxAnimationsPerLayer: limits.maxAnimationsPerLayer)
    if let items = context.array(
      body[Member.layers], at: root / Member.layers, max: limits.maxLayers)
    {
      scene.layers = Layer.list(
        json: items, at: root / Member.layers, in: &context, layers: &layers)
    } else if body[Member.layers] == nil {
      context.fail(root / Member.layers, "is required: an array of layers")
    }
    var names = Set<String>()
    Self.checkNames(scene.layers, &names, &context)
    if let items = context.array(
      body[Member.events], at: root / Member.events, max: Self.maxEvents)
    {
      scene.events = Self.events(
        items, at: root / Member.events, scene, &names, &context, &layers)
    }
    // `{"type": "canvas"}` animations start their preset when added, like startCanvasAnimation.
    scene.events += layers.canvasStarts
    scene.contentsNames = layers.values.names
    times =
      SampleRequest(
        json: body[Member.sample], at: root / Member.sample, maxSamples: limits.maxSamples,
        in: &context
      ).times
    if let items = context.array(
      body[Member.keyPaths], at: root / Member.keyPaths, max: Self.maxKeyPaths)
    {
      keyPaths = items.enumerated().compactMap { i, item in
        context.string(item, at: root / Member.keyPaths / i, maxLength: 128)
      }
    }
    exportBounds = ExportBounds(
      json: body[Member.export], at: root / Member.export, in: &context)
    try context.throwIfFailed()
  }

  /// The field a "too many numbers" refusal names: `sample`, with how many samples of how many
  /// numbers each the request asks for (a timeline's and an export's refusals alike).
  static func sampleField(samples: Int, numbersEach: Int) -> Problem.FieldError {
    .at(JSONPointer() / Member.sample, "\(samples) samples × \(numbersEach) numbers each")
  }

  /// `screen`: `{"width", "height"}` in points.
  private static func readScreen(
    _ value: JSONValue?, at pointer: JSONPointer, into scene: inout Scene,
    _ context: inout DecodingContext
  ) {
    guard let screen = context.object(value, at: pointer).map(JSONValue.object) else { return }
    context.rejectUnknownMembers(screen, allowed: ScreenMember.self, at: pointer)
    if let w = context.number(
      screen[ScreenMember.width], at: pointer / ScreenMember.width, in: 1...100_000,
      what: "a size in points")
    {
      scene.screenWidth = w
    }
    if let h = context.number(
      screen[ScreenMember.height], at: pointer / ScreenMember.height, in: 1...100_000,
      what: "a size in points")
    {
      scene.screenHeight = h
    }
  }

  /// A screen as an answer states it (`GET /v1/presets`' `screen` and `view`): the object a
  /// request gives as `screen`.
  static func writeScreen(width: Double, height: Double, to w: inout JSONWriter) {
    w.beginObject()
    w.member(ScreenMember.width, width)
    w.member(ScreenMember.height, height)
    w.endObject()
  }

  /// The script. Layers that events insert are decoded first: later events may name them.
  private static func events(
    _ items: [JSONValue], at pointer: JSONPointer, _ scene: Scene, _ names: inout Set<String>,
    _ context: inout DecodingContext, _ layers: inout LayerContext
  ) -> [ScriptEvent] {
    var inserted: [String: Layer] = [:]
    for (i, item) in items.enumerated() {
      for kind in ScriptEventKind.allCases {
        guard let member = kind.layerSpecMember, case .object? = item[kind],
          let spec = item[kind]?[member]
        else { continue }
        let at = pointer / i / kind / member
        if let layer = Layer(json: spec, at: at, in: &context, layers: &layers) {
          inserted[at.description] = layer
          checkNames([layer], &names, &context)
        }
      }
    }
    var layerTypes: [String: [String: ValueType]] = [:]
    collectCustomTypes(scene.layers + Array(inserted.values), into: &layerTypes)
    var script = ScriptContext(layers: layerTypes, inserted: inserted, values: layers.values)
    let events = items.enumerated().compactMap { i, item in
      ScriptEvent(json: item, at: pointer / i, in: &context, script: &script)
    }
    layers.values = script.values
    script.checkRemovals(&context)
    script.checkConflicts(&context)
    return events
  }

  /// Every layer's custom property types (from model values and animations), for the events.
  private static func collectCustomTypes(
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

  private static func checkNames(
    _ layers: [Layer], _ names: inout Set<String>, _ context: inout DecodingContext
  ) {
    for layer in layers {
      if !names.insert(layer.name).inserted {
        context.fail(
          JSONPointer(layer.source) / Layer.Member.name,
          "duplicate layer name '\(layer.name.prefix(64))'; names must be unique")
      }
      checkNames(layer.sublayers, &names, &context)
    }
  }
}
