import TimingEngine

/// Script events in a timeline request (api.md "Timelines", events): `set` in a transaction,
/// `animate`, `addAnimation`, `removeAnimation`, `removeAllAnimations`.
struct ScriptDecoder {
  /// Custom property types by layer name; a layer absent here does not exist.
  let layers: [String: [String: ValueType]]
  /// Layers inserted by events, decoded ahead, by the pointer of their spec.
  var inserted: [String: Layer] = [:]
  /// Removals so far, to catch a layer removed twice.
  private var removals: [(time: Double, name: String, pointer: JSONPointer)] = []

  init(layers: [String: [String: ValueType]], inserted: [String: Layer] = [:]) {
    self.layers = layers
    self.inserted = inserted
  }

  /// Every change, to catch two at the same time that set one property to different values.
  private var changesSeen:
    [(time: Double, layer: String, keyPath: String, value: [Double], pointer: JSONPointer)] = []

  /// Two changes of the same property at the same time with different values: which one wins
  /// would depend on event order inside one instant, so the script is refused.
  func checkConflicts(_ context: inout DecodingContext) {
    // Each change's lookup composes the property's animations so far: keep scripts bounded.
    if changesSeen.count > 10_000 {
      context.fail(
        JSONPointer() / "events", "\(changesSeen.count) property changes; at most 10000 per scene")
      return
    }
    var first: [String: (value: [Double], pointer: JSONPointer)] = [:]
    for change in changesSeen {
      let id = "\(change.time)|\(change.layer)|\(change.keyPath)"
      if let earlier = first[id] {
        if earlier.value != change.value {
          context.fail(
            change.pointer,
            "conflicts with \(earlier.pointer): both set \(change.layer.prefix(64)).\(change.keyPath) at time "
              + "\(numberText(change.time)) to different values")
        }
      } else {
        first[id] = (change.value, change.pointer)
      }
    }
  }

  /// A layer removed twice (by removeLayer or replaceLayer), reported at the later removal.
  func checkRemovals(_ context: inout DecodingContext) {
    var seen: [String: JSONPointer] = [:]
    for removal in removals.sorted(by: { $0.time < $1.time }) {
      if let first = seen[removal.name] {
        context.fail(
          removal.pointer, "layer '\(removal.name.prefix(64))' is already removed by \(first)")
      } else {
        seen[removal.name] = removal.pointer
      }
    }
  }

  static let kinds = [
    "set", "animate", "addAnimation", "removeAnimation", "removeAllAnimations",
    "startCanvasAnimation", "insertLayer", "removeLayer", "replaceLayer",
  ]

