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
    /// python-lottie: f − st, `sr` never read.
    case startIgnoringStretch
    /// rlottie: (f − st) / sr with `st` truncated to an integer as it is read, and the result
    /// truncated towards zero (`Layer::timeRemap`: an `int`).
    case startThenStretchTruncated

    /// The content's frame at the precomposition layer's frame `f`, for its `sr` and `st`.
    func frame(_ f: Double, stretch sr: Double, start st: Double) -> Double {
      switch self {
      case .stretchThenStart: f / sr - st
      case .startThenStretch: (f - st) / sr
      case .startIgnoringStretch: f - st
      case .startThenStretchTruncated: ((f - st.rounded(.towardZero)) / sr).rounded(.towardZero)
      }
    }

    /// `frame(_:stretch:start:)` as f ↦ scale · f + offset, composed after an outer map
    /// (`outer`: the precomposition layer's frame from the root's); nil for the truncating
    /// reading, which is no such map.
    func linear(
      after outer: (scale: Double, offset: Double), stretch sr: Double, start st: Double
    ) -> (scale: Double, offset: Double)? {
      switch self {
      case .stretchThenStart: (outer.scale / sr, outer.offset / sr - st)
      case .startThenStretch: (outer.scale / sr, (outer.offset - st) / sr)
      case .startIgnoringStretch: (outer.scale, outer.offset - st)
      case .startThenStretchTruncated: nil
      }
    }
  }

  /// A time remap's argument.
  enum TimeRemap: Sendable, Equatable {
    /// lottie-spec 1.0: tm at the stretched time, f / sr − st.
    case afterStretch
    /// lottie-web: tm at f, `sr` and `st` ignored, and a result equal to the layer's `op` read
    /// as `op − 1`.
    case atFrameClampingOutPoint
    /// python-lottie: tm at the frame, read as a fraction v of each inner layer's own span,
    /// ip·(1 − v) + op·v, less the precomposition layer's `st` (so each inner layer runs at a
    /// time of its own).
    case fractionOfLayerSpan
    /// Skottie and lottie-ios: tm at f, `sr` and `st` ignored, tm × fr unclamped.
    case atFrame
    /// lottie-android: tm at f, `st` ignored, then (tm × fr − ip) · D / (D + 0.01) / sr + ip of
    /// the root composition (D = op − ip − 0.01: its progress runs to op − 0.01).
    case atFrameThenStretch
    /// rlottie: an animated tm at f, `st` ignored, round(tm × fr) clamped to the root's
    /// op − ip (its `frameAtTime`), then / sr truncated; a still tm is not read (f − st as
    /// without one).
    case atFrameRoundedThenStretch
  }

  /// The easing curve's solution for x.
  enum Easing: Sendable, Equatable {
    /// Handles' x clamped to [0, 1], solved to ~1e-12.
    case exactClamped
    /// lottie-web's BezierEasing: x as written, 11 float32 samples, 4 Newton steps or 10
    /// bisections to 1e-7 (`LottieSplineEasing`).
    case lottieWeb
    /// lottie-web's solver on the handles clamped: its approximation alone.
    case lottieWebClamped
    /// python-lottie's solver (the same bezier-easing in double, without lottie-web's shortcut
    /// for a curve on the diagonal) on the handles as written, each dimension eased by the
    /// first's curve.
    case pythonLottie
    /// python-lottie's solver on the handles clamped, each dimension by its own curve: its
    /// approximation alone.
    case pythonLottieClamped
    /// The exact curve, each dimension eased by the first's: python-lottie's reading of
    /// per-dimension handles alone (and lottie-ios's, rlottie's, Skottie's, lottie-android's
    /// for a transform).
    case firstDimension
    /// rlottie's solver (`VInterpolator`, a port of Mozilla's nsSMILKeySpline in float: 11
    /// samples, 4 Newton steps where the slope is at least 0.02, else 10 bisections to 1e-7) on
    /// the first dimension's handles as written.
    case rlottie
    /// rlottie's solver on the handles clamped, each dimension by its own: its approximation
    /// alone.
    case rlottieClamped
    /// rlottie's solver on each dimension's handles as written: its reading of x outside [0, 1]
    /// alone.
    case rlottieAsWritten
  }

  /// How a spatial segment is followed.
  enum ArcLength: Sendable, Hashable {
    /// By the curve's true arc length, progress clamped to [0, 1].
    case exact
    /// lottie-web: along a polyline of `points` points (150), progress below 0 at the end.
    case polyline(points: Int)
    /// Tangents never followed (rlottie's anchor).
    case straightLine
    /// rlottie: any keyframe with `to` and `ti` (on the line or not) followed along its cubic by
    /// rlottie's approximate length (`LottieRlottiePath`), in float.
    case rlottie
    /// ThorVG: the same, its search a bisection.
    case thorvg
    /// python-lottie: every keyframe with both `to` and `ti` (on the line or not) as the cubic
    /// Bézier's parameter at the time's fraction, unease; a zero `to` makes it the straight
    /// line at that fraction (`Bezier._bezier_points` tests `to` twice).
    case curveParameterAtTime
  }

  /// An auto-oriented layer's angle.
  enum AutoOrient: Sendable, Equatable {
    /// The position's derivative.
    case derivative
    /// lottie-web: the difference of the position 0.01 frame back (0.01 after the first
    /// keyframe before it, 0.05 back from the last after it).
    case finiteDifference
    /// python-lottie: the tangent of the segment's cubic (`curveParameterAtTime`) at the time's
    /// fraction; no turn where the keyframe has no `to` and `ti`, or from the last keyframe on.
    case curveTangentAtTime
    /// lottie-ios: no turn (`ao` is not read).
    case none
    /// rlottie: the direction of its curve where the keyframe has `to` or `ti`; no turn on a
    /// straight segment, at or before the first keyframe, from the last on, or for a split
    /// position.
    case curveOnly
    /// Skottie: the direction of travel, but no turn before the first keyframe or in a hold on
    /// a segment without tangents, and none for a split position.
    case travelWithoutHolds
    /// lottie-android: the direction to the position 0.0001 of the root's span later (none
    /// from the last keyframe on, none for a still position), replacing `r` rather than
    /// adding to it.
    case forwardDifferenceReplacingRotation
    /// ThorVG: the chord of a straight segment, the tangent of a curved one at the length's
    /// parameter kept within [0.01, 0.99]; none for a still or split position.
    case thorvgTangent
  }

  /// Which keyframes hold, and until when.
  enum Hold: Sendable, Equatable {
    /// lottie-spec 1.0: `h: 1` holds until the next keyframe's time, which shows the next value.
    case flagged
    /// python-lottie: a keyframe without `i` or `o` holds (`h` is not read), and the next
    /// keyframe's own time still shows the held value.
    case missingHandlesThroughNext
  }

  /// When a layer is shown.
  enum Visibility: Sendable, Equatable {
    /// ip ≤ f < op, not `hd`, within a shown precomposition (docs/lottie.md "Time").
    case spec
    /// python-lottie's SVG builder: a root composition's layer at ip ≤ f ≤ op, one inside a
    /// precomposition always; `hd` not read; a layer not drawn takes the layers parented to it
    /// (nested in its group).
    case pythonLottie
    /// ip ≤ f ≤ op: lottie-ios's main-thread engine (`isInRangeOrEqual`).
    case throughOutPoint
    /// rlottie: ip and op rounded as they are read, ip ≤ f ≤ op.
    case roundedThroughOutPoint
  }

  /// Which root frames a player draws.
  enum Frames: Sendable, Equatable {
    /// Any, fractional ones too.
    case any
    /// rlottie: whole frames from ip (its API takes a frame number; a time maps to
    /// round(t × fr − ip), half away from zero), ip and op rounded, clamped to [ip, op].
    case whole
    /// ThorVG: a frame at or past op drawn as op − 1, one before ip as ip.
    case beforeOutPoint
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
  var hold = Hold.flagged
  var visibility = Visibility.spec
  /// Opacity through parents as well as precompositions (python-lottie nests a child's group in
  /// its parent's, a null's at opacity 1).
  var opacityThroughParents = false
  /// Skew about the axis rotated the other way: R(sa) · SkewX(−sk) · R(−sa) (python-lottie's
  /// `skew_from_axis`), not R(−sa) · SkewX(−sk) · R(sa).
  var skewAxisReversed = false
  /// A split position's axes merged (`LottieTrack.mergedAxes`), as python-lottie loads them.
  var mergesSplitPosition = false
  /// A 3D layer's `rz` not read (python-lottie reads `r` alone).
  var rotationZIgnored = false
  /// The layer's skew not read (lottie-ios's `Transform` has no `sk`; rlottie never parses it).
  var skewIgnored = false
  /// `r` not read where `ddd` is absent or 1 (rlottie's `ddd` defaults to true: its 3D branch
  /// turns by `rz` alone).
  var rotationNeedsTwoD = false
  /// An anchor's `to`/`ti` not followed (rlottie follows a position's alone).
  var anchorTangentsIgnored = false
  /// Opacity keyframes rounded to whole percent and each value truncated to one
  /// (lottie-android's `IntegerParser` and `MiscUtils.lerp(int…)`).
  var opacityWholePercent = false
  var frames = Frames.any
  /// The player's file-wide cache of easing curves (`LottieEasingCache`), where it has one.
  var easingCache: LottieEasingCache? = nil

  /// The timeline's own rules.
  static let exact = LottiePlayback()

  /// lottie-web 5.x (read at v5.7.14; docs/lottie.md "Lint"), its SVG and canvas renderers
  /// alike on what the timeline evaluates.
  static let lottieWeb = LottiePlayback(
    precompositionTime: .startThenStretch, timeRemap: .atFrameClampingOutPoint,
    easing: .lottieWeb, arcLength: .polyline(points: 150), autoOrient: .finiteDifference,
    holdFollowsTangents: true, missingStartTimeHides: true)

  /// lottie-ios 4.x's main-thread engine (read at 4.6.1).
  static let lottieIOSMainThread = LottiePlayback(
    precompositionTime: .startThenStretch, timeRemap: .atFrame, easing: .firstDimension,
    autoOrient: .none, visibility: .throughOutPoint, skewIgnored: true)

  /// lottie-ios 4.x's Core Animation engine (read at 4.6.1), on what the lint evaluates.
  static let lottieIOSCoreAnimation = LottiePlayback(
    precompositionTime: .startThenStretch, timeRemap: .atFrame, easing: .firstDimension,
    autoOrient: .none, skewIgnored: true)

  /// lottie-android 6.x (read at 6.7.1).
  static let lottieAndroid = LottiePlayback(
    precompositionTime: .startThenStretch, timeRemap: .atFrameThenStretch,
    easing: .firstDimension, autoOrient: .forwardDifferenceReplacingRotation,
    opacityWholePercent: true)

  /// rlottie (read at 34465a9, the library rlottie-python 1.3.8 ships).
  static let rlottie = LottiePlayback(
    precompositionTime: .startThenStretchTruncated, timeRemap: .atFrameRoundedThenStretch,
    easing: .rlottie, arcLength: .rlottie, autoOrient: .curveOnly,
    visibility: .roundedThroughOutPoint,
    skewIgnored: true, rotationNeedsTwoD: true, anchorTangentsIgnored: true, frames: .whole,
    easingCache: .rlottie)

  /// ThorVG 1.0 (read at v1.0.4).
  static let thorvg = LottiePlayback(
    precompositionTime: .startThenStretch, timeRemap: .atFrame, easing: .rlottie,
    arcLength: .thorvg, autoOrient: .thorvgTangent, anchorTangentsIgnored: true,
    frames: .beforeOutPoint, easingCache: .thorvg)

  /// Skottie (Skia's modules/skottie, read at its 2024 sources).
  static let skottie = LottiePlayback(
    precompositionTime: .startThenStretch, timeRemap: .atFrame, easing: .firstDimension,
    autoOrient: .travelWithoutHolds)

  /// python-lottie 0.7 (read at 0.7.2; docs/lottie.md "Lint"), as its SVG builder draws.
  static let pythonLottie = LottiePlayback(
    precompositionTime: .startIgnoringStretch, timeRemap: .fractionOfLayerSpan,
    easing: .pythonLottie, arcLength: .curveParameterAtTime, autoOrient: .curveTangentAtTime,
    hold: .missingHandlesThroughNext, visibility: .pythonLottie, opacityThroughParents: true,
    skewAxisReversed: true, mergesSplitPosition: true, rotationZIgnored: true)
}
