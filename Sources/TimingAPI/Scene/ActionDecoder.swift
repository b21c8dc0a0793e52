import TimingEngine

/// Action tables, delegates, styles and transactions in JSON (api.md "Actions"; semantics.md §5).
struct ActionDecoder {
  /// `{key: action | null | "NSNull"}`: an absent key is nil, `null` is NSNull (semantics.md §5.2).
  static func table(
    _ value: JSONValue?, at pointer: JSONPointer, values: inout ValueDecoder,
    context: inout DecodingContext
  ) -> ActionTable {
    guard let members = context.object(value, at: pointer) else { return ActionTable() }
    guard members.count <= 1_000 else {
      context.fail(pointer, "at most 1000 actions")
      return ActionTable()
    }
    var table = ActionTable()
    var decoder = AnimationDecoder(customTypes: [:])
    for (key, member) in members {
      guard !key.isEmpty, key.utf8.count <= 128 else {
        context.fail(pointer / key, "an action key is a non-empty name of up to 128 bytes")
        continue
      }
      switch member {
      case .null, .string("NSNull"):
        table.entries[key] = .null
      case .object:
        if let animation = decoder.decode(
          member, at: pointer / key, values: &values, context: &context, depth: 0,
          defaultKeyPath: key)
        {
          table.entries[key] = .action(animation)
        }
      default:
        context.fail(
          pointer / key, "an action is an animation object, or null (NSNull) for no action")
      }
    }
    return table
  }

  /// `{"actions": {…}, "style": {"actions": …, "style": …}}`, shallowest first.
  static func style(
    _ value: JSONValue?, at pointer: JSONPointer, values: inout ValueDecoder,
    context: inout DecodingContext
  ) -> [ActionTable] {
    var tables: [ActionTable] = []
    var current = value
    var currentPointer = pointer
    while let level = current {
      guard tables.count < 16 else {
        context.fail(currentPointer, "style dictionaries nested deeper than 16 levels")
        break
      }
      guard case .object = level else {
        context.fail(
          currentPointer, "a style is an object with \"actions\" and an optional nested \"style\"")
        break
      }
      context.rejectUnknownMembers(level, allowed: ["actions", "style"], at: currentPointer)
      tables.append(
        table(level["actions"], at: currentPointer / "actions", values: &values, context: &context))
      current = level["style"]
      currentPointer = currentPointer / "style"
    }
    return tables
  }

  static func delegate(
    _ value: JSONValue?, at pointer: JSONPointer, values: inout ValueDecoder,
    context: inout DecodingContext
  ) -> LayerDelegate? {
    guard let value else { return nil }
    switch value {
    case .string("view"): return .view
    case .object:
      context.rejectUnknownMembers(value, allowed: ["actions"], at: pointer)
      return .table(
        table(
          value["actions"] ?? .object([]), at: pointer / "actions", values: &values,
          context: &context))
    default:
      context.fail(
        pointer, "a delegate is \"view\" (a UIKit view) or {\"actions\": {key: action | null}}")
      return nil
    }
  }

  /// A transaction's own settings, on top of an enclosing one.
  static func transaction(
    _ value: JSONValue?, at pointer: JSONPointer, inheriting outer: TransactionState,
    context: inout DecodingContext
  ) -> TransactionState {
    var state = outer
    guard let members = context.object(value, at: pointer) else { return state }
    let object = JSONValue.object(members)
    context.rejectUnknownMembers(
      object,
      allowed: ["animationDuration", "animationTimingFunction", "disableActions", "transactions"],
      at: pointer)
    if let d = context.number(
      object["animationDuration"], at: pointer / "animationDuration", in: 0...1e6)
    {
      state.animationDuration = d
    }
    if let f = object["animationTimingFunction"],
      let function = context.timingFunction(f, at: pointer / "animationTimingFunction")
    {
      state.animationTimingFunction = function
    }
    if let b = context.bool(object["disableActions"], at: pointer / "disableActions") {
      state.disableActions = b
    }
    return state
  }

  static let options: Set<String> = [
    "curveEaseInOut", "curveEaseIn", "curveEaseOut", "curveLinear", "beginFromCurrentState",
    "allowUserInteraction",
    "layoutSubviews", "repeat", "autoreverse", "overrideInheritedDuration",
    "overrideInheritedCurve",
    "allowAnimatedContent", "showHideTransitionViews", "overrideInheritedOptions", "legacyAbsolute",
  ]

  /// `{"duration", "delay", "options": [...], "spring": {"dampingRatio", "velocity"}}`.
  static func block(_ value: JSONValue?, at pointer: JSONPointer, context: inout DecodingContext)
    -> AnimationBlock?
  {
    guard let members = context.object(value, at: pointer) else { return nil }
    let object = JSONValue.object(members)
    context.rejectUnknownMembers(
      object, allowed: ["duration", "delay", "options", "spring"], at: pointer)
    var block = AnimationBlock(
      duration: context.number(object["duration"], at: pointer / "duration", in: 0...1e6) ?? 0.2)
    block.delay = context.number(object["delay"], at: pointer / "delay", in: 0...1e6) ?? 0
    for (i, item) in (context.array(object["options"], at: pointer / "options", max: 32) ?? [])
      .enumerated()
    {
      guard let name = context.string(item, at: pointer / "options" / i) else { continue }
      switch name {
      case "curveEaseIn": block.curve = .named(.easeIn)
      case "curveEaseOut": block.curve = .named(.easeOut)
      case "curveLinear": block.curve = .named(.linear)
      case "curveEaseInOut": block.curve = .named(.easeInEaseOut)
      case "beginFromCurrentState": block.beginFromCurrentState = true
      case "legacyAbsolute": block.additive = false
      default:
        if !options.contains(name) {
          context.fail(
            pointer / "options" / i,
            "unknown option; use \(options.sorted().joined(separator: ", "))")
        }
      }
    }
    if let spring = context.object(object["spring"], at: pointer / "spring") {
      let s = JSONValue.object(spring)
      context.rejectUnknownMembers(
        s, allowed: ["dampingRatio", "velocity"], at: pointer / "spring")
      let ratio =
        context.number(s["dampingRatio"], at: pointer / "spring" / "dampingRatio", in: 0.01...1)
        ?? 1
      let velocity =
        context.number(s["velocity"], at: pointer / "spring" / "velocity", in: -1e4...1e4) ?? 0
      block.spring = (ratio, velocity)
    }
    return block
  }
}
