/// What is read from and written to a Lottie file as one JSON value: an object of the model,
/// a position, an animated property, numbers or a path. `LottieField` reads and writes a
/// member of any of them the same way.
protocol LottieCoding: Sendable, Equatable {
  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext)
  func write(to w: inout JSONWriter)
}

/// What a Lottie property animates: numbers (`LottieNumbers`) or a Bézier path
/// (`LottiePathValue`). Read and written the same way whether it is a still `k` or a keyframe's
/// `s`, so `LottieAnimated` and `LottieKeyframe` are written once for both.
protocol LottieValue: LottieCoding {}

extension LottieNumbers: LottieValue {}

extension JSONWriter {
  /// `member` and its value, when the model has one: a member absent in the model is absent in
  /// the file (a player's default applies), never written as null.
  mutating func lottie<Member: WireMember, Value: LottieCoding>(_ member: Member, _ value: Value?) {
    guard let value else { return }
    key(member)
    value.write(to: &self)
  }
}

extension JSONWriter {
  /// A number, string or flag member, when the model has one.
  mutating func lottie<Member: WireMember, Value: JSONScalar>(_ member: Member, _ value: Value?) {
    guard let value else { return }
    self.member(member, value)
  }
}
