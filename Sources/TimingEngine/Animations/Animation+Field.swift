extension Animation {
  /// The fields a warning about an animation points at, named as Core Animation names the
  /// properties (and the API its members, which a test holds to): below the animation's
  /// `source`, a warning's JSON Pointer ends in one of these.
  public enum Field: String, Sendable, CaseIterable {
    case timingFunction, cumulative, byValue, repeatDuration
  }

  /// Where `field` of this animation was declared, for warnings.
  func source(_ field: Field) -> [String] { source + [field.rawValue] }
}