  mutating func event(
    _ value: JSONValue, at pointer: JSONPointer, values: inout ValueDecoder,
    context: inout DecodingContext
  ) -> ScriptEvent? {
    guard case .object(let members) = value else {
      context.fail(
        pointer,
        "an event must be an object with \"time\" and one of \(Self.kinds.joined(separator: ", "))")
      return nil
    }
    context.rejectUnknownMembers(
      value, allowed: Set(["time", "transaction", "completion"] + Self.kinds), at: pointer)
    let time = context.number(
      value["time"], at: pointer / "time", in: 0...1e9, what: "a scene time ≥ 0")
    if value["time"] == nil {
      context.fail(pointer / "time", "required: the scene time of the event")
    }
    let present = Self.kinds.filter { value[$0] != nil }
    // `animate` comes with its own `set`.
    let kind = present.contains("animate") ? "animate" : present.first
    guard let kind,
      present.count == 1 || (kind == "animate" && present.count == 2 && present.contains("set"))
    else {
      context.fail(
        pointer,
        present.isEmpty
          ? "names no action: give one of \(Self.kinds.joined(separator: ", "))"
          : "give one action per event, not \(present.joined(separator: " and "))")
      return nil
    }
    _ = members
    let action: ScriptAction?
    switch kind {
    case "set":
      if value["completion"] != nil && value["transaction"] == nil {
        context.fail(
          pointer / "completion", "a completion belongs to a transaction: put it in \"transaction\""
        )
      }
      action = transaction(
        value["transaction"] ?? .object([]), set: value["set"], at: pointer,
        path: pointer / "transaction", values: &values, context: &context, depth: 0
      ).map { .transaction($0) }
    case "animate":
      let block = AnimationBlock(json: value["animate"], at: pointer / "animate", in: &context)
      let changes = self.changes(
        value["set"], at: pointer / "set", values: &values, context: &context)
      let completion = context.string(
        value["completion"], at: pointer / "completion", maxLength: 128)
      action = block.map { .animate($0, changes: changes, completion: completion) }
    case "addAnimation":
      guard let add = context.object(value["addAnimation"], at: pointer / "addAnimation") else {
        return nil
      }
      let object = JSONValue.object(add)
      let at = pointer / "addAnimation"
      context.rejectUnknownMembers(object, allowed: ["layer", "key", "animation"], at: at)
      guard let layerName = layer(object["layer"], at: at / "layer", &context) else { return nil }
      var decoder = AnimationDecoder(customTypes: layers[layerName] ?? [:])
      guard let animationValue = object["animation"] else {
        context.fail(at / "animation", "required: the animation to add")
        return nil
      }
      guard
        var animation = decoder.decode(
          animationValue, at: at / "animation", values: &values, context: &context, depth: 0)
      else {
        return nil
      }
      if let key = context.string(object["key"], at: at / "key", maxLength: 128) {
        animation.key = key
      }
      action = .addAnimation(layer: layerName, animation: animation)
    case "removeAnimation":
      guard let remove = context.object(value["removeAnimation"], at: pointer / "removeAnimation")
      else { return nil }
      let object = JSONValue.object(remove)
      let at = pointer / "removeAnimation"
      context.rejectUnknownMembers(object, allowed: ["layer", "key"], at: at)
      guard let layerName = layer(object["layer"], at: at / "layer", &context) else { return nil }
      guard let key = context.string(object["key"], at: at / "key", maxLength: 128) else {
        if object["key"] == nil {
          context.fail(at / "key", "required: the key of the animation to remove")
        }
        return nil
      }
      action = .removeAnimation(layer: layerName, key: key)
    case "insertLayer":
      let at = pointer / "insertLayer"
      guard let insert = context.object(value["insertLayer"], at: at) else { return nil }
      let object = JSONValue.object(insert)
      context.rejectUnknownMembers(object, allowed: ["layer", "parent"], at: at)
      guard let layer = inserted[(at / "layer").description] else {
        if object["layer"] == nil { context.fail(at / "layer", "required: the layer to insert") }
        return nil
      }
      var parent: String?
      if object["parent"] != nil {
        guard let name = self.layer(object["parent"], at: at / "parent", &context) else {
          return nil
        }
        parent = name
      }
      action = .insertLayer(layer, parent: parent)
    case "removeLayer":
      let at = pointer / "removeLayer"
      guard let remove = context.object(value["removeLayer"], at: at) else { return nil }
      let object = JSONValue.object(remove)
      context.rejectUnknownMembers(object, allowed: ["layer"], at: at)
      guard let name = layer(object["layer"], at: at / "layer", &context) else { return nil }
      if let time { removals.append((time, name, at / "layer")) }
      action = .removeLayer(name)
    case "replaceLayer":
      let at = pointer / "replaceLayer"
      guard let replace = context.object(value["replaceLayer"], at: at) else { return nil }
      let object = JSONValue.object(replace)
      context.rejectUnknownMembers(object, allowed: ["layer", "with"], at: at)
      guard let old = layer(object["layer"], at: at / "layer", &context) else { return nil }
      guard let new = inserted[(at / "with").description] else {
        if object["with"] == nil {
          context.fail(at / "with", "required: the layer that takes its place")
        }
        return nil
      }
      if let time { removals.append((time, old, at / "layer")) }
      action = .replaceLayer(old, with: new)
    case "startCanvasAnimation":
      guard
        let start = context.object(
          value["startCanvasAnimation"], at: pointer / "startCanvasAnimation")
      else { return nil }
      let object = JSONValue.object(start)
      let at = pointer / "startCanvasAnimation"
      context.rejectUnknownMembers(object, allowed: ["layer"], at: at)
      guard let layerName = layer(object["layer"], at: at / "layer", &context) else { return nil }
      action = .startCanvasAnimation(layer: layerName, settings: nil)
    default:
      guard
        let remove = context.object(
          value["removeAllAnimations"], at: pointer / "removeAllAnimations")
      else { return nil }
      let object = JSONValue.object(remove)
      let at = pointer / "removeAllAnimations"
      context.rejectUnknownMembers(object, allowed: ["layer"], at: at)
      guard let layerName = layer(object["layer"], at: at / "layer", &context) else { return nil }
      action = .removeAllAnimations(layer: layerName)
    }
    guard let time, let action else { return nil }
    func note(_ changes: [PropertyChange]) {
      for c in changes {
        changesSeen.append(
          (time, c.layer, c.keyPath.text, c.value.components, JSONPointer(c.source)))
      }
    }
    func note(_ t: ScriptTransaction) {
      note(t.changes)
      t.nested.forEach(note)
    }
    switch action {
    case .transaction(let t): note(t)
    case .animate(_, let changes, _): note(changes)
    default: break
    }
    return ScriptEvent(time: time, action: action, source: pointer.tokens)
  }

  private func layer(_ value: JSONValue?, at pointer: JSONPointer, _ context: inout DecodingContext)
    -> String?
  {
    guard let name = context.string(value, at: pointer, maxLength: 200) else {
      if value == nil { context.fail(pointer, "required: the name of a layer in the scene") }
      return nil
    }
    guard layers[name] != nil else {
      context.fail(pointer, "no layer named '\(name.prefix(64))' in the scene")
      return nil
    }
    return name
  }

