import TimingEngine

/// A layer in a scene (api.md "Timelines", layers): its name, timing, model values, animations,
/// action sources, Canvas settings and sublayers.
extension Layer {
  /// A layer's own members; the action sources' (`ActionSources.Member`) come beside them.
  enum Member: String, WireMember {
    case name, properties, beginTime, speed, timeOffset, animations, sublayers, detached, canvas
  }

  /// The members of `canvas` beside the settings' (`CanvasSettings.Member`): the preset.
  enum CanvasMember: String, WireMember {
    case type
  }

  /// The members of a `{"type": "canvas"}` entry among the animations beside its duration and
  /// delay (`CanvasSettings.Member`): the preset's name and when it is added. Not
  /// `pauseAnimationOnAwake`, which only a layer's `canvas` takes (openapi.yaml,
  /// CanvasAnimation): an entry is a script event that starts its preset when it is added.
  enum CanvasAnimationMember: String, WireMember {
    case type, name, addedAt
  }

  /// Every member a layer takes.
  static let members = Member.names.union(ActionSources.Member.names)
  private static let canvasMembers = CanvasMember.names.union(CanvasSettings.Member.names)
  private static let canvasAnimationMembers = CanvasAnimationMember.names.union(
    [CanvasSettings.Member.duration, .delay].map(\.rawValue))

  /// The layers of an array (`layers`, `sublayers`), counted against the scene's limit.
  static func list(
    json items: [JSONValue], at pointer: JSONPointer, in context: inout DecodingContext,
    layers: inout LayerContext
  ) -> [Layer] {
    var result: [Layer] = []
    for (i, item) in items.enumerated() {
      layers.layerCount += 1
      guard layers.layerCount <= layers.maxLayers else {
        context.fail(pointer / i, "more than \(layers.maxLayers) layers in the scene")
        return result
      }
      if let layer = Layer(json: item, at: pointer / i, in: &context, layers: &layers) {
        result.append(layer)
      }
    }
    return result
  }

  init?(
    json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext,
    layers: inout LayerContext
  ) {
    guard case .object = value else {
      context.fail(pointer, "a layer must be an object, not \(value.typeName)")
      return nil
    }
    context.rejectUnknownMembers(value, allowed: Self.members, at: pointer)
    let namePointer = pointer / Member.name
    let name = context.string(value[Member.name], at: namePointer, maxLength: 200)
    if value[Member.name] == nil {
      context.fail(namePointer, "is required: a unique name for the layer")
    }
    if name?.isEmpty == true { context.fail(namePointer, "must not be empty") }
    self.init(name: name ?? "")
    source = pointer.tokens
    beginTime = context.number(value[Member.beginTime], at: pointer / Member.beginTime) ?? 0
    speed =
      context.number(value[Member.speed], at: pointer / Member.speed, in: -1e6...1e6) ?? 1
    timeOffset = context.number(value[Member.timeOffset], at: pointer / Member.timeOffset) ?? 0
    var customTypes: [String: ValueType] = [:]
    let propertiesPointer = pointer / Member.properties
    if let members = context.object(value[Member.properties], at: propertiesPointer) {
      properties = Self.properties(
        members, at: propertiesPointer, customTypes: &customTypes, in: &context,
        values: &layers.values)
    }
    let animationsPointer = pointer / Member.animations
    if let items = context.array(
      value[Member.animations], at: animationsPointer, max: layers.maxAnimationsPerLayer)
    {
      readAnimations(items, at: animationsPointer, customTypes, &context, &layers)
    }
    actionSources = ActionSources(json: value, at: pointer, in: &context, values: &layers.values)
    detached = context.bool(value[Member.detached], at: pointer / Member.detached) ?? false
    if let canvas = value[Member.canvas] {
      if case .object = canvas {
        context.rejectUnknownMembers(
          canvas, allowed: Self.canvasMembers, at: pointer / Member.canvas)
      }
      self.canvas = CanvasSettings(
        json: canvas, nameKey: CanvasMember.type, at: pointer / Member.canvas, in: &context)
    }
    let sublayersPointer = pointer / Member.sublayers
    if let items = context.array(
      value[Member.sublayers], at: sublayersPointer, max: layers.maxLayers)
    {
      sublayers = Self.list(json: items, at: sublayersPointer, in: &context, layers: &layers)
    }
  }

