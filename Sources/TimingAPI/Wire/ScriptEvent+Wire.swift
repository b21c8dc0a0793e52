import TimingEngine

/// A script event in a timeline request (api.md "Timelines", events): `{"time", <kind>: …}`,
/// one kind per event (`ScriptEventKind`), each decoded by a function of its own below.
extension ScriptEvent {
  private typealias EventMember = ScriptEventKind.EventMember
  private typealias Member = ScriptEventKind.ObjectMember

  init?(
    json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext,
    script: inout ScriptContext
  ) {
    guard case .object = value else {
      context.fail(
        pointer,
        "an event must be an object with \"time\" and one of \(ScriptEventKind.names)")
      return nil
    }
    context.rejectUnknownMembers(value, allowed: ScriptEventKind.eventMembers, at: pointer)
    let timePointer = pointer / EventMember.time
    let time = context.number(
      value[EventMember.time], at: timePointer, in: 0...1e9, what: "a scene time ≥ 0")
    if value[EventMember.time] == nil {
      context.fail(timePointer, "is required: the scene time of the event")
    }
    guard let kind = ScriptEventKind.of(value, at: pointer, &context) else { return nil }
    let action: ScriptAction?
    if let members = kind.members {
      // The kinds that hold an object of their own: its members first, then what they say.
      let at = pointer / kind
      guard let object = context.object(value[kind], at: at).map(JSONValue.object) else {
        return nil
      }
      context.rejectUnknownMembers(object, allowed: members, at: at)
      action = Self.action(kind, object, at: at, time: time, &context, &script)
    } else {
      action = Self.action(kind, value, at: pointer, time: time, &context, &script)
    }
    guard let time, let action else { return nil }
    script.noteChanges(of: action, at: time)
    self.init(time: time, action: action, source: pointer.tokens)
  }

  /// The action of a `kind` event: `value` is the kind's own object (its members checked), or
  /// the whole event for `set` and `animate`, which read members beside their own.
  private static func action(
    _ kind: ScriptEventKind, _ value: JSONValue, at pointer: JSONPointer, time: Double?,
    _ context: inout DecodingContext, _ script: inout ScriptContext
  ) -> ScriptAction? {
    switch kind {
    case .set: set(value, at: pointer, &context, &script)
    case .animate: animate(value, at: pointer, &context, &script)
    case .addAnimation: addAnimation(value, at: pointer, &context, &script)
    case .removeAnimation: removeAnimation(value, at: pointer, &context, script)
    case .removeAllAnimations:
      script.layer(value[Member.layer], at: pointer / Member.layer, &context).map {
        .removeAllAnimations(layer: $0)
      }
    case .startCanvasAnimation:
      script.layer(value[Member.layer], at: pointer / Member.layer, &context).map {
        .startCanvasAnimation(layer: $0, settings: nil)
      }
    case .insertLayer: insertLayer(value, at: pointer, &context, script)
    case .removeLayer: removeLayer(value, at: pointer, time: time, &context, &script)
    case .replaceLayer: replaceLayer(value, at: pointer, time: time, &context, &script)
    }
  }

  /// `{"time", "set": [changes], "transaction": {…}, "completion"}`: changes in a transaction.
  private static func set(
    _ event: JSONValue, at pointer: JSONPointer, _ context: inout DecodingContext,
    _ script: inout ScriptContext
  ) -> ScriptAction? {
    if event[EventMember.completion] != nil && event[EventMember.transaction] == nil {
      context.fail(
        pointer / EventMember.completion,
        "a completion belongs to a transaction: put it in \"transaction\"")
    }
    return ScriptTransaction(
      json: event[EventMember.transaction] ?? .object([]), set: event[ScriptEventKind.set],
      event: pointer, at: pointer / EventMember.transaction, in: &context, script: &script
    ).map { .transaction($0) }
  }

