/// What a Lottie property animates: numbers (`LottieNumbers`) or a Bézier path
/// (`LottiePathValue`). Read and written the same way whether it is a still `k` or a keyframe's
/// `s`, so `LottieAnimated` and `LottieKeyframe` are written once for both.
protocol LottieValue: LottieCoding {}

extension LottieNumbers: LottieValue {}
