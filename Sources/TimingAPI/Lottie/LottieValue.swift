/// What a Lottie property animates: numbers (`LottieNumbers`) or a Bézier path
/// (`LottiePathValue`). Read and written the same way whether it is a still `k` or a keyframe's
/// `s`, so `LottieAnimated` and `LottieKeyframe` are written once for both.
protocol LottieValue: Sendable, Equatable {
  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext)
  func write(to w: inout JSONWriter)
}

extension LottieNumbers: LottieValue {}
