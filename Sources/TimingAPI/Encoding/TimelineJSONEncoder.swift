import TimingEngine

/// What `Export/LottieExport+JSON.swift` calls for its warnings, until the Lottie model lands
/// (that file is being replaced, so it is not edited here): the whole-document timeline encoder
/// that was here is gone — the timeline is written by `TimelineStream` alone — and the
/// warnings are `SceneWarning.write`'s.
enum TimelineJSONEncoder {
  static func writeWarnings(_ warnings: [SceneWarning], into w: inout JSONWriter) {
    SceneWarning.write(warnings, to: &w)
  }
}
