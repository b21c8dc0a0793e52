/// What a player shows differently from the timeline (docs/lottie.md "Lint"): each rule a way
/// one player departs from lottie-spec 1.0 or from the exact evaluation, with where it was read
/// and, for those the lint can evaluate, the player's way of evaluating as a `LottiePlayback`.
enum LottieLintRule: String, CaseIterable, Sendable {
  case precompositionTimeOrder = "lottie-web/precomposition-time-order"
  case timeRemapStretch = "lottie-web/time-remap-stretch"
  case easingHandleX = "lottie-web/easing-handle-x"
  case easingSolver = "lottie-web/easing-solver"
  case spatialPolyline = "lottie-web/spatial-polyline"
  case holdWithTangents = "lottie-web/hold-with-tangents"
  case autoOrientDifference = "lottie-web/auto-orient-difference"
  case missingStartTime = "lottie-web/missing-st"
  case singleKeyframe = "lottie-web/single-keyframe"
  case expressions = "lottie-web/expressions"

  /// The players a rule is about.
  enum Player: String, CaseIterable, Sendable {
    case lottieWeb
  }

  var player: Player {
    switch self {
    case .precompositionTimeOrder, .timeRemapStretch, .easingHandleX, .easingSolver,
      .spatialPolyline, .holdWithTangents, .autoOrientDifference, .missingStartTime,
      .singleKeyframe, .expressions:
      .lottieWeb
    }
  }

  /// The player's versions the rule holds for.
  var versions: String {
    switch player {
    case .lottieWeb: "lottie-web 5.x (read at v5.7.14; v5.13.0 the same)"
    }
  }

  /// Where the player's behaviour was read.
  var source: String {
    switch self {
    case .precompositionTimeOrder:
      "player/js/elements/CompElement.js (prepareFrame: renderedFrame = num / sr, num = frame − st)"
    case .timeRemapStretch:
      "player/js/elements/CompElement.js (prepareFrame: renderedFrame = tm.v; tm.v === op → op − 1)"
    case .easingHandleX: "player/js/3rd_party/BezierEaser.js (handles used as written)"
    case .easingSolver:
      "player/js/3rd_party/BezierEaser.js (11 float32 samples, 4 Newton steps, or 10 bisections to 1e-7)"
    case .spatialPolyline:
      "player/js/utils/bez.js (buildBezierData, 150 points) and player/js/utils/PropertyFactory.js (interpolateValue)"
    case .holdWithTangents:
      "player/js/utils/PropertyFactory.js (interpolateValue: the spatial branch has no hold)"
    case .autoOrientDifference:
      "player/js/utils/TransformProperty.js (autoOriented: atan2 of a 0.01-frame difference)"
    case .missingStartTime:
      "player/js/elements/helpers/RenderableElement.js (checkLayerLimits: ip − st <= num, num = frame − st)"
    case .singleKeyframe:
      "player/js/utils/PropertyFactory.js (interpolateValue reads the keyframe after the first)"
    case .expressions:
      "player/js/utils/expressions (run by the full builds: lottie.js, lottie_svg.js, …)"
    }
  }

  /// What the player does, in a sentence.
  var summary: String {
    switch self {
    case .precompositionTimeOrder:
      "lottie-web runs a precomposition at (f − st) / sr, lottie-spec 1.0 at f / sr − st: with sr ≠ 1 its content is st·(1 − 1/sr) frames apart"
    case .timeRemapStretch:
      "lottie-web evaluates a time remap at the frame itself, ignoring st and sr (lottie-spec 1.0: after the stretch), and reads a remapped time equal to the layer's op as op − 1"
    case .easingHandleX:
      "an easing handle's x outside [0, 1]: lottie-web solves the curve as written (it runs back in time), the timeline clamps x to [0, 1] as lottie-spec 1.0 states"
    case .easingSolver:
      "lottie-web solves an easing curve approximately (4 Newton steps from 11 float32 samples, or at most 10 bisections): off the exact curve by up to about 1e-5 of the move"
    case .spatialPolyline:
      "lottie-web follows a spatial path along a 150-point polyline (about 1e-3 px off the curve), and sends an eased progress below 0 to the segment's end"
    case .holdWithTangents:
      "a hold keyframe with spatial tangents: lottie-web moves along them instead of holding"
    case .autoOrientDifference:
      "lottie-web turns an auto-oriented layer by a difference of its position 0.01 frame back (0.05 after the last keyframe), not its direction of travel"
    case .missingStartTime:
      "a layer without st: lottie-web never shows it (its frame comparisons are NaN); lottie-spec 1.0 defaults st to 0"
    case .singleKeyframe:
      "an animated property with one keyframe: lottie-web fails to render the frame (it reads a next keyframe that does not exist)"
    case .expressions:
      "lottie-web runs this expression; the timeline (and players without expressions) shows the keyframes or value beside it"
    }
  }

  /// The player's way of evaluating that makes this rule's difference, on its own; nil for the
  /// rules whose difference is not evaluated (a failed frame, an expression).
  var playback: LottiePlayback? {
    var p = LottiePlayback.exact
    switch self {
    case .precompositionTimeOrder: p.precompositionTime = .startThenStretch
    case .timeRemapStretch: p.timeRemap = .atFrameClampingOutPoint
    case .easingHandleX: p.easing = .lottieWeb
    case .easingSolver: p.easing = .lottieWebClamped
    case .spatialPolyline: p.arcLength = .polyline(points: 150)
    case .holdWithTangents: p.holdFollowsTangents = true
    case .autoOrientDifference:
      // Its difference is taken between positions on lottie-web's polyline: the direction of a
      // chord 0.01 frame long, not of the curve (ghost2's turns were 12 % larger so).
      p.autoOrient = .finiteDifference
      p.arcLength = .polyline(points: 150)
      // And its easing solver: near a segment's end eased to a stop, 0.05 frame moves the layer
      // 0.005 px, where the solver's 1e-7 of a 1 300 px move is 2 % (0.17° on Boat_Loader).
      p.easing = .lottieWeb
    case .missingStartTime: p.missingStartTimeHides = true
    case .singleKeyframe, .expressions: return nil
    }
    return p
  }

  /// The rewrite that makes the player show what the timeline shows, where one exists
  /// (`?fix=true`).
  var rewrite: String? {
    switch self {
    case .precompositionTimeOrder:
      "st set to st × sr, so that (f − st′) / sr = f / sr − st"
    case .easingHandleX: "the handles' x clamped to [0, 1]"
    case .holdWithTangents: "the hold keyframe's to and ti removed"
    case .missingStartTime: "st: 0 added"
    case .timeRemapStretch, .easingSolver, .spatialPolyline, .autoOrientDifference,
      .singleKeyframe, .expressions:
      nil
    }
  }
}
