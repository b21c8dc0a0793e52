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
  case keyframeWithoutHandles = "lottie-web/keyframe-without-handles"
  case expressions = "lottie-web/expressions"
  case pythonTimeStretch = "python-lottie/time-stretch"
  case pythonTimeRemap = "python-lottie/time-remap"
  case pythonHolds = "python-lottie/holds"
  case pythonEasingFirstDimension = "python-lottie/easing-first-dimension"
  case pythonEasingSolver = "python-lottie/easing-solver"
  case pythonEasingHandleX = "python-lottie/easing-handle-x"
  case pythonSpatialTime = "python-lottie/spatial-time"
  case pythonTangentsOnTheLine = "python-lottie/tangents-on-the-line"
  case pythonAutoOrient = "python-lottie/auto-orient"
  case pythonSkewAxis = "python-lottie/skew-axis"
  case pythonRotationZ = "python-lottie/rotation-z"
  case pythonSplitPosition = "python-lottie/split-position"
  case pythonVisibility = "python-lottie/visibility"
  case pythonOpacityThroughParents = "python-lottie/opacity-through-parents"
  case pythonLayerType = "python-lottie/layer-type"

  /// The players a rule is about.
  enum Player: String, CaseIterable, Sendable {
    case lottieWeb, pythonLottie
  }

  var player: Player {
    switch self {
    case .precompositionTimeOrder, .timeRemapStretch, .easingHandleX, .easingSolver,
      .spatialPolyline, .holdWithTangents, .autoOrientDifference, .missingStartTime,
      .singleKeyframe, .keyframeWithoutHandles, .expressions:
      .lottieWeb
    case .pythonTimeStretch, .pythonTimeRemap, .pythonHolds, .pythonEasingFirstDimension,
      .pythonEasingSolver, .pythonEasingHandleX, .pythonSpatialTime, .pythonTangentsOnTheLine,
      .pythonAutoOrient,
      .pythonSkewAxis, .pythonRotationZ, .pythonSplitPosition, .pythonVisibility,
      .pythonOpacityThroughParents, .pythonLayerType:
      .pythonLottie
    }
  }

  /// The player's versions the rule holds for.
  var versions: String { player.versions }

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
    case .keyframeWithoutHandles:
      "player/js/utils/PropertyFactory.js (interpolateValue reads keyData.o.x unless h is 1)"
    case .expressions:
      "player/js/utils/expressions (run by the full builds: lottie.js, lottie_svg.js, …)"
    case .pythonTimeStretch:
      "lottie/parsers/svg/builder.py (PrecompTime.get_time_offset: time − start_time; sr never read)"
    case .pythonTimeRemap:
      "lottie/parsers/svg/builder.py (PrecompTime.get_time_offset: ip·(1 − tm) + op·tm of the layer drawn)"
    case .pythonHolds:
      "lottie/objects/properties.py (OffsetKeyframe.interpolated_value: no i or o holds; _get_value_helper: t ≤ next keyframe's time)"
    case .pythonEasingFirstDimension, .pythonEasingHandleX:
      "lottie/objects/properties.py (Keyframe.lerp_factor) and lottie/objects/easing.py (KeyframeBezierHandle x, y read as one number)"
    case .pythonEasingSolver:
      "lottie/objects/properties.py (KeyframeBezier: 11 samples, 4 Newton steps, or 10 bisections to 1e-7)"
    case .pythonSpatialTime, .pythonTangentsOnTheLine:
      "lottie/objects/properties.py (OffsetKeyframe.interpolated_value: Bezier.point_at(ratio)) and lottie/objects/bezier.py (_bezier_points)"
    case .pythonAutoOrient:
      "lottie/objects/properties.py (get_tangent_angle, interpolated_tangent_angle) and lottie/objects/helpers.py (Transform.to_matrix)"
    case .pythonSkewAxis:
      "lottie/utils/transform.py (TransformMatrix.skew_from_axis) and lottie/objects/helpers.py (Transform.to_matrix)"
    case .pythonRotationZ: "lottie/objects/helpers.py (Transform.to_matrix reads r alone)"
    case .pythonSplitPosition:
      "lottie/objects/properties.py (PositionValue._load_split, AnimatableMixin.merge_keyframes)"
    case .pythonLayerType:
      "lottie/objects/layers.py (Layer.load: a bare Layer) and lottie/utils/restructure.py (restructure_layer_list reads its matte_mode)"
    case .pythonVisibility:
      "lottie/parsers/svg/builder.py (SvgBuilder._on_layer: culls root layers at ip > t or op < t; hd not read) and lottie/objects/layers.py (Layer.load)"
    case .pythonOpacityThroughParents:
      "lottie/utils/restructure.py (a child's group inside its parent's) and lottie/parsers/svg/builder.py (set_transform: opacity on the group; a null's set to 1)"
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
    case .keyframeWithoutHandles:
      "a keyframe without i or o that is neither a hold nor the last (lottie-spec 1.0 allows no other): lottie-web fails to render every frame of its segment (it reads o.x of nothing); the timeline draws a straight line"
    case .expressions:
      "lottie-web runs this expression; the timeline (and players without expressions) shows the keyframes or value beside it"
    case .pythonTimeStretch:
      "python-lottie runs a precomposition at f − st: it never reads sr (lottie-spec 1.0: f / sr − st)"
    case .pythonTimeRemap:
      "python-lottie reads a time remap's value v as a fraction of each inner layer's own span, ip·(1 − v) + op·v, at the frame itself (lottie-spec 1.0: seconds, after the stretch)"
    case .pythonHolds:
      "python-lottie holds a keyframe without i or o and moves one with them (h is not read), and shows the held value at the next keyframe's own time"
    case .pythonEasingFirstDimension:
      "per-dimension easing: python-lottie eases every dimension by the first's handles"
    case .pythonEasingHandleX:
      "an easing handle's x outside [0, 1]: python-lottie solves the curve as written, the timeline clamps x to [0, 1] as lottie-spec 1.0 states"
    case .pythonEasingSolver:
      "python-lottie solves an easing curve approximately (4 Newton steps from 11 samples, or at most 10 bisections): off the exact curve by up to about 1e-5 of the move"
    case .pythonSpatialTime:
      "a keyframe with to and ti off the straight line: python-lottie moves along their cubic at the time's fraction as its parameter — not eased, not by arc length"
    case .pythonTangentsOnTheLine:
      "a keyframe with to and ti on the straight line (bodymovin writes zeros): python-lottie still follows them uneased — along their cubic at the time's fraction, or the line at it where to is zero — where the timeline and lottie-web draw the eased straight line"
    case .pythonAutoOrient:
      "python-lottie turns an auto-oriented layer by its cubic's tangent at the time's fraction, and not at all where the keyframe has no to and ti or after the last keyframe"
    case .pythonSkewAxis:
      "python-lottie skews about the axis turned the other way (R(sa) · SkewX · R(−sa)): the same only where sa is 0 or 90°"
    case .pythonRotationZ:
      "a 3D layer's rz: python-lottie reads r alone, so the layer does not turn"
    case .pythonLayerType:
      "a layer of a type python-lottie has no class for (it knows precomposition, solid, image, null, shape, text, audio, camera and data): its SVG builder raises, and draws nothing of the file"
    case .pythonSplitPosition:
      "a split position: python-lottie merges the axes' keyframes at the union of their times, each easing both axes by x's curve there (else y's), and holds a merged keyframe without handles"
    case .pythonVisibility:
      "python-lottie shows a root layer from ip to op inclusive and a precomposition's layers at all times, does not read hd, and draws no layer of a type it has no class for (only precomposition, solid, image, null, shape and text); a layer not shown hides the layers parented to it"
    case .pythonOpacityThroughParents:
      "python-lottie multiplies a layer's opacity by its parents' (a null's aside): lottie-spec 1.0 passes opacity through precompositions only"
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
    case .singleKeyframe, .keyframeWithoutHandles, .expressions, .pythonLayerType: return nil
    case .pythonTimeStretch: p.precompositionTime = .startIgnoringStretch
    case .pythonTimeRemap: p.timeRemap = .fractionOfLayerSpan
    case .pythonHolds: p.hold = .missingHandlesThroughNext
    case .pythonEasingFirstDimension: p.easing = .firstDimension
    case .pythonEasingSolver: p.easing = .pythonLottieClamped
    case .pythonEasingHandleX: p.easing = .pythonLottie
    case .pythonSpatialTime, .pythonTangentsOnTheLine: p.arcLength = .curveParameterAtTime
    case .pythonAutoOrient:
      p.autoOrient = .curveTangentAtTime
    case .pythonSkewAxis: p.skewAxisReversed = true
    case .pythonRotationZ: p.rotationZIgnored = true
    case .pythonSplitPosition: p.mergesSplitPosition = true
    case .pythonVisibility: p.visibility = .pythonLottie
    case .pythonOpacityThroughParents: p.opacityThroughParents = true
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
    case .pythonTangentsOnTheLine:
      "to and ti removed where they lie on the straight line (the timeline and lottie-web do not follow them there)"
    case .timeRemapStretch, .easingSolver, .spatialPolyline, .autoOrientDifference,
      .singleKeyframe, .keyframeWithoutHandles, .expressions, .pythonTimeStretch,
      .pythonTimeRemap, .pythonHolds,
      .pythonEasingFirstDimension, .pythonEasingSolver, .pythonEasingHandleX, .pythonSpatialTime,
      .pythonAutoOrient,
      .pythonSkewAxis, .pythonRotationZ, .pythonSplitPosition, .pythonVisibility,
      .pythonOpacityThroughParents, .pythonLayerType:
      nil
    }
  }
}

extension LottieLintRule.Player {
  /// The player's versions its rules hold for.
  var versions: String {
    switch self {
    case .lottieWeb: "lottie-web 5.x (read at v5.7.14; v5.13.0 the same)"
    case .pythonLottie: "python-lottie 0.7 (PyPI lottie, read at 0.7.2), its SVG and PNG output"
    }
  }

  /// Every rule of the player at once: how it evaluates a file.
  var playback: LottiePlayback {
    switch self {
    case .lottieWeb: .lottieWeb
    case .pythonLottie: .pythonLottie
    }
  }

  /// What the player's evaluation is, in a sentence.
  var playbackSummary: String {
    switch self {
    case .lottieWeb:
      "every lottie-web rule at once, as lottie-web's SVG and canvas renderers place layers"
    case .pythonLottie:
      "every python-lottie rule at once, as its SVG builder draws the file (nesting, culling, opacity)"
    }
  }
}
