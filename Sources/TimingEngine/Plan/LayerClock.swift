/// A layer's time space as the chain of its ancestors' (semantics.md §1.1): local time is
/// `(t_parent − beginTime) × speed + timeOffset` applied from the root down. Evaluated level by
/// level, not folded into one affine map, so large begin times and offsets do not cancel.
public struct LayerClock: Sendable {
  public struct Level: Sendable, Equatable {
    /// Which layer this level is (levels are shared by identity, not by value).
    public var layer: Int
    public var beginTime: Double
    public var speed: Double
    public var timeOffset: Double
  }

  /// Root first.
  public let levels: [Level]

  public init(levels: [Level]) { self.levels = levels }

  @inlinable public func localTime(_ sceneTime: Double) -> Double {
    var t = sceneTime
    for level in levels { t = (t - level.beginTime) * level.speed + level.timeOffset }
    return t
  }

  /// The affine form L(t) = slope·t + intercept, for solving event times.
  public var affine: (slope: Double, intercept: Double) {
    var slope = 1.0
    var intercept = 0.0
    for level in levels {
      slope *= level.speed
      intercept = (intercept - level.beginTime) * level.speed + level.timeOffset
    }
    return (slope, intercept)
  }

  public enum ConversionError: Error, Equatable {
    /// A level on the way up has speed 0: every parent time maps to the same local time.
    case pausedLevel(index: Int)
  }

  /// `convertTime(_:from:to:)` between two layers: up from `from` to the deepest common
  /// ancestor (inverting each level), then down to `to`.
  public static func convert(_ t: Double, from: LayerClock, to: LayerClock) throws(ConversionError)
    -> Double
  {
    var common = 0
    while common < from.levels.count && common < to.levels.count
      && from.levels[common] == to.levels[common]
    {
      common += 1
    }
    var time = t
    for index in stride(from: from.levels.count - 1, through: common, by: -1) {
      let level = from.levels[index]
      guard level.speed != 0 else { throw .pausedLevel(index: index) }
      time = (time - level.timeOffset) / level.speed + level.beginTime
    }
    for level in to.levels[common...] {
      time = (time - level.beginTime) * level.speed + level.timeOffset
    }
    return time
  }
}
