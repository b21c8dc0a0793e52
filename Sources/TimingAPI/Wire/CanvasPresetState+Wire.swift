import TimingEngine

/// A Canvas preset's state as `GET /v1/presets` writes it (api.md "Canvas presets"):
/// `{"translation": [x, y], "scale": [x, y], "alpha"}`, each member only when the state sets it.
extension CanvasPreset.State {
  enum Member: String, WireMember {
    case translation, scale, alpha
  }

  func write(to w: inout JSONWriter) {
    w.beginObject()
    for (member, pair) in [(Member.translation, translation), (.scale, scale)] {
      guard let pair else { continue }
      w.key(member)
      w.beginArray()
      w.number(pair.x)
      w.number(pair.y)
      w.endArray()
    }
    if let alpha {
      w.member(Member.alpha, alpha)
    }
    w.endObject()
  }
}
