import TimingEngine

/// `POST /v1/timelines`' JSON document (api.md "Timelines", openapi.yaml `TimelineResponse`):
/// the sample times, each layer's columns by key path (`TimelineColumn.write`), the delegate
/// events and completion blocks, the action lookups and the warnings. `TimelineStream` writes
/// it piece by piece, sampling a block at a time; these are its members and its tail.
enum TimelineDocument {
  /// The document's members beside `times` (named as a request's `sample` names them,
  /// `SampleRequest.TimesMember`) and `warnings` (`SceneWarning.ListMember`).
  enum Member: String, WireMember {
    case layers, events, actions
  }

  /// The members after `layers`: what the plan's script did (`events`, `actions`) and the
  /// `warnings`.
  static func writeTail(plan: TimelinePlan, warnings: [SceneWarning], to w: inout JSONWriter) {
    w.key(Member.events)
    DelegateEvent.write(plan.events, completions: plan.completions, to: &w)
    w.key(Member.actions)
    ActionRecord.write(plan.actionRecords, to: &w)
    w.key(SceneWarning.ListMember.warnings)
    SceneWarning.write(warnings, to: &w)
  }
}
