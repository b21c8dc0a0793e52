import TimingEngine

/// A Canvas preset's state as `GET /v1/presets` writes it (api.md "Canvas presets"):
/// `{"translation": [x, y], "scale": [x, y], "alpha"}`, each member only when the state sets it.
extension CanvasPreset.State {
  func write(to w: inout JSONWriter) {
    w.beginObject()
    for (name, pair) in [("translation", translation), ("scale", scale)] {
      guard let pair else { continue }
      w.key(name)
      w.beginArray()
      w.number(pair.x)
      w.number(pair.y)
      w.endArray()
    }
    if let alpha {
      w.key("alpha")
      w.number(alpha)
    }
    w.endObject()
  }
}
