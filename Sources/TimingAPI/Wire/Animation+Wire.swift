import TimingEngine

/// Animations in JSON (api.md "Timelines"; semantics.md §3), names as in Core Animation: in
/// scenes, script events and action tables, and written back as what an action resolved to.
extension Animation {
  /// The `CAAnimation` members every type takes (with `MediaTiming.Member`; `AnimationType`
  /// adds each type's own).
  enum Member: String, WireMember {
    case type, key, keyPath, removedOnCompletion, timingFunction, additive, cumulative,
      valueFunction, addedAt
  }

  /// A group's own member (`CAAnimationGroup.animations`).
  enum GroupMember: String, WireMember {
    case animations
  }

  /// - Parameters:
  ///   - customTypes: the layer's custom property types (from its model values and earlier
  ///     animations); an animation of a new custom property adds its type.
  ///   - contents: the request's contents names, for contents values.
  ///   - depth: how deep in groups this animation is; groups nest at most 8 levels.
  ///   - defaultKeyPath: for an action, which takes its action key when it names no keyPath.
  init?(
    json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext,
    customTypes: inout [String: ValueType], contents: inout ContentsNames, depth: Int = 0,
    defaultKeyPath: String? = nil
  ) {
    guard case .object = value else {
      context.fail(pointer, "an animation must be an object, not \(value.typeName)")
      return nil
    }
    guard
      let type = context.requiredChoice(
        value[Member.type], at: pointer / Member.type, as: AnimationType.self)
    else {
      // Without a type the members cannot be checked against its own, but one that no type
      // takes (`durration`) is wrong whatever the type was meant to be: reported now, not
      // after the type is fixed.
      context.rejectUnknownMembers(value, allowed: AnimationType.anyTypeMembers, at: pointer)
      return nil
    }
    context.rejectUnknownMembers(value, allowed: type.members, at: pointer)

    self.init(kind: .group([]))
    source = pointer.tokens
    key = context.string(value[Member.key], at: pointer / Member.key)
    timing = MediaTiming(json: value, at: pointer, in: &context)
    decodeAnimationMembers(value, at: pointer, in: &context)

    switch type {
    case .group:
      guard
        let children = Self.children(
          value, at: pointer, in: &context, customTypes: &customTypes, contents: &contents,
          depth: depth)
      else { return nil }
      kind = .group(children)
    case .transition:
      kind = .transition(TransitionStyle(json: value, at: pointer, in: &context))
      // A CATransition is added under kCATransition.
      if key == nil { key = "transition" }
    case .basic:
      guard
        let valueType = decodeTarget(
          value, at: pointer, in: &context, customTypes: &customTypes,
          defaultKeyPath: defaultKeyPath)
      else { return nil }
      kind = .basic(
        BasicValues(json: value, at: pointer, in: &context, as: valueType, contents: &contents))
    case .spring:
      guard
        let valueType = decodeTarget(
          value, at: pointer, in: &context, customTypes: &customTypes,
          defaultKeyPath: defaultKeyPath)
      else { return nil }
      let ends = BasicValues(
        json: value, at: pointer, in: &context, as: valueType, contents: &contents)
      guard let curve = SpringCurve(animationJSON: value, at: pointer, in: &context) else {
        return nil
      }
      kind = .spring(ends, curve)
      // Only while warnings are kept: finding the settling time is a bisection (~60 steps of
      // an exp and a cos), and a body may hold tens of thousands of springs. An action's spring
      // without a duration runs the transaction's animationDuration (semantics.md §1.3), known
      // only when the action runs: nothing to say about it here.
      let durationComesLater = defaultKeyPath != nil && timing.duration <= 0
      if context.takesWarnings, !durationComesLater, let cut = curve.cut(by: timing.duration) {
        context.warn(pointer / MediaTiming.Member.duration, cut)
      }
    case .keyframe:
      guard
        let valueType = decodeTarget(
          value, at: pointer, in: &context, customTypes: &customTypes,
          defaultKeyPath: defaultKeyPath),
        let keyPath,
        let spec = KeyframeValues(
          json: value, at: pointer, in: &context, as: valueType, keyPath: keyPath,
          contents: &contents)
      else { return nil }
      kind = .keyframe(spec)
    }
  }

  /// The `CAAnimation` members besides the type, key and target.
  private mutating func decodeAnimationMembers(
    _ value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext
  ) {
    removedOnCompletion =
      context.bool(value[Member.removedOnCompletion], at: pointer / Member.removedOnCompletion)
      ?? true
    additive = context.bool(value[Member.additive], at: pointer / Member.additive) ?? false
    cumulative = context.bool(value[Member.cumulative], at: pointer / Member.cumulative) ?? false
    addedAt =
      context.number(value[Member.addedAt], at: pointer / Member.addedAt, in: 0...1e9) ?? 0
    if let function = value[Member.timingFunction],
      let f = TimingFunction(json: function, at: pointer / Member.timingFunction, in: &context)
    {
      timingFunction = f
    }
  }

  /// A group's animations, one level deeper; a group has no keyPath of its own.
  private static func children(
    _ value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext,
    customTypes: inout [String: ValueType], contents: inout ContentsNames, depth: Int
  ) -> [Animation]? {
    guard value[Member.keyPath] == nil else {
      context.fail(pointer / Member.keyPath, "a group has no keyPath; its animations do")
      return nil
    }
    guard depth < 8 else {
      context.fail(pointer, "groups nested deeper than 8 levels")
      return nil
    }
    let at = pointer / GroupMember.animations
    var children: [Animation] = []
    for (i, item)
      in (context.array(value[GroupMember.animations] ?? .array([]), at: at, max: 1000) ?? [])
      .enumerated()
    {
      if let child = Animation(
        json: item, at: at / i, in: &context, customTypes: &customTypes, contents: &contents,
        depth: depth + 1)
      {
        children.append(child)
      }
    }
    return children
  }

  /// The animation in the request's own vocabulary: what an action resolved to. It leaves out
  /// what the answer has never carried: `valueFunction` and `addedAt`, a keyframe animation's
  /// key times, timing functions, TCB values and path, and a transition's progress range.
  func write(to w: inout JSONWriter) {
    w.beginObject()
    w.member(Member.type, AnimationType(kind).rawValue)
    if let key {
      w.member(Member.key, key)
    }
    if let keyPath {
      w.member(Member.keyPath, keyPath.text)
    }
    timing.write(to: &w)
    if !removedOnCompletion {
      w.member(Member.removedOnCompletion, false)
    }
    if additive {
      w.member(Member.additive, true)
    }
    if cumulative {
      w.member(Member.cumulative, true)
    }
    if let timingFunction {
      w.key(Member.timingFunction)
      timingFunction.write(to: &w)
    }
    switch kind {
    case .basic(let values):
      values.write(to: &w)
    case .spring(let values, let curve):
      values.write(to: &w)
      curve.write(to: &w)
    case .keyframe(let spec):
      spec.write(to: &w)
    case .group(let children):
      w.key(GroupMember.animations)
      w.beginArray()
      for child in children { child.write(to: &w) }
      w.endArray()
    case .transition(let style):
      style.write(to: &w)
    }
    w.endObject()
  }
}
