/// How a player evaluates a Lottie document where players differ (docs/lottie.md "Spec and
/// lottie-web disagree", "Lint"): the timeline's own rules (`exact`), and each way a player
/// departs from them, so that the lint can evaluate a file as that player does and say by how
/// much it differs, rule by rule.
struct LottiePlayback: Sendable, Equatable {
  /// A precomposition's time at frame f of its layer's composition.
  enum PrecompositionTime: Sendable, Equatable {
    /// lottie-spec 1.0: f / sr − st.
    case stretchThenStart
    /// After Effects and lottie-web: (f − st) / sr.
    case startThenStretch
  }

  /// A time remap's argument.
  enum TimeRemap: Sendable, Equatable {
    /// lottie-spec 1.0: tm at the stretched time, f / sr − st.
    case afterStretch
    /// lottie-web: tm at f, `sr` and `st` ignored, and a result equal to the layer's `op` read
    /// as `op − 1`.
    case atFrameClampingOutPoint
  }

  /// The easing curve's solution for x.
  enum Easing: Sendable, Equatable {
    /// Handles' x clamped to [0, 1], solved to ~1e-12.
    case exactClamped
    /// lottie-web's BezierEasing: x as written, 11 float32 samples, 4 Newton steps or 10
    /// bisections to 1e-7 (`LottieWebEasing`).
    case lottieWeb
    /// lottie-web's solver on the handles clamped: its approximation alone.
    case lottieWebClamped
  }

  /// How a spatial segment is followed.
  enum ArcLength: Sendable, Equatable {
    /// By the curve's true arc length, progress clamped to [0, 1].
    case exact
    /// lottie-web: along a polyline of `points` points (150), progress below 0 at the end.
    case polyline(points: Int)
  }

  /// An auto-oriented layer's angle.
  enum AutoOrient: Sendable, Equatable {
    /// The position's derivative.
    case derivative
    /// lottie-web: the difference of the position 0.01 frame back (0.01 after the first
    /// keyframe before it, 0.05 back from the last after it).
    case finiteDifference
  }

  var precompositionTime = PrecompositionTime.stretchThenStart
  var timeRemap = TimeRemap.afterStretch
  var easing = Easing.exactClamped
  var arcLength = ArcLength.exact
  var autoOrient = AutoOrient.derivative
  /// A hold keyframe with tangents off the line: held (spec), or followed along them
  /// (lottie-web, whose spatial branch has no hold check).
  var holdFollowsTangents = false
  /// A layer without `st`: st = 0 (spec), or never shown (lottie-web, whose comparisons with
  /// an undefined `st` are NaN).
  var missingStartTimeHides = false

  /// The timeline's own rules.
  static let exact = LottiePlayback()

  /// lottie-web 5.x (read at v5.7.14; docs/lottie.md "Lint"), its SVG and canvas renderers
  /// alike on what the timeline evaluates.
  static let lottieWeb = LottiePlayback(
    precompositionTime: .startThenStretch, timeRemap: .atFrameClampingOutPoint,
    easing: .lottieWeb, arcLength: .polyline(points: 150), autoOrient: .finiteDifference,
    holdFollowsTangents: true, missingStartTimeHides: true)
}
