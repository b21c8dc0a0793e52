import TimingEngine

/// Canvas settings (`CSAnimationView`'s type, duration, delay, pauseAnimationOnAwake).
enum CanvasDecoder {
  static let presets = Dictionary(
    uniqueKeysWithValues: CanvasPreset.allCases.map { ($0.rawValue, $0) })

  static func settings(
    _ value: JSONValue, nameKey: String, at pointer: JSONPointer, context: inout DecodingContext
  )
    -> CanvasSettings?
  {
    guard case .object = value else {
      context.fail(
        pointer,
        "Canvas settings are an object: {\"\(nameKey)\": \"pop\", \"duration\": 1, \"delay\": 0}")
      return nil
    }
    guard let preset = context.choice(value[nameKey] ?? .string(""), at: pointer / nameKey, presets)
    else { return nil }
    let duration = context.number(value["duration"], at: pointer / "duration", in: 0...1e6) ?? 0
    let delay = context.number(value["delay"], at: pointer / "delay", in: 0...1e6) ?? 0
    let paused =
      context.bool(value["pauseAnimationOnAwake"], at: pointer / "pauseAnimationOnAwake") ?? false
    return CanvasSettings(
      preset: preset, duration: duration, delay: delay, pauseAnimationOnAwake: paused)
  }
}
