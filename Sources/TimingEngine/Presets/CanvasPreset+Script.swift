/// What each Canvas type does (semantics.md §7's table): its start state and steps on a screen
/// of a given size, and the script a start amounts to.
extension CanvasPreset {

  /// One state of the view: an affine translation T(x, y) or scale S(x, y) (each replaces the
  /// view's transform), and the view's alpha.
  public struct State: Sendable, Equatable {
    public var translation: (x: Double, y: Double)?
    public var scale: (x: Double, y: Double)?
    public var alpha: Double?

    public static func == (a: State, b: State) -> Bool {
      a.translation?.x == b.translation?.x && a.translation?.y == b.translation?.y
        && a.scale?.x == b.scale?.x
        && a.scale?.y == b.scale?.y && a.alpha == b.alpha
    }

    /// The view's transform for this state, if it sets one.
    public var transform: Transform3D? {
      if let t = translation { return .translation(t.x, t.y, 0) }
      if let s = scale { return .scale(s.x, s.y, 1) }
      return nil
    }
  }

  static func T(_ x: Double, _ y: Double, alpha: Double? = nil) -> State {
    State(translation: (x, y), alpha: alpha)
  }
  static func S(_ x: Double, _ y: Double, alpha: Double? = nil) -> State {
    State(scale: (x, y), alpha: alpha)
  }
  static func A(_ alpha: Double) -> State { State(alpha: alpha) }

  /// The start state and the steps for a screen of width W and height H (semantics.md §7's table).
  public func definition(width W: Double, height H: Double) -> (start: State, steps: [State]) {
    switch self {
    case .bounceLeft: (Self.T(W, 0), [Self.T(-10, 0), Self.T(5, 0), Self.T(-2, 0), Self.T(0, 0)])
    case .bounceRight: (Self.T(-W, 0), [Self.T(10, 0), Self.T(-5, 0), Self.T(2, 0), Self.T(0, 0)])
    case .bounceDown: (Self.T(0, -H), [Self.T(0, -10), Self.T(0, 5), Self.T(0, -2), Self.T(0, 0)])
    case .bounceUp: (Self.T(0, H), [Self.T(0, 10), Self.T(0, -5), Self.T(0, 2), Self.T(0, 0)])
    case .slideLeft: (Self.T(W, 0), [Self.T(0, 0)])
    case .slideRight: (Self.T(-W, 0), [Self.T(0, 0)])
    case .slideDown: (Self.T(0, -H), [Self.T(0, 0)])
    case .slideUp: (Self.T(0, H), [Self.T(0, 0)])
    case .slideDownReverse: (Self.T(0, 0), [Self.T(0, -H)])
    case .fadeIn: (Self.A(0), [Self.A(1)])
    case .fadeOut: (Self.A(1), [Self.A(0)])
    case .fadeInSemi: (Self.A(0), [Self.A(0.4)])
    case .fadeOutSemi: (Self.A(0.4), [Self.A(0)])
    case .fadeInLeft: (Self.T(W, 0, alpha: 0), [Self.T(0, 0, alpha: 1)])
    case .fadeInRight: (Self.T(-W, 0, alpha: 0), [Self.T(0, 0, alpha: 1)])
    case .fadeInDown: (Self.T(0, -H, alpha: 0), [Self.T(0, 0, alpha: 1)])
    case .fadeInUp: (Self.T(0, H, alpha: 0), [Self.T(0, 0, alpha: 1)])
    case .fadeOutLeft: (Self.T(0, 0, alpha: 1), [Self.T(-W, 0, alpha: 0)])
    case .fadeOutRight: (Self.T(0, 0, alpha: 1), [Self.T(W, 0, alpha: 0)])
    case .pop: (Self.S(1, 1), [Self.S(1.2, 1.2), Self.S(0.9, 0.9), Self.S(1, 1)])
    case .popDown: (Self.S(1, 1), [Self.S(0.9, 0.9)])
    case .popAlpha:
      (Self.S(1, 1, alpha: 0), [Self.S(1.2, 1.2, alpha: 1), Self.S(0.9, 0.9), Self.S(1, 1)])
    case .popAlphaUp: (Self.S(0.9, 0.9, alpha: 1), [Self.S(1.2, 1.2, alpha: 0)])
    case .popAlphaOut:
      (Self.S(1, 1), [Self.S(0.9, 0.9, alpha: 1), Self.S(1.2, 1.2), Self.S(1, 1, alpha: 0)])
    case .morph: (Self.S(1, 1), [Self.S(1, 1.2), Self.S(1.2, 0.9), Self.S(0.9, 0.9), Self.S(1, 1)])
    case .flash: (Self.A(0), [Self.A(1), Self.A(0), Self.A(1)])
    case .shake:
      (Self.T(0, 0), [Self.T(30, 0), Self.T(-30, 0), Self.T(15, 0), Self.T(-15, 0), Self.T(0, 0)])
    case .zoomIn: (Self.S(1, 1, alpha: 1), [Self.S(2, 2, alpha: 0)])
    case .zoomOut: (Self.S(2, 2, alpha: 0), [Self.S(1, 1, alpha: 1)])
    }
  }