  /// The layer's animations; a `{"type": "canvas"}` entry names a Canvas preset, started on
  /// this layer when added (semantics.md §7), and becomes a script event instead.
  private mutating func readAnimations(
    _ items: [JSONValue], at pointer: JSONPointer, _ customTypes: [String: ValueType],
    _ context: inout DecodingContext, _ layers: inout LayerContext
  ) {
    var customTypes = customTypes
    for (i, item) in items.enumerated() {
      let at = pointer / i
      if case .string("canvas")? = item[CanvasAnimationMember.type] {
        context.rejectUnknownMembers(item, allowed: Self.canvasAnimationMembers, at: at)
        if let settings = CanvasSettings(
          json: item, nameKey: CanvasAnimationMember.name, at: at, in: &context)
        {
          let time =
            context.number(
              item[CanvasAnimationMember.addedAt], at: at / CanvasAnimationMember.addedAt,
              in: 0...1e9) ?? 0
          layers.canvasStarts.append(
            ScriptEvent(
              time: time, action: .startCanvasAnimation(layer: name, settings: settings),
              source: at.tokens))
        }
        continue
      }
      if let animation = Animation(
        json: item, at: at, in: &context, customTypes: &customTypes, contents: &layers.values)
      {
        animations.append(animation)
      }
    }
  }

  /// Why `key` cannot name a model value. A key path (`transform.rotation.y`) is a part of a
  /// property: `properties` sets whole values (semantics.md §3.1), while an animation's
  /// `keyPath` and a script's `set` take key paths, so the message says which to use.
  static func notAPropertyName(_ key: String) -> String {
    let name = "a property name is a non-empty identifier without '.' (up to 128 bytes)"
    guard key.contains("."), key.utf8.count <= 128 else { return name }
    let meant = PropertyKeyPath.resolve(key) != nil ? key : PropertyKeyPath.suggestion(for: key)
    guard let meant, let keyPath = PropertyKeyPath.resolve(meant) else {
      return "'\(key.prefix(64))' is not a property: \(name); key paths such as position.x "
        + "are animated (an animation's keyPath) or set by a script event"
    }
    let misspelt = meant == key ? "" : " (did you mean \(meant)?)"
    let example: String
    switch keyPath.propertyType {
    case .transform:
      example = " (16 numbers, or operations such as [{\"rotate\": 0.5, \"axis\": [0, 1, 0]}])"
    case .scalar, .point, .size, .rect, .color, .bool, .contents, .array: example = ""
    }
    return "'\(key.prefix(64))' is a key path\(misspelt), not a property: properties sets whole "
      + "values, so set the whole \(keyPath.property) here\(example), or animate \(meant) (an "
      + "animation's keyPath), or set it with a script event's set"
  }

  /// `properties`: model values by name; a name the catalogue does not know is a custom
  /// property (a number or an array of numbers), its type noted in `customTypes`.
  private static func properties(
    _ members: [(String, JSONValue)], at pointer: JSONPointer,
    customTypes: inout [String: ValueType], in context: inout DecodingContext,
    values: inout ContentsNames
  ) -> [(key: String, value: AnimatableValue)] {
    var result: [(key: String, value: AnimatableValue)] = []
    var frame: (AnimatableValue, JSONPointer)?
    for (key, member) in members {
      guard key.utf8.count <= 128, !key.isEmpty, !key.contains(".") else {
        context.fail(pointer / key, Self.notAPropertyName(key))
        continue
      }
      if key == "transition" {
        context.fail(pointer / key, "'transition' is an animation key, not a property")
        continue
      }
      if key == "frame" {
        if let v = AnimatableValue(
          json: member, at: pointer / key, in: &context, as: .rect, contents: &values)
        {
          frame = (v, pointer / key)
        }
        continue
      }
      let type: ValueType
      if let builtIn = LayerProperties.catalogue[key] {
        type = builtIn.type
      } else if let custom = ValueType(customJSON: member) {
        type = custom
        customTypes[key] = custom
        context.warnIfMisspelt(key, at: pointer / key, taken: "a custom property")
      } else {
        context.fail(
          pointer / key,
          "'\(key.prefix(64))' is not a layer property; a custom property must be a number or an array of numbers"
            + (LayerProperties.suggestion(for: key).map { "; did you mean \($0)?" } ?? ""))
        continue
      }
      if let v = AnimatableValue(
        json: member, at: pointer / key, in: &context, as: type, contents: &values)
      {
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
}