  /// A transaction with its settings, changes (`set`), nested `transactions` and `completion`.
  private mutating func transaction(
    _ value: JSONValue, set: JSONValue?, at eventPointer: JSONPointer, path: JSONPointer,
    values: inout ValueDecoder,
    context: inout DecodingContext, depth: Int
  ) -> ScriptTransaction? {
    guard case .object = value else {
      context.fail(path, "a transaction is an object")
      return nil
    }
    guard depth < 16 else {
      context.fail(path, "transactions nested deeper than 16 levels")
      return nil
    }
    context.rejectUnknownMembers(
      value,
      allowed: [
        "animationDuration", "animationTimingFunction", "disableActions", "transactions",
        "completion", "set",
      ],
      at: path)
    var t = ScriptTransaction()
    t.animationDuration = context.number(
      value["animationDuration"], at: path / "animationDuration", in: 0...1e6)
    if let f = value["animationTimingFunction"],
      let function = context.timingFunction(f, at: path / "animationTimingFunction")
    {
      t.animationTimingFunction = function
    }
    t.disableActions = context.bool(value["disableActions"], at: path / "disableActions")
    t.completion = context.string(value["completion"], at: path / "completion", maxLength: 128)
    // The event's own `set` belongs to its outermost transaction; nested ones carry theirs.
    let changesValue = depth == 0 ? set : value["set"]
    let changesPointer = depth == 0 ? eventPointer / "set" : path / "set"
    if depth == 0 && value["set"] != nil {
      context.fail(path / "set", "put the outer transaction's changes in the event's \"set\"")
    }
    t.changes = changes(changesValue, at: changesPointer, values: &values, context: &context)
    for (i, inner)
      in (context.array(value["transactions"], at: path / "transactions", max: 100) ?? [])
      .enumerated()
    {
      if let nested = transaction(
        inner, set: nil, at: eventPointer, path: path / "transactions" / i, values: &values,
        context: &context, depth: depth + 1)
      {
        t.nested.append(nested)
      }
    }
    return t
  }

  /// `[{"layer", "keyPath", "value"}]`; `frame` becomes position and bounds (semantics.md §5.1).
  private func changes(
    _ value: JSONValue?, at pointer: JSONPointer, values: inout ValueDecoder,
    context: inout DecodingContext
  ) -> [PropertyChange] {
    guard let items = context.array(value, at: pointer, max: 10_000) else { return [] }
    var result: [PropertyChange] = []
    for (i, item) in items.enumerated() {
      let at = pointer / i
      guard case .object = item else {
        context.fail(at, "a change is {\"layer\", \"keyPath\", \"value\"}")
        continue
      }
      context.rejectUnknownMembers(item, allowed: ["layer", "keyPath", "value"], at: at)
      guard let layerName = layer(item["layer"], at: at / "layer", &context),
        let keyPathText = context.string(item["keyPath"], at: at / "keyPath", maxLength: 128)
      else {
        if item["keyPath"] == nil { context.fail(at / "keyPath", "required: the property to set") }
        continue
      }
      guard let newValue = item["value"] else {
        context.fail(at / "value", "required: the new value")
        continue
      }
      if keyPathText == "frame" {
        guard let rect = values.decode(newValue, as: .rect, at: at / "value", &context) else {
          continue
        }
        let c = rect.components
        // ◆ The default anchor point (0.5, 0.5): position is the frame's centre.
        result.append(
          PropertyChange(
            layer: layerName, keyPath: PropertyKeyPath.resolve("position")!,
            value: AnimatableValue(.point, [c[0] + 0.5 * c[2], c[1] + 0.5 * c[3]]),
            source: at.tokens))
        result.append(
          PropertyChange(
            layer: layerName, keyPath: PropertyKeyPath.resolve("bounds")!,
            value: AnimatableValue(.rect, [0, 0, c[2], c[3]]),
            source: at.tokens))
        continue
      }
      let property = String(keyPathText.split(separator: ".", maxSplits: 1).first ?? "")
      let customType =
        layers[layerName]?[property]
        ?? (LayerProperties.catalogue[property] == nil
          ? ValueDecoder.customType(of: newValue) : nil)
      guard let keyPath = PropertyKeyPath.resolve(keyPathText, customType: customType) else {
        context.fail(
          at / "keyPath",
          "'\(keyPathText.prefix(64))' is not a key path this layer has (for its value type)")
        continue
      }
      guard let decoded = values.decode(newValue, as: keyPath.valueType, at: at / "value", &context)
      else { continue }
      result.append(
        PropertyChange(layer: layerName, keyPath: keyPath, value: decoded, source: at.tokens))
    }
    return result
  }
}
