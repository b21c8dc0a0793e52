import TimingEngine

/// `GET /v1/presets/{type}`'s JSON document (api.md "Canvas presets"): the preset's settings,
/// its screen (and the client's view), its states and steps, the UIKit animations it adds and
/// its sampled keyframes.
struct PresetDocument {
  /// The document's members beside those named elsewhere: `type`, `duration` and `delay` as a
  /// layer's `canvas` names them (`Layer.CanvasMember`, `CanvasSettings.Member`), `screen` as
  /// a timeline request does, `start` and `steps` as the list does (`PresetList.PresetMember`).
  enum Member: String, WireMember {
    case view, animations, keyframes
  }

  /// Each step's members: when it begins, how long it runs and the state it animates to.
  enum StepMember: String, WireMember {
    case begin, duration, to
  }

  let preset: CanvasPreset
  let duration: Double
  let delay: Double
  let screen: (width: Double, height: Double)
  let view: (width: Double, height: Double)?
  let start: CanvasPreset.State
  let steps: [CanvasPreset.State]
  let stepDuration: Double
  /// The animations the preset's expansion added, in order.
  let animations: [Animation]
  /// The keyframes: the times, and the view's sampled columns (`times` as a request's
  /// `sample` names them, then each column by its key path).
  let times: [Double]
  let columns: [TimelineColumn]
  /// The scene's contents names, which contents columns index.
  let contentsNames: [String]

  func write(to w: inout JSONWriter) {
    w.beginObject()
    w.member(Layer.CanvasMember.type, preset.rawValue)
    w.member(CanvasSettings.Member.duration, duration)
    w.member(CanvasSettings.Member.delay, delay)
    w.key(TimelineRequest.Member.screen)
    TimelineRequest.writeScreen(width: screen.width, height: screen.height, to: &w)
    if let view {
      w.key(Member.view)
      TimelineRequest.writeScreen(width: view.width, height: view.height, to: &w)
    }
    w.key(PresetList.PresetMember.start)
    start.write(to: &w)
    w.key(PresetList.PresetMember.steps)
    w.beginArray()
    for (k, state) in steps.enumerated() {
      w.beginObject()
      w.member(StepMember.begin, delay + Double(k) * stepDuration)
      w.member(StepMember.duration, stepDuration)
      w.key(StepMember.to)
      state.write(to: &w)
      w.endObject()
    }
    w.endArray()
    w.key(Member.animations)
    w.beginArray()
    for animation in animations { animation.write(to: &w) }
    w.endArray()
    w.key(Member.keyframes)
    w.beginObject()
    w.key(SampleRequest.TimesMember.times)
    w.numberArray(times)
    for column in columns {
      w.key(column.keyPath)
      column.write(names: contentsNames, to: &w)
    }
    w.endObject()
    w.endObject()
  }
}
