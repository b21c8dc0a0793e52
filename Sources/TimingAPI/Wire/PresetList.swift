import TimingEngine

/// `GET /v1/presets`' answer (api.md "Canvas presets"): the screen the moves are measured
/// against, and each Canvas type with its start state, its steps and how long each step takes.
enum PresetList {
  enum Member: String, WireMember {
    case presets
  }

  /// Each preset's members beside its `type` (named as a layer's `canvas` names it,
  /// `Layer.CanvasMember`); `start` and `steps` are the expanded document's too.
  enum PresetMember: String, WireMember {
    case start, steps, stepDuration
  }

  /// Every preset on a `width` × `height` screen; `screen` is named as a timeline request
  /// names it (`TimelineRequest.Member`).
  static func write(width: Double, height: Double, to w: inout JSONWriter) {
    w.beginObject()
    w.key(TimelineRequest.Member.screen)
    TimelineRequest.writeScreen(width: width, height: height, to: &w)
    w.key(Member.presets)
    w.beginArray()
    for preset in CanvasPreset.allCases {
      let (start, steps) = preset.definition(width: width, height: height)
      w.beginObject()
      w.member(Layer.CanvasMember.type, preset.rawValue)
      w.key(PresetMember.start)
      start.write(to: &w)
      w.key(PresetMember.steps)
      w.beginArray()
      for step in steps { step.write(to: &w) }
      w.endArray()
      w.member(PresetMember.stepDuration, "duration/\(preset.stepDivisor(stepCount: steps.count))")
      w.endObject()
    }
    w.endArray()
    w.endObject()
  }
}
