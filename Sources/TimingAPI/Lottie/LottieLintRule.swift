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
  case iosPrecompositionTimeOrder = "lottie-ios/precomposition-time-order"
  case iosTimeRemap = "lottie-ios/time-remap"
  case iosEasingFirstDimension = "lottie-ios/easing-first-dimension"
  case iosLayerSkew = "lottie-ios/layer-skew"
  case iosAutoOrient = "lottie-ios/auto-orient"
  case iosMainThreadVisibility = "lottie-ios-main-thread/visibility"
  case iosUnsupported = "lottie-ios/unsupported"
  case androidPrecompositionTimeOrder = "lottie-android/precomposition-time-order"
  case androidTimeRemap = "lottie-android/time-remap"
  case androidEasingFirstDimension = "lottie-android/easing-first-dimension"
  case androidAutoOrient = "lottie-android/auto-orient"
  case androidOpacityWholePercent = "lottie-android/opacity-whole-percent"
  case androidEasingOutHandleX = "lottie-android/easing-out-handle-x"
  case androidUnsupported = "lottie-android/unsupported"
  case rlottieWholeFrames = "rlottie/whole-frames"
  case rlottiePrecompositionTime = "rlottie/precomposition-time"
  case rlottieTimeRemap = "rlottie/time-remap"
  case rlottieVisibility = "rlottie/visibility"
  case rlottieEasingFirstDimension = "rlottie/easing-first-dimension"
  case rlottieEasingSolver = "rlottie/easing-solver"
  case rlottieEasingHandleX = "rlottie/easing-handle-x"
  case rlottieLayerSkew = "rlottie/layer-skew"
  case rlottieRotationWithoutDdd = "rlottie/rotation-without-ddd"
  case rlottieAnchorTangents = "rlottie/anchor-tangents"
  case rlottieSpatialLength = "rlottie/spatial-length"
  case rlottieEasingCache = "rlottie/easing-cache"
  case rlottieAutoOrient = "rlottie/auto-orient"
  case rlottieLastKeyframeEased = "rlottie/last-keyframe-eased"
  case rlottieKeyframeWithoutHandles = "rlottie/keyframe-without-handles"
  case rlottieUnsupported = "rlottie/unsupported"
  case skottiePrecompositionTimeOrder = "skottie/precomposition-time-order"
  case skottieTimeRemap = "skottie/time-remap"
  case skottieEasingFirstDimension = "skottie/easing-first-dimension"
  case skottieAutoOrient = "skottie/auto-orient"
  case skottieUnsupported = "skottie/unsupported"
  case pythonUnsupported = "python-lottie/unsupported"
  case thorvgPrecompositionTimeOrder = "thorvg/precomposition-time-order"
  case thorvgTimeRemap = "thorvg/time-remap"
  case thorvgLastFrame = "thorvg/last-frame"
  case thorvgEasingFirstDimension = "thorvg/easing-first-dimension"
  case thorvgEasingSolver = "thorvg/easing-solver"
  case thorvgEasingHandleX = "thorvg/easing-handle-x"
  case thorvgAnchorTangents = "thorvg/anchor-tangents"
  case thorvgSpatialLength = "thorvg/spatial-length"
  case thorvgEasingCache = "thorvg/easing-cache"
  case thorvgAutoOrient = "thorvg/auto-orient"
  case thorvgUnsupported = "thorvg/unsupported"

  /// The players a rule is about (lottie-ios's two engines share most).
  var players: [Player] {
    switch self {
    case .precompositionTimeOrder, .timeRemapStretch, .easingHandleX, .easingSolver,
      .spatialPolyline, .holdWithTangents, .autoOrientDifference, .missingStartTime,
      .singleKeyframe, .keyframeWithoutHandles, .expressions:
      [.lottieWeb]
    case .iosPrecompositionTimeOrder, .iosTimeRemap, .iosEasingFirstDimension, .iosLayerSkew,
      .iosAutoOrient, .iosUnsupported:
      [.lottieIOSCoreAnimation, .lottieIOSMainThread]
    case .iosMainThreadVisibility:
      [.lottieIOSMainThread]
    case .androidPrecompositionTimeOrder, .androidTimeRemap, .androidEasingFirstDimension,
      .androidAutoOrient, .androidOpacityWholePercent, .androidEasingOutHandleX,
      .androidUnsupported:
      [.lottieAndroid]
    case .rlottieWholeFrames, .rlottiePrecompositionTime, .rlottieTimeRemap, .rlottieVisibility,
      .rlottieEasingFirstDimension, .rlottieEasingSolver, .rlottieEasingHandleX, .rlottieLayerSkew,
      .rlottieRotationWithoutDdd, .rlottieAnchorTangents, .rlottieSpatialLength,
      .rlottieEasingCache,
      .rlottieAutoOrient,
      .rlottieLastKeyframeEased, .rlottieKeyframeWithoutHandles, .rlottieUnsupported:
      [.rlottie]
    case .skottiePrecompositionTimeOrder, .skottieTimeRemap, .skottieEasingFirstDimension,
      .skottieAutoOrient, .skottieUnsupported:
      [.skottie]
    case .pythonTimeStretch, .pythonTimeRemap, .pythonHolds, .pythonEasingFirstDimension,
      .pythonEasingSolver, .pythonEasingHandleX, .pythonSpatialTime, .pythonTangentsOnTheLine,
      .pythonAutoOrient, .pythonSkewAxis, .pythonRotationZ, .pythonSplitPosition, .pythonVisibility,
      .pythonOpacityThroughParents, .pythonLayerType, .pythonUnsupported:
      [.pythonLottie]
    case .thorvgPrecompositionTimeOrder, .thorvgTimeRemap, .thorvgLastFrame,
      .thorvgEasingFirstDimension, .thorvgEasingSolver, .thorvgEasingHandleX, .thorvgAnchorTangents,
      .thorvgSpatialLength, .thorvgEasingCache, .thorvgAutoOrient,
      .thorvgUnsupported:
      [.thorvg]
    }
  }

  /// The player a rule is first about.
  var player: Player { players[0] }

  /// The players' versions the rule holds for.
  var versions: String { players.map(\.versions).joined(separator: "; ") }

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
    case .iosPrecompositionTimeOrder:
      "Sources/Private/MainThread/LayerContainers/CompLayers/PreCompositionLayer.swift (displayContentsWithFrame: (frame − startFrame) / timeStretch) and Sources/Private/CoreAnimation/Layers/PreCompLayer.swift (setupAnimations)"
    case .iosTimeRemap:
      "PreCompositionLayer.swift (displayContentsWithFrame) and CoreAnimation/Layers/PreCompLayer.swift: tm at the parent frame × the root's frame rate"
    case .iosEasingFirstDimension:
      "Sources/Private/Model/Extensions/VectorsExtensions.swift (LottieVector2D reads x[0], y[0])"
    case .iosLayerSkew:
      "Sources/Private/Model/Objects/Transform.swift (no sk, sa) and MainThread/NodeRenderSystem/Nodes/LayerEffectNodes/LayerTransformNode.swift (skew: nil)"
    case .iosAutoOrient:
      "Sources/Private/Model/Layers/LayerModel.swift (ao never decoded)"
    case .iosMainThreadVisibility:
      "Sources/Private/MainThread/LayerContainers/CompLayers/CompositionLayer.swift (displayWithFrame: frame.isInRangeOrEqual(ip, op))"
    case .iosUnsupported:
      "per feature (see each finding's detail)"
    case .androidPrecompositionTimeOrder:
      "lottie/src/main/java/com/airbnb/lottie/model/layer/CompositionLayer.java (setProgress: progress − st / D, then / sr; lottie-android PR #1818)"
    case .androidTimeRemap:
      "lottie/src/main/java/com/airbnb/lottie/model/layer/CompositionLayer.java (setProgress: timeRemapping at the parent progress, (tm · fr − ip) / (D + 0.01), then / sr)"
    case .androidEasingFirstDimension:
      "lottie/src/main/java/com/airbnb/lottie/parser/KeyframeParser.java (a transform's and a colour's handles read as one number: JsonUtils.valueFromObject)"
    case .androidAutoOrient:
      "lottie/src/main/java/com/airbnb/lottie/animation/keyframe/TransformKeyframeAnimation.java (getMatrix: atan2 of position(progress + 0.0001) − position(progress), in place of rotation)"
    case .androidOpacityWholePercent:
      "lottie/src/main/java/com/airbnb/lottie/parser/IntegerParser.java (Math.round) and utils/MiscUtils.java (lerp(int, int, float): truncated)"
    case .androidEasingOutHandleX:
      "lottie/src/main/java/com/airbnb/lottie/parser/KeyframeParser.java (interpolatorFor: PathInterpolatorCompat.create throws for o.x < 0; the retry clamps i.x only; issue #2625)"
    case .androidUnsupported:
      "per feature (see each finding's detail)"
    case .rlottieWholeFrames:
      "inc/rlottie.h (renderSync(size_t frameNo)) and src/lottie/lottiemodel.h (frameAtPos: round(pos × (op − ip)); ip and op lround-ed)"
    case .rlottiePrecompositionTime:
      "src/lottie/lottiemodel.h (Layer::timeRemap: int((f − st) / sr)) and src/lottie/lottieparser.cpp (st read into an int)"
    case .rlottieTimeRemap:
      "src/lottie/lottiemodel.h (Layer::timeRemap: frameAtTime(tm(f)) / sr; a still tm not read)"
    case .rlottieVisibility:
      "src/lottie/lottieitem.cpp (Layer::visible: ip ≤ f ≤ op, commit 12facb8) and src/lottie/lottieparser.cpp (ip, op lround-ed)"
    case .rlottieEasingFirstDimension:
      "src/lottie/lottieparser.cpp (parseInperpolatorPoint: x[0], y[0])"
    case .rlottieEasingSolver:
      "src/vector/vinterpolator.cpp (float: 11 samples, 4 Newton steps if the slope ≥ 0.02, else 10 bisections to 1e-7)"
    case .rlottieEasingHandleX:
      "src/vector/vinterpolator.cpp (handles used as written)"
    case .rlottieLayerSkew:
      "src/lottie/lottieparser.cpp (parseTransformObject: sk and sa never parsed)"
    case .rlottieRotationWithoutDdd:
      "src/lottie/lottieparser.cpp (parseLayer: ddd defaults to true; a 3D transform reads rz, not r)"
    case .rlottieEasingCache:
      "src/lottie/lottieparser.cpp (LottieParserImpl::interpolator: one curve a key, the keyframe's n or its handles printed %.2f_%.2f_%.2f_%.2f into 20 bytes)"
    case .thorvgEasingCache:
      "src/loaders/lottie/tvgLottieParser.cpp (LottieParser::getInterpolator: one curve a key, the keyframe's n or its handles printed %.2f_%.2f_%.2f_%.2f into 20 bytes)"
    case .rlottieSpatialLength:
      "src/lottie/lottiemodel.h (Value<T, Position>::at) and src/vector/vbezier.cpp (length: alpha-max-plus-beta-min sides halved to within 0.01 of the chord; tAtLength: halving to within 0.01)"
    case .rlottieAnchorTangents:
      "src/lottie/lottieparser.cpp (only a transform's p is parsed as a Position with to/ti)"
    case .rlottieAutoOrient:
      "src/lottie/lottiemodel.h (Value<T, Position>::angle: 0 without tangents, before the first keyframe or from the last)"
    case .rlottieLastKeyframeEased:
      "src/lottie/lottieparser.cpp (parseKeyFrame: a last keyframe with i and o is pushed without an end; KeyFrames::value then reads a default)"
    case .rlottieKeyframeWithoutHandles:
      "src/lottie/lottieparser.cpp (parseKeyFrame: a keyframe without i that is no hold is discarded)"
    case .rlottieUnsupported:
      "per feature (see each finding's detail)"
    case .skottiePrecompositionTimeOrder:
      "modules/skottie/src/layers/PrecompLayer.cpp (CompTimeMapper: (t − st) · (1 / sr))"
    case .skottieTimeRemap:
      "modules/skottie/src/layers/PrecompLayer.cpp (TimeRemapper: tm(t) × the root's frame rate, st and sr not applied)"
    case .skottieEasingFirstDimension:
      "modules/skottie/src/animator/KeyframeAnimator.cpp (parseKeyframes: Parse<SkScalar> reads a handle array's first value)"
    case .skottieAutoOrient:
      "modules/skottie/src/animator/Vec2KeyframeAnimator.cpp (onSeek: a zero tangent before the first keyframe and in a hold) and modules/skottie/src/Transform.cpp"
    case .skottieUnsupported:
      "per feature (see each finding's detail)"
    case .pythonUnsupported:
      "per feature (see each finding's detail)"
    case .thorvgPrecompositionTimeOrder:
      "src/loaders/lottie/tvgLottieModel.cpp (LottieLayer::remap: (f − st) / sr)"
    case .thorvgTimeRemap:
      "src/loaders/lottie/tvgLottieModel.h (frameAtTime: max(0, tm × fr)) and tvgLottieBuilder.cpp (updatePrecomp: tm at the parent frame)"
    case .thorvgLastFrame:
      "src/loaders/lottie/tvgLottieModel.h (LottieComposition::clamp: a frame at or past op is op − 1)"
    case .thorvgEasingFirstDimension:
      "src/loaders/lottie/tvgLottieParser.cpp (getValue(float&): x[0], y[0])"
    case .thorvgEasingSolver:
      "src/loaders/lottie/tvgLottieInterpolator.cpp (float: 11 samples, 4 Newton steps if the slope ≥ 0.02, else 10 bisections to 1e-7)"
    case .thorvgEasingHandleX:
      "src/loaders/lottie/tvgLottieInterpolator.cpp (handles used as written)"
    case .thorvgSpatialLength:
      "src/loaders/lottie/tvgLottieProperty.h (LottieVectorFrame::interpolate) and src/common/tvgMath.cpp (_bezLength with alpha-max-plus-beta-min sides, _bezAt: bisection to 0.01 or an interval of 1e-3)"
    case .thorvgAutoOrient:
      "src/loaders/lottie/tvgLottieProperty.h (LottieVectorFrame::angle: the chord, or the tangent at a parameter within [0.01, 0.99])"
    case .thorvgAnchorTangents:
      "src/loaders/lottie/tvgLottieParser.cpp (an anchor is not a LottieVector: to/ti not read)"
    case .thorvgUnsupported:
      "per feature (see each finding's detail)"
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
    case .iosPrecompositionTimeOrder:
      "lottie-ios runs a precomposition at (f − st) / sr, lottie-spec 1.0 at f / sr − st (as lottie-web does; lottie-ios 3.x's Core Animation engine ignored sr, #1725)"
    case .iosTimeRemap:
      "lottie-ios evaluates a time remap at the frame itself, st and sr ignored, unclamped (lottie-spec 1.0: after the stretch)"
    case .iosEasingFirstDimension:
      "per-dimension easing: lottie-ios eases every dimension by the first's handles"
    case .iosLayerSkew:
      "a layer's skew: lottie-ios does not read it (a shape group's is drawn)"
    case .iosAutoOrient:
      "an auto-oriented layer: lottie-ios does not turn it"
    case .iosMainThreadVisibility:
      "lottie-ios's main-thread engine shows a layer at its op too (ip ≤ f ≤ op): two layers meeting at a frame both draw there"
    case .iosUnsupported:
      "a feature lottie-ios does not draw, or draws otherwise"
    case .androidPrecompositionTimeOrder:
      "lottie-android runs a precomposition at ip + (f − ip − st) / sr of the root (with the root's ip at 0, lottie-web's (f − st) / sr), lottie-spec 1.0 at f / sr − st"
    case .androidTimeRemap:
      "lottie-android evaluates a time remap at the frame itself, st ignored, then divides by sr, over a root span 0.01 frame short (lottie-spec 1.0: tm after the stretch)"
    case .androidEasingFirstDimension:
      "per-dimension easing on a transform or a colour: lottie-android eases every dimension by the first's handles (it reads them per dimension only for sizes and gradient points)"
    case .androidAutoOrient:
      "lottie-android turns an auto-oriented layer to its direction of travel 0.0001 of the root's span ahead in place of r (not added to it), and not at all from the last keyframe on"
    case .androidOpacityWholePercent:
      "lottie-android reads an opacity's keyframes as whole percents and truncates each value between them to one"
    case .androidEasingOutHandleX:
      "an out handle's x below 0: lottie-android fails to load the file (its PathInterpolator throws, twice)"
    case .androidUnsupported:
      "a feature lottie-android does not draw, or draws otherwise"
    case .rlottieWholeFrames:
      "rlottie draws whole frames only, within its ip and op: a time shows frame ip + round(t × fr − ip), clamped to [ip, op]"
    case .rlottiePrecompositionTime:
      "rlottie runs a precomposition at (f − st) / sr with st truncated to an integer and the result truncated to a whole frame (lottie-spec 1.0: f / sr − st)"
    case .rlottieTimeRemap:
      "rlottie evaluates an animated time remap at the frame itself, st ignored, rounds it to a whole frame within the root's span and divides by sr; a still one it does not read (lottie-spec 1.0: tm after the stretch)"
    case .rlottieVisibility:
      "rlottie shows a layer from ip to op inclusive, both rounded to whole frames"
    case .rlottieEasingFirstDimension:
      "per-dimension easing: rlottie eases every dimension by the first's handles"
    case .rlottieEasingSolver:
      "rlottie solves an easing curve approximately, in float: off the exact curve by up to about 1e-4 of the move"
    case .rlottieEasingHandleX:
      "an easing handle's x outside [0, 1]: rlottie solves the curve as written, the timeline clamps x to [0, 1] as lottie-spec 1.0 states"
    case .rlottieLayerSkew:
      "a layer's skew: rlottie does not read it"
    case .rlottieRotationWithoutDdd:
      "a layer's r where ddd is not 0 (or is stated after ks): rlottie reads it as 3D, turning by rz alone — r is not drawn"
    case .rlottieEasingCache:
      "rlottie keeps one easing curve a key for the whole file — a keyframe's n, else its handles to two decimals (a negative one or one of 10 or more cuts the key short) — so a keyframe eases by the first curve parsed under its key"
    case .thorvgEasingCache:
      "ThorVG keeps one easing curve a key for the whole file — a keyframe's n, else its handles to two decimals (a negative one or one of 10 or more cuts the key short) — so a keyframe eases by the first curve parsed under its key"
    case .rlottieSpatialLength:
      "a position with to and ti (on the line or not): rlottie moves along their cubic by an approximate length (sides measured as max + 3/8 min, up to 7 % long), in float"
    case .rlottieAnchorTangents:
      "an anchor's spatial tangents: rlottie moves it along the straight line"
    case .rlottieAutoOrient:
      "rlottie turns an auto-oriented layer only along a curved segment (one with to or ti): not on a straight one, at or before the first keyframe, from the last on, or for a split position"
    case .rlottieLastKeyframeEased:
      "a property whose last keyframe has i and o and is no hold: rlottie reads it as a default value (0) after its first keyframe"
    case .rlottieKeyframeWithoutHandles:
      "a keyframe without i or o that is neither a hold nor the last: rlottie discards its value (the property moves from the one before to the one after)"
    case .rlottieUnsupported:
      "a feature rlottie does not draw, or draws otherwise"
    case .skottiePrecompositionTimeOrder:
      "Skottie runs a precomposition at (f − st) / sr, lottie-spec 1.0 at f / sr − st"
    case .skottieTimeRemap:
      "Skottie evaluates a time remap at the frame itself, st and sr ignored, unclamped (lottie-spec 1.0: after the stretch)"
    case .skottieEasingFirstDimension:
      "per-dimension easing: Skottie eases every dimension by the first's handles"
    case .skottieAutoOrient:
      "Skottie does not turn an auto-oriented layer before its first keyframe, in a hold without tangents, or for a split position"
    case .skottieUnsupported:
      "a feature Skottie does not draw, or draws otherwise"
    case .pythonUnsupported:
      "a feature python-lottie does not draw, or draws otherwise"
    case .thorvgPrecompositionTimeOrder:
      "ThorVG runs a precomposition at (f − st) / sr, lottie-spec 1.0 at f / sr − st"
    case .thorvgTimeRemap:
      "ThorVG evaluates a time remap at the frame itself, st and sr ignored (lottie-spec 1.0: after the stretch)"
    case .thorvgLastFrame:
      "ThorVG draws frame op − 1 for any frame at or past the root's op, and ip for any before it"
    case .thorvgEasingFirstDimension:
      "per-dimension easing: ThorVG eases every dimension by the first's handles"
    case .thorvgEasingSolver:
      "ThorVG solves an easing curve approximately, in float (rlottie's solver): off the exact curve by up to about 1e-4 of the move"
    case .thorvgEasingHandleX:
      "an easing handle's x outside [0, 1]: ThorVG solves the curve as written, the timeline clamps x to [0, 1] as lottie-spec 1.0 states"
    case .thorvgSpatialLength:
      "a position with to and ti (on the line or not): ThorVG moves along their cubic by an approximate length (sides measured as max + 3/8 min, up to 7 % long), in float"
    case .thorvgAutoOrient:
      "ThorVG turns an auto-oriented layer by a straight segment's chord (not the eased direction) and a curved one's tangent at its approximate length, kept off the curve's ends (t within [0.01, 0.99]); not for a split position"
    case .thorvgAnchorTangents:
      "an anchor's spatial tangents: ThorVG moves it along the straight line"
    case .thorvgUnsupported:
      "a feature ThorVG does not draw, or draws otherwise"
    case .pythonSplitPosition:
      "a split position: python-lottie merges the axes' keyframes at the union of their times, each easing both axes by x's curve there (else y's), and holds a merged keyframe without handles"
    case .pythonVisibility:
      "python-lottie shows a root layer from ip to op inclusive and a precomposition's layers at all times, does not read hd, and draws no audio, camera or data layer nor one of a type it has no class for; a layer not shown hides the layers parented to it"
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
    case .singleKeyframe, .keyframeWithoutHandles, .expressions, .pythonLayerType, .iosUnsupported,
      .androidEasingOutHandleX, .androidUnsupported, .rlottieLastKeyframeEased,
      .rlottieKeyframeWithoutHandles, .rlottieUnsupported, .skottieUnsupported, .pythonUnsupported,
      .thorvgUnsupported:
      return nil
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
    case .thorvgPrecompositionTimeOrder: p.precompositionTime = .startThenStretch
    case .thorvgTimeRemap: p.timeRemap = .atFrame
    case .thorvgLastFrame: p.frames = .beforeOutPoint
    case .thorvgEasingFirstDimension: p.easing = .firstDimension
    case .thorvgEasingSolver: p.easing = .rlottieClamped
    case .thorvgEasingHandleX: p.easing = .rlottieAsWritten
    case .thorvgAnchorTangents: p.anchorTangentsIgnored = true
    case .thorvgSpatialLength: p.arcLength = .thorvg
    case .thorvgAutoOrient: p.autoOrient = .thorvgTangent
    case .iosPrecompositionTimeOrder: p.precompositionTime = .startThenStretch
    case .iosTimeRemap: p.timeRemap = .atFrame
    case .iosEasingFirstDimension: p.easing = .firstDimension
    case .iosLayerSkew: p.skewIgnored = true
    case .iosAutoOrient: p.autoOrient = .none
    case .iosMainThreadVisibility: p.visibility = .throughOutPoint
    case .androidPrecompositionTimeOrder: p.precompositionTime = .startThenStretch
    case .androidTimeRemap: p.timeRemap = .atFrameThenStretch
    case .androidEasingFirstDimension: p.easing = .firstDimension
    case .androidAutoOrient: p.autoOrient = .forwardDifferenceReplacingRotation
    case .androidOpacityWholePercent: p.opacityWholePercent = true
    case .rlottieWholeFrames: p.frames = .whole
    case .rlottiePrecompositionTime: p.precompositionTime = .startThenStretchTruncated
    case .rlottieTimeRemap: p.timeRemap = .atFrameRoundedThenStretch
    case .rlottieVisibility: p.visibility = .roundedThroughOutPoint
    case .rlottieEasingFirstDimension: p.easing = .firstDimension
    case .rlottieEasingSolver: p.easing = .rlottieClamped
    case .rlottieEasingHandleX: p.easing = .rlottieAsWritten
    case .rlottieLayerSkew: p.skewIgnored = true
    case .rlottieRotationWithoutDdd: p.rotationNeedsTwoD = true
    case .rlottieAnchorTangents: p.anchorTangentsIgnored = true
    case .rlottieSpatialLength: p.arcLength = .rlottie
    case .rlottieEasingCache: p.easingCache = .rlottie
    case .thorvgEasingCache: p.easingCache = .thorvg
    case .rlottieAutoOrient: p.autoOrient = .curveOnly
    case .skottiePrecompositionTimeOrder: p.precompositionTime = .startThenStretch
    case .skottieTimeRemap: p.timeRemap = .atFrame
    case .skottieEasingFirstDimension: p.easing = .firstDimension
    case .skottieAutoOrient: p.autoOrient = .travelWithoutHolds
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
    case .thorvgPrecompositionTimeOrder: "st set to st × sr, so that (f − st′) / sr = f / sr − st"
    case .thorvgEasingHandleX: "the handles' x clamped to [0, 1]"
    case .pythonTangentsOnTheLine:
      "to and ti removed where they lie on the straight line (the timeline and lottie-web do not follow them there)"
    case .iosPrecompositionTimeOrder: "st set to st × sr, so that (f − st′) / sr = f / sr − st"
    case .androidPrecompositionTimeOrder: "st set to st × sr, so that (f − st′) / sr = f / sr − st"
    case .androidEasingOutHandleX: "the handles' x clamped to [0, 1]"
    case .rlottieEasingHandleX: "the handles' x clamped to [0, 1]"
    case .rlottieRotationWithoutDdd: "ddd: 0 added where it is missing"
    case .rlottieLastKeyframeEased: "the last keyframe's i and o removed"
    case .skottiePrecompositionTimeOrder: "st set to st × sr, so that (f − st′) / sr = f / sr − st"
    case .timeRemapStretch, .easingSolver, .spatialPolyline, .autoOrientDifference,
      .singleKeyframe, .keyframeWithoutHandles, .expressions, .pythonTimeStretch,
      .pythonTimeRemap, .pythonHolds,
      .pythonEasingFirstDimension, .pythonEasingSolver, .pythonEasingHandleX, .pythonSpatialTime,
      .pythonAutoOrient,
      .pythonSkewAxis, .pythonRotationZ, .pythonSplitPosition, .pythonVisibility,
      .pythonOpacityThroughParents, .pythonLayerType, .iosTimeRemap, .iosEasingFirstDimension,
      .iosLayerSkew, .iosAutoOrient, .iosMainThreadVisibility, .iosUnsupported, .androidTimeRemap,
      .androidEasingFirstDimension, .androidAutoOrient, .androidOpacityWholePercent,
      .androidUnsupported, .rlottieWholeFrames, .rlottiePrecompositionTime, .rlottieTimeRemap,
      .rlottieVisibility, .rlottieEasingFirstDimension, .rlottieEasingSolver, .rlottieLayerSkew,
      .rlottieAnchorTangents, .rlottieAutoOrient, .rlottieKeyframeWithoutHandles,
      .rlottieUnsupported, .skottieTimeRemap, .skottieEasingFirstDimension, .skottieAutoOrient,
      .skottieUnsupported, .pythonUnsupported, .thorvgTimeRemap, .thorvgLastFrame,
      .thorvgEasingFirstDimension, .thorvgEasingSolver, .thorvgAnchorTangents, .thorvgUnsupported,
      .rlottieSpatialLength, .thorvgSpatialLength, .thorvgAutoOrient, .rlottieEasingCache,
      .thorvgEasingCache:
      nil
    }
  }
}