  /// `{"time", "animate": {block}, "set": [changes], "completion"}`: a UIKit animation block.
  private static func animate(
    _ event: JSONValue, at pointer: JSONPointer, _ context: inout DecodingContext,
    _ script: inout ScriptContext
  ) -> ScriptAction? {
    let block = AnimationBlock(
      json: event[ScriptEventKind.animate], at: pointer / ScriptEventKind.animate, in: &context)
    let changes = PropertyChange.list(
      json: event[ScriptEventKind.set], at: pointer / ScriptEventKind.set, in: &context,
      script: &script)
    let completion = context.string(
      event[EventMember.completion], at: pointer / EventMember.completion, maxLength: 128)
    return block.map { .animate($0, changes: changes, completion: completion) }
  }

  /// `{"layer", "key", "animation"}`: `addAnimation:forKey:`.
  private static func addAnimation(
    _ object: JSONValue, at pointer: JSONPointer, _ context: inout DecodingContext,
    _ script: inout ScriptContext
  ) -> ScriptAction? {
    guard let layer = script.layer(object[Member.layer], at: pointer / Member.layer, &context)
    else {
      return nil
    }
    var customTypes = script.layers[layer] ?? [:]
    guard let animationValue = object[Member.animation] else {
      context.fail(pointer / Member.animation, "is required: the animation to add")
      return nil
    }
    guard
      var animation = Animation(
        json: animationValue, at: pointer / Member.animation, in: &context,
        customTypes: &customTypes, contents: &script.values)
    else {
      return nil
    }
    if let key = context.string(object[Member.key], at: pointer / Member.key, maxLength: 128) {
      animation.key = key
    }
    return .addAnimation(layer: layer, animation: animation)
  }

  /// `{"layer", "key"}`: `removeAnimationForKey:`.
  private static func removeAnimation(
    _ object: JSONValue, at pointer: JSONPointer, _ context: inout DecodingContext,
    _ script: ScriptContext
  ) -> ScriptAction? {
    guard let layer = script.layer(object[Member.layer], at: pointer / Member.layer, &context)
    else {
      return nil
    }
    guard let key = context.string(object[Member.key], at: pointer / Member.key, maxLength: 128)
    else {
      if object[Member.key] == nil {
        context.fail(pointer / Member.key, "is required: the key of the animation to remove")
      }
      return nil
    }
    return .removeAnimation(layer: layer, key: key)
  }

  /// `{"layer": {spec}, "parent"}`: `addSublayer:` (at the root without a parent).
  private static func insertLayer(
    _ object: JSONValue, at pointer: JSONPointer, _ context: inout DecodingContext,
    _ script: ScriptContext
  ) -> ScriptAction? {
    guard let layer = script.inserted[(pointer / Member.layer).description] else {
      if object[Member.layer] == nil {
        context.fail(pointer / Member.layer, "is required: the layer to insert")
      }
      return nil
    }
    var parent: String?
    if object[Member.parent] != nil {
      guard let name = script.layer(object[Member.parent], at: pointer / Member.parent, &context)
      else {
        return nil
      }
      parent = name
    }
    return .insertLayer(layer, parent: parent)
  }

  /// `{"layer"}`: `removeFromSuperlayer`.
  private static func removeLayer(
    _ object: JSONValue, at pointer: JSONPointer, time: Double?, _ context: inout DecodingContext,
    _ script: inout ScriptContext
  ) -> ScriptAction? {
    guard let name = script.layer(object[Member.layer], at: pointer / Member.layer, &context)
    else {
      return nil
    }
    if let time { script.noteRemoval(of: name, at: time, pointer / Member.layer) }
    return .removeLayer(name)
  }

  /// `{"layer", "with": {spec}}`: `replaceSublayer:with:`.
  private static func replaceLayer(
    _ object: JSONValue, at pointer: JSONPointer, time: Double?, _ context: inout DecodingContext,
    _ script: inout ScriptContext
  ) -> ScriptAction? {
    guard let old = script.layer(object[Member.layer], at: pointer / Member.layer, &context)
    else {
      return nil
    }
    guard let new = script.inserted[(pointer / Member.with).description] else {
      if object[Member.with] == nil {
        context.fail(pointer / Member.with, "is required: the layer that takes its place")
      }
      return nil
    }
    if let time { script.noteRemoval(of: old, at: time, pointer / Member.layer) }
    return .replaceLayer(old, with: new)
  }
}
