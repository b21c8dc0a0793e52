/// A Canvas view's settings (`CSAnimationView`: type, duration, delay, pauseAnimationOnAwake).
public struct CanvasSettings: Sendable {
  public var preset: CanvasPreset
  public var duration: Double
  public var delay: Double
  public var pauseAnimationOnAwake: Bool

  public init(
    preset: CanvasPreset, duration: Double, delay: Double = 0, pauseAnimationOnAwake: Bool = false
  ) {
    self.preset = preset
    self.duration = duration
    self.delay = delay
    self.pauseAnimationOnAwake = pauseAnimationOnAwake
  }
}
