/// One property track of the plan being built (`PlanBuilder.trackEntries`; a track's index is its
/// place there): the track the plan keeps and what the builder needs beside it while the script
/// runs, in one value, so that making a track is one append and its lists cannot drift apart.
struct TrackEntry {
  /// The track as the plan keeps it: its layer, property, model value, script changes and steps.
  var track: TimelinePlan.Track
  /// The steps a presentation value may still need, in add order (see
  /// `PlanBuilder+Presentation.swift`).
  var liveSteps: [TrackStep] = []
  /// The animations on it whose ends follow the model value (incremental: those that may still
  /// contribute).
  var liveSources: [PlanBuilder.LiveSource] = []
}
