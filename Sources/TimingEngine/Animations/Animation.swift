/// An animation as a scene describes it: `CAAnimation` and its subclasses (semantics.md §3).
public struct Animation: Sendable {
  public enum Kind: Sendable {
    case basic(BasicValues)
    case keyframe(KeyframeValues)
    /// A basic animation whose progress is a spring in seconds (semantics.md §3.5).
    case spring(BasicValues, SpringCurve)
    case group([Animation])
    case transition(TransitionStyle)
  }

  /// The key it is added under (one animation per key; semantics.md §1.3). Nil adds it without a
  /// key.
  public var key: String?
  /// The animated property; nil for groups and transitions.
  public var keyPath: PropertyKeyPath?
  public var timing = MediaTiming()
  public var timingFunction: TimingFunction?
  public var removedOnCompletion = true
  public var additive = false
  public var cumulative = false
  public var valueFunction: ValueFunction?
  /// Scene time at which it is added (default 0).
  public var addedAt: Double = 0
  public var kind: Kind
  /// Where the animation was declared (JSON Pointer tokens), for warnings.
  public var source: [String] = []

  public init(kind: Kind) { self.kind = kind }
}

/// `fromValue`, `toValue`, `byValue` of a basic animation (semantics.md §3.3).
public struct BasicValues: Sendable {
  public var from: AnimatableValue?
  public var to: AnimatableValue?
  public var by: AnimatableValue?
  public init(from: AnimatableValue? = nil, to: AnimatableValue? = nil, by: AnimatableValue? = nil)
  {
    self.from = from
    self.to = to
    self.by = by
  }
}

/// `CAKeyframeAnimation`'s values and how to move between them (semantics.md §3.4).
public struct KeyframeValues: Sendable {
  public enum CalculationMode: String, Sendable, CaseIterable {
    case linear, discrete, paced, cubic, cubicPaced
  }
  public enum RotationMode: String, Sendable, CaseIterable {
    case auto, autoReverse
  }
  public var values: [AnimatableValue] = []
  public var keyTimes: [Double]?
  public var timingFunctions: [TimingFunction]?
  public var calculationMode = CalculationMode.linear
  public var tensionValues: [Double]?
  public var continuityValues: [Double]?
  public var biasValues: [Double]?
  /// Overrides `values` for point properties.
  public var path: KeyframePath?
  public var rotationMode: RotationMode?
  public init() {}
}

/// `CATransition` (semantics.md §3.7).
public struct TransitionStyle: Sendable {
  public enum Kind: String, Sendable, CaseIterable { case fade, moveIn, push, reveal }
  public enum Subtype: String, Sendable, CaseIterable {
    case fromLeft, fromRight, fromTop, fromBottom
  }
  public var type = Kind.fade
  public var subtype = Subtype.fromLeft
  public var startProgress = 0.0
  public var endProgress = 1.0
  public init() {}
}

/// `CAValueFunction`: the animation's scalars (or 3-vectors) become a transform (semantics.md
/// §3.2).
public enum ValueFunction: String, Sendable, CaseIterable {
  case rotateX, rotateY, rotateZ, scale, scaleX, scaleY, scaleZ, translate, translateX, translateY,
    translateZ

  /// The type of the values the animation interpolates.
  public var inputType: ValueType {
    switch self {
    case .scale, .translate: .array(3)
    case .rotateX, .rotateY, .rotateZ, .scaleX, .scaleY, .scaleZ, .translateX, .translateY,
      .translateZ:
      .scalar
    }
  }

  public func transform(_ v: UnsafePointer<Double>) -> Transform3D {
    switch self {
    case .rotateX: .rotation(v[0], 1, 0, 0)
    case .rotateY: .rotation(v[0], 0, 1, 0)
    case .rotateZ: .rotation(v[0], 0, 0, 1)
    case .scale: .scale(v[0], v[1], v[2])
    case .scaleX: .scale(v[0], 1, 1)
    case .scaleY: .scale(1, v[0], 1)
    case .scaleZ: .scale(1, 1, v[0])
    case .translate: .translation(v[0], v[1], v[2])
    case .translateX: .translation(v[0], 0, 0)
    case .translateY: .translation(0, v[0], 0)
    case .translateZ: .translation(0, 0, v[0])
    }
  }
}
