/// What is read from and written to a Lottie file as one JSON value: an object of the model,
/// a position, an animated property, numbers or a path. `LottieField` reads and writes a
/// member of any of them the same way.
protocol LottieCoding: Sendable, Equatable {
  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext)
  func write(to w: inout JSONWriter)
}
