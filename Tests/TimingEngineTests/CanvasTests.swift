import Testing

@testable import TimingEngine

/// Canvas presets as chains of UIView blocks (semantics.md §7), by hand calculation: easeInEaseOut
/// is exactly 0.5 halfway.
@Suite struct CanvasTests {
  func plan(
    _ layers: [Layer], events: [ScriptEvent] = [], width: Double = 375, height: Double = 667
  ) -> TimelinePlan {
    var s = Scene()
    s.layers = layers
    s.events = events
    s.screenWidth = width
    s.screenHeight = height
    return try! TimelinePlan(scene: s)
  }

  func view(
    _ name: String, _ preset: CanvasPreset, duration: Double, delay: Double = 0,
    paused: Bool = false
  ) -> Layer {
    var l = Layer(name: name)
    l.canvas = CanvasSettings(
      preset: preset, duration: duration, delay: delay, pauseAnimationOnAwake: paused)
    return l
  }

  func translationX(_ p: TimelinePlan, _ name: String, _ times: [Double]) -> [Double] {
    sampled(p, name, "transform", times).map { $0[12] }
  }

  /// bounceLeft, duration 2 (four steps of 0.5), delay 0.5, screen width 400.
  @Test func bounceLeftStepByStep() {
    let p = plan([view("v", .bounceLeft, duration: 2, delay: 0.5)], width: 400)
    let xs = translationX(p, "v", [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 3])
    let expected = [400, 400, 400, 195, -10, -2.5, 5, 1.5, -2, -1, 0, 0]
    #expect(approximately(xs, expected, 1e-9), "\(xs)")
    // The start state is set outside any block: the view answers NSNull.
    #expect(p.actionRecords.first?.resolution.decidedBy == .delegate)
    #expect(p.actionRecords.first?.resolution.action == nil)
  }

  /// popDown runs its one step for duration/3 (Canvas's quirk).
  @Test func popDownQuirk() {
    let p = plan([view("v", .popDown, duration: 3)])
    let scales = sampled(p, "v", "transform", [0.5, 1, 2]).map { $0[0] }
    #expect(approximately(scales, [0.95, 0.9, 0.9]))
  }

  /// The divisor behind the presets list's "duration/3" and "duration/<steps>": the step count,
  /// except popDown and popAlphaUp (one step each, run for duration/3).
  @Test func stepDivisor() {
    for preset in CanvasPreset.allCases {
      let steps = preset.definition(width: 375, height: 667).steps.count
      let quirk = preset == .popDown || preset == .popAlphaUp
      #expect(preset.stepDivisor(stepCount: steps) == (quirk ? 3 : steps), "\(preset)")
      #expect(preset.stepDuration(6, steps: steps) == 6 / Double(quirk ? 3 : steps))
    }
    #expect(CanvasSettings.defaultScreen == (375, 667))
    #expect(Scene().screenWidth == 375 && Scene().screenHeight == 667)
  }

  @Test func fadeInAndPausedViews() {
    let p = plan([view("a", .fadeIn, duration: 1), view("b", .fadeIn, duration: 1, paused: true)])
    #expect(approximately(scalars(p, "a", "opacity", [0, 0.5, 1]), [0, 0.5, 1]))
    #expect(scalars(p, "b", "opacity", [0, 0.5]) == [1, 1])
  }

  /// Starting a view starts the Canvas views below it; a nested view started twice (its own
  /// wake-up and its parent's recursion, at the same time) shows one run from its start state.
  @Test func recursionAndRestart() {
    var parent = view("parent", .fadeIn, duration: 1)
    parent.sublayers = [view("child", .slideLeft, duration: 1, paused: true)]
    let p = plan([parent], width: 100)
    #expect(approximately(translationX(p, "child", [0, 0.5, 1]), [100, 50, 0]))
    let q = plan(
      [parent],
      events: [
        ScriptEvent(
          time: 2, action: .startCanvasAnimation(layer: "child", settings: nil), source: [])
      ],
      width: 100)
    // Started again at 2: back to the start state, then the same run.
    #expect(approximately(translationX(q, "child", [1.5, 2, 2.5, 3]), [0, 100, 50, 0]))
  }

  @Test func everyPresetStartsAndEndsWhereTheTableSays() {
    for preset in CanvasPreset.allCases {
      let (start, steps) = preset.definition(width: 300, height: 500)
      let p = plan([view("v", preset, duration: 1)], width: 300, height: 500)
      let end = preset.stepDuration(1, steps: steps.count) * Double(steps.count)
      let first = sampled(p, "v", "transform", [0])[0]
      let last = sampled(p, "v", "transform", [end + 0.01])[0]
      if let t = start.transform { #expect(approximately(first, t.values), "\(preset) start") }
      if let t = steps.last(where: { $0.transform != nil })?.transform {
        #expect(approximately(last, t.values), "\(preset) end")
      }
      if let a = start.alpha {
        #expect(scalars(p, "v", "opacity", [0]) == [a], "\(preset) start alpha")
      }
      if let a = steps.last(where: { $0.alpha != nil })?.alpha {
        #expect(approximately(scalars(p, "v", "opacity", [end + 0.01]), [a]), "\(preset) end alpha")
      }
    }
    #expect(CanvasPreset.allCases.count == 29)
  }

  /// At the start, at each step boundary and at the end, for duration 2, delay 0.3 and a
  /// 320 × 480 screen, every preset shows the table's state (earlier steps' values carry on for
  /// what a step does not set).
  @Test(arguments: CanvasPreset.allCases)
  func stepBoundaries(_ preset: CanvasPreset) {
    let (start, steps) = preset.definition(width: 320, height: 480)
    let duration = 2.0
    let delay = 0.3
    let step = preset.stepDuration(duration, steps: steps.count)
    let p = plan([view("v", preset, duration: duration, delay: delay)], width: 320, height: 480)
    var transform = start.transform ?? .identity
    var alpha = start.alpha ?? 1
    var times = [0.0, delay]
    var expected = [(transform, alpha), (transform, alpha)]
    for (k, state) in steps.enumerated() {
      transform = state.transform ?? transform
      alpha = state.alpha ?? alpha
      times.append(delay + Double(k + 1) * step)
      expected.append((transform, alpha))
    }
    let transforms = sampled(p, "v", "transform", times)
    let alphas = scalars(p, "v", "opacity", times)
    for (i, (t, a)) in expected.enumerated() {
      #expect(approximately(transforms[i], t.values, 1e-9), "\(preset) transform at \(times[i])")
      #expect(abs(alphas[i] - a) <= 1e-9, "\(preset) alpha at \(times[i])")
    }
  }
}