  /// Each step's share of the duration: duration / `stepDivisor(stepCount:)`.
  public func stepDuration(_ duration: Double, steps: Int) -> Double {
    duration / Double(stepDivisor(stepCount: steps))
  }

  /// What the duration is divided by for one step: the number of steps N, except Canvas's own
  /// quirk for popDown and popAlphaUp, which run their one step for duration/3. Public so that
  /// the API's presets list ("duration/3", "duration/4") need not know the quirk.
  public func stepDivisor(stepCount: Int) -> Int {
    switch self {
    case .popDown, .popAlphaUp: 3
    case .bounceLeft, .bounceRight, .bounceDown, .bounceUp, .slideLeft, .slideRight, .slideDown,
      .slideUp, .slideDownReverse, .fadeIn, .fadeOut, .fadeInSemi, .fadeOutSemi, .fadeInLeft,
      .fadeInRight, .fadeInDown, .fadeInUp, .fadeOutLeft, .fadeOutRight, .pop, .popAlpha,
      .popAlphaOut, .morph, .flash, .shake, .zoomIn, .zoomOut:
      stepCount
    }
  }

  /// The script a start produces on a view at scene time t: the start state set outside any
  /// block, then one animation block per step — the first after `delay`, each next when the
  /// previous completes (◆ exactly at its end: no run-loop lag).
  public func script(
    layer: String, at t: Double, duration: Double, delay: Double, width: Double, height: Double,
    source: [String]
  )
    -> [ScriptEvent]
  {
    let (start, steps) = definition(width: width, height: height)
    let step = stepDuration(duration, steps: steps.count)
    var events = [
      ScriptEvent(
        time: t, action: .transaction(Self.transaction(start, layer: layer, source: source)),
        source: source)
    ]
    for (k, state) in steps.enumerated() {
      var block = AnimationBlock(duration: step)
      block.delay = k == 0 ? delay : 0
      let time = k == 0 ? t : t + delay + Double(k) * step
      events.append(
        ScriptEvent(
          time: time,
          action: .animate(
            block, changes: Self.changes(state, layer: layer, source: source), completion: nil),
          source: source))
    }
    return events
  }

  static func changes(_ state: State, layer: String, source: [String]) -> [PropertyChange] {
    var changes: [PropertyChange] = []
    if let transform = state.transform {
      changes.append(
        PropertyChange(
          layer: layer, keyPath: PropertyKeyPath.resolve("transform")!,
          value: .transform(transform), source: source))
    }
    if let alpha = state.alpha {
      changes.append(
        PropertyChange(
          layer: layer, keyPath: PropertyKeyPath.resolve("opacity")!, value: .scalar(alpha),
          source: source))
    }
    return changes
  }

  static func transaction(_ state: State, layer: String, source: [String]) -> ScriptTransaction {
    var t = ScriptTransaction()
    t.changes = changes(state, layer: layer, source: source)
    return t
  }
}
