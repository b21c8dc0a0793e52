import TimingEngine

/// Durations are seconds, as in Core Animation; a client that thinks in milliseconds (CSS,
/// Web Animations, Android) writes `500` and gets an animation of eight minutes that looks
/// frozen, with nothing said (issue 30). Still valid — a slow ambient animation may be long —
/// so a warning, not an error.
extension DecodingContext {
  /// Past a minute a duration is more likely milliseconds than seconds: the longest UI
  /// animations in Apple's and Material's guidelines are a few seconds.
  static let longDuration = 60.0

  /// `seconds`, decoded at `pointer`, warned about when over a minute.
  mutating func warnIfMilliseconds(_ seconds: Double?, at pointer: JSONPointer) -> Double? {
    if let seconds, seconds > Self.longDuration {
      warn(
        pointer,
        "\(numberText(seconds)) s is over a minute: durations are in seconds "
          + "(\(numberText(seconds)) ms is \(numberText(seconds / 1000)))")
    }
    return seconds
  }
}
