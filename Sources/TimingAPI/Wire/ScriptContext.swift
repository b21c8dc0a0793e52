import TimingEngine

/// What decoding a script knows across its events (api.md "Timelines", events): the scene's
/// layers, the layers events insert, and the removals and changes so far, which are checked
/// against each other once every event is read.
struct ScriptContext {
  /// Custom property types by layer name; a layer absent here does not exist.
  let layers: [String: [String: ValueType]]
  /// Layers inserted by events, decoded ahead, by the pointer of their spec.
  var inserted: [String: Layer] = [:]
  /// The scene's value decoder, lent to the script while its events are read (it collects the
  /// scene's contents names).
  var values: ContentsNames
  /// Removals so far, to catch a layer removed twice.
  private var removals: [(time: Double, name: String, pointer: JSONPointer)] = []
  /// Every change, to catch two at the same time that set one property to different values.
  private var changesSeen:
    [(time: Double, layer: String, keyPath: String, value: [Double], pointer: JSONPointer)] = []

  init(
    layers: [String: [String: ValueType]], inserted: [String: Layer] = [:],
    values: ContentsNames = ContentsNames()
  ) {
    self.layers = layers
    self.inserted = inserted
    self.values = values
  }

  /// The name at `pointer` if it names a layer in the scene (or one an event inserts).
  func layer(_ value: JSONValue?, at pointer: JSONPointer, _ context: inout DecodingContext)
    -> String?
  {
    guard let name = context.string(value, at: pointer, maxLength: 200) else {
      if value == nil { context.fail(pointer, "is required: the name of a layer in the scene") }
      return nil
    }
    guard layers[name] != nil else {
      context.fail(pointer, "no layer named '\(name.prefix(64))' in the scene")
      return nil
    }
    return name
  }

  mutating func noteRemoval(of name: String, at time: Double, _ pointer: JSONPointer) {
    removals.append((time, name, pointer))
  }

  /// The property changes an action makes at `time`, for `checkConflicts`.
  mutating func noteChanges(of action: ScriptAction, at time: Double) {
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
    case .addAnimation, .removeAnimation, .removeAllAnimations, .startCanvasAnimation,
      .insertLayer, .removeLayer, .replaceLayer:
      break
    }
  }

  /// Two changes of the same property at the same time with different values: which one wins
  /// would depend on event order inside one instant, so the script is refused.
  func checkConflicts(_ context: inout DecodingContext) {
    // Each change's lookup composes the property's animations so far: keep scripts bounded.
    if changesSeen.count > 10_000 {
      context.fail(
        JSONPointer() / TimelineRequest.Member.events,
        "\(changesSeen.count) property changes; at most 10000 per scene")
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
}
