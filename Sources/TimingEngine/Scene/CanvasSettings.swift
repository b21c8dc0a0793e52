/// A Canvas view's settings (`CSAnimationView`: type, duration, delay, pauseAnimationOnAwake).
public struct CanvasSettings: Sendable {
  public var preset: CanvasPreset
  public var duration: Double
  public var delay: Double
  public var pauseAnimationOnAwake: Bool

  /// The screen the Canvas presets move views across when a scene gives none, in points
  /// (◆ 375 × 667, an iPhone 6–8's). Public so that the API's presets list and its defaults say
  /// the same as the engine.
  public static let defaultScreen = (width: 375.0, height: 667.0)

  public init(
    preset: CanvasPreset, duration: Double, delay: Double = 0, pauseAnimationOnAwake: Bool = false
  ) {
    self.preset = preset
    self.duration = duration
    self.delay = delay
    self.pauseAnimationOnAwake = pauseAnimationOnAwake
  }
}
