/// `CAMediaTimingFillMode`.
public enum FillMode: String, Sendable, Hashable, CaseIterable {
  case removed, forwards, backwards, both

  public var fillsBackwards: Bool { self == .backwards || self == .both }
  public var fillsForwards: Bool { self == .forwards || self == .both }
}

/// The `CAMediaTiming` properties of a timed object (semantics.md §1).
public struct MediaTiming: Sendable, Hashable {
  public var beginTime: Double = 0
  public var duration: Double = 0
  public var speed: Double = 1
  public var timeOffset: Double = 0
  public var repeatCount: Double = 0
  public var repeatDuration: Double = 0
  public var autoreverses = false
  public var fillMode = FillMode.removed

  public init() {}

  /// repeatCount values that mean "forever" (semantics.md §1.2: `Float.greatestFiniteMagnitude` or
  /// more, 1e100, or infinity).
  public static func isForever(_ repeatCount: Double) -> Bool {
    repeatCount >= 3.4028234e38
  }

  /// The active duration AD (semantics.md §1.2 step 2); `duration` must already be normalised (>
  /// 0).
  public var activeDuration: Double {
    let legs = autoreverses ? 2.0 : 1.0
    if repeatDuration > 0 { return repeatDuration }
    if repeatCount > 0 {
      return Self.isForever(repeatCount) ? .infinity : duration * repeatCount * legs
    }
    return duration * legs
  }
}

/// Where an animation is in its timeline at one parent time (semantics.md §1.2 steps 1–4).
public struct LocalTime: Sendable, Equatable {
  public enum Phase: Sendable, Equatable { case before, active, after }
  public var phase: Phase
  /// Basic local time r in [0, d] (seconds into the current iteration, after autoreverse).
  public var basic: Double
  /// r / d in [0, 1], the timing function's input.
  public var fraction: Double
  /// Completed cycles, for `cumulative`.
  public var cycle: Double
  /// Whether the current iteration runs backwards: the reverse leg of an autoreversing
  /// animation (Web Animations' "current direction" is reverse).
  public var reversed: Bool = false

  public init(phase: Phase, basic: Double, fraction: Double, cycle: Double, reversed: Bool = false)
  {
    self.phase = phase
    self.basic = basic
    self.fraction = fraction
    self.cycle = cycle
    self.reversed = reversed
  }

  /// CSS's before flag for `steps()` (semantics.md §1.2 ◆), as Web Animations sets it: in the
  /// before phase going forwards, or in the after phase going backwards — an autoreversing
  /// animation that ends on its reverse leg (repeatCount 1 with autoreverses) holds the step
  /// before the jump, as a browser shows it.
  @inline(__always) public var beforeFlag: Bool {
    switch phase {
    case .before: !reversed
    case .after: reversed
    case .active: false
    }
  }
}

extension MediaTiming {
  /// Steps 1–4 of semantics.md §1.2 for parent time `tp`. Nil when the animation contributes
  /// nothing (outside its active interval without fill, or after it with `attached` false).
  @inline(__always) public func localTime(
    parentTime tp: Double, activeDuration ad: Double, attached: Bool
  )
    -> LocalTime?
  {
    localTime(parentTime: tp, activeDuration: ad, inverseDuration: 1 / duration, attached: attached)
  }

  /// The same with 1/duration precomputed (the sampling loop's form: multiplications instead of
  /// divisions; the ends stay exact because they are set, not computed).
  @inline(__always) func localTime(
    parentTime tp: Double, activeDuration ad: Double, inverseDuration: Double, attached: Bool
  )
    -> LocalTime?
  {
    var e = (tp - beginTime) * speed
    // Times overflow to ±∞ only through absurd speeds down deep trees; ∞ − ∞ and 0 × ∞ are NaN.
    guard !e.isNaN else { return nil }
    let phase: LocalTime.Phase
    if e < 0 {
      guard fillMode.fillsBackwards else { return nil }
      phase = .before
      e = 0
    } else if e >= ad {
      guard fillMode.fillsForwards && attached else { return nil }
      phase = .after
      e = ad
    } else {
      phase = .active
    }
    return basicLocalTime(elapsed: e, phase: phase, inverseDuration: inverseDuration)
  }

  /// Step 4: repeat and autoreverse on p = e + timeOffset, SMIL style.
  @inline(__always) public func basicLocalTime(elapsed e: Double, phase: LocalTime.Phase)
    -> LocalTime
  {
    basicLocalTime(elapsed: e, phase: phase, inverseDuration: 1 / duration)
  }

  @inline(__always) func basicLocalTime(
    elapsed e: Double, phase: LocalTime.Phase, inverseDuration: Double
  ) -> LocalTime {
    let d = duration
    let p = e + timeOffset
    let ratio = p * inverseDuration
    // An endless animation infinitely far along (or a time that overflowed) has no position in
    // its iteration: show its first frame rather than compute with NaN.
    guard ratio.isFinite else {
      return LocalTime(phase: phase, basic: 0, fraction: 0, cycle: 0)
    }
    var k = fastFloor(ratio)
    var r = p - k * d
    // Float rounding can leave r a hair outside [0, d).
    if r < 0 { r = 0 }
    if r > d { r = d }
    if phase == .after && p > 0 {
      // The end freezes on the last frame, not the first of a next iteration (◆ within 1e-9).
      let nearest = ratio.rounded()
      if abs(ratio - nearest) <= 1e-9 && nearest >= 1 {
        k = nearest - 1
        r = d
      }
    }
    let reversed = autoreverses && isOdd(k)
    if reversed {
      r = d - r
    }
    let cycle = autoreverses ? fastFloor(k * 0.5) : k
    let fraction = r == d ? 1 : min(r * inverseDuration, 1)
    return LocalTime(phase: phase, basic: r, fraction: fraction, cycle: cycle, reversed: reversed)
  }
}

/// ⌊x⌋ without a libm call (x86-64's baseline has no rounding instruction): truncation by
/// conversion, corrected for negatives, for |x| < 2^52; `rounded(.down)` beyond.
@inline(__always) func fastFloor(_ x: Double) -> Double {
  // NaN and ±∞ fail this comparison too, so Int64(x) only sees |x| < 2^52: it cannot trap.
  guard abs(x) < 4_503_599_627_370_496 else { return x.rounded(.down) }
  let t = Double(Int64(x))
  return t > x ? t - 1 : t
}

/// Whether a whole number is odd.
@inline(__always) func isOdd(_ k: Double) -> Bool {
  let half = k * 0.5
  return half != fastFloor(half)
}

/// `fastFloor` for |x| < 2⁵², lane by lane, with no conversion to an integer (x86-64's baseline
/// has no packed one): x + 2⁵² (with x's sign) rounds x to a whole number, taking 2⁵² away again
/// is exact, and one less when that rounded up. A result of 0 is +0, as `fastFloor` gives.
@inline(__always) func fastFloor<V: SIMD>(_ x: V) -> V where V.Scalar == Double {
  let shift = V(repeating: 4_503_599_627_370_496)
  let magic = shift.replacing(with: -shift, where: x .< 0)
  var t = (x + magic) - magic
  t.replace(with: t - 1, where: t .> x)
  return t
}
