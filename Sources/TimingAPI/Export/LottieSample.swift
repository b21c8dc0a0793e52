/// One sample of a layer taken apart into what Lottie's properties are made of
/// (`LottieProperty.append`): the anchor in layer pixels, the anchor's place in the parent,
/// the transform's 2D part as rotation and scale, the opacity with the superlayers', the
/// bounds' size, the corner radius and the background colour (0–1 channels and alpha).
struct LottieSample {
  var anchorX = 0.0
  var anchorY = 0.0
  var positionX = 0.0
  var positionY = 0.0
  /// Factors, not percent.
  var scaleX = 1.0
  var scaleY = 1.0
  /// Degrees clockwise.
  var rotation = 0.0
  /// 0–1, with `hidden` (0) and the superlayers' opacity.
  var opacity = 1.0
  var width = 0.0
  var height = 0.0
  var cornerRadius = 0.0
  /// r, g, b, a.
  var color = SIMD4<Double>(0, 0, 0, 0)
}
