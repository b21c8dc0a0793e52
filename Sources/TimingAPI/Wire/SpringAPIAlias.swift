import TimingEngine

/// A name a spring body may give an API by besides its own (docs/springs.md "The APIs"). Each
/// is read as the API it names, with the defaults its own platform has, and the answer of
/// `POST /v1/springs` says how it was read, so that `"given": "android"` for a body that said
/// `compose` is not a surprise.
enum SpringAPIAlias: String, WireMember {
  /// Jetpack Compose's `spring(dampingRatio, stiffness)` is AndroidX's `SpringForce` (mass 1,
  /// the same stiffness and damping ratio; `animation-core/…/Spring.kt` builds one).
  case compose

  var api: SpringAPI {
    switch self {
    case .compose: .android
    }
  }

  /// The platform's own defaults where they differ from the API's: Compose's `spring()`
  /// defaults `dampingRatio` to `Spring.DampingRatioNoBouncy` (1), `SpringForce()` to
  /// `DAMPING_RATIO_MEDIUM_BOUNCY` (0.5); both take `StiffnessMedium` (1500).
  func defaultValue(of parameter: SpringParameter) -> Double? {
    switch (self, parameter) {
    case (.compose, .dampingRatio): 1
    case (.compose, _): nil
    }
  }

  /// What the answer says about how the alias was read.
  var note: String {
    switch self {
    case .compose:
      "compose was read as android: Compose's spring() is AndroidX's SpringForce (mass 1, the "
        + "same stiffness and dampingRatio, velocity in value units per second), with Compose's "
        + "default dampingRatio 1 (Spring.DampingRatioNoBouncy) where SpringForce's is 0.5"
    }
  }
}
