import TimingEngine

extension CanvasPreset: WireName {}

/// Canvas settings (`CSAnimationView`'s type, duration, delay, pauseAnimationOnAwake), as a
/// layer's `canvas` and as a canvas entry among its animations (semantics.md §7). Not an
/// animation kind: the engine expands a preset into animations when it starts.
extension CanvasSettings {
  enum Member: String, WireMember {
    case duration, delay, pauseAnimationOnAwake
  }

  /// `nameKey` names the preset's member: `type` in a layer's `canvas`, `name` in its animations.
  init?(
    json value: JSONValue, nameKey: some WireMember, at pointer: JSONPointer,
    in context: inout DecodingContext
  ) {
    guard case .object = value else {
      context.fail(
        pointer,
        "Canvas settings are an object: {\"\(nameKey.rawValue)\": \"pop\", \"duration\": 1, \"delay\": 0}"
      )
      return nil
    }
    guard
      let preset = context.requiredChoice(
        value[nameKey], at: pointer / nameKey, as: CanvasPreset.self)
    else { return nil }
    let duration =
      context.warnIfMilliseconds(
        context.number(value[Member.duration], at: pointer / Member.duration, in: 0...1e6),
        at: pointer / Member.duration) ?? 0
    let delay = context.number(value[Member.delay], at: pointer / Member.delay, in: 0...1e6) ?? 0
    let paused =
      context.bool(
        value[Member.pauseAnimationOnAwake], at: pointer / Member.pauseAnimationOnAwake) ?? false
    self.init(preset: preset, duration: duration, delay: delay, pauseAnimationOnAwake: paused)
  }
}
