import Testing

@testable import TimingEngine

#if canImport(Glibc)
  import Glibc
#endif

/// Presentation values of whole scenes (semantics.md §1.3, §1.4, §3, §4), by hand calculation.
@Suite struct PresentationTests {
  // MARK: fillMode × removedOnCompletion (semantics.md §1.4)

  /// opacity model 1, animation 0.2 → 0.8 from t = 1 to 2. Before (t = 0.5) and after (t = 3).
  @Test(arguments: [
    (FillMode.removed, true, 1.0, 1.0), (.removed, false, 1.0, 1.0),
    (.backwards, true, 0.2, 1.0), (.backwards, false, 0.2, 1.0),
    (.forwards, true, 1.0, 1.0), (.forwards, false, 1.0, 0.8),
    (.both, true, 0.2, 1.0), (.both, false, 0.2, 0.8),
  ])
  func fillModeTable(
    _ fill: FillMode, _ removedOnCompletion: Bool, _ before: Double, _ after: Double
  ) {
    let p = plan([
      layer(
        "a",
        [
          basic("opacity", from: [0.2], to: [0.8]) {
            $0.timing.beginTime = 1
            $0.timing.fillMode = fill
            $0.removedOnCompletion = removedOnCompletion
          }
        ])
    ])
    let values = scalars(p, "a", "opacity", [0.5, 1.5, 3])
    #expect(
      approximately(values, [before, 0.5, after]), "\(fill) \(removedOnCompletion): \(values)")
  }

  /// An animation cannot act before it is added, even with backwards fill (semantics.md §1.3).
  @Test func noBackwardsFillBeforeTheAdd() {
    let p = plan([
      layer(
        "a",
        [
          basic("opacity", from: [0.2], to: [0.8]) {
            $0.addedAt = 1
            $0.timing.beginTime = 2
            $0.timing.fillMode = .both
          }
        ])
    ])
    // beginTime is explicit (2), so between the add (1) and the start it fills backwards.
    #expect(approximately(scalars(p, "a", "opacity", [0.5, 1.5, 2.5]), [1, 0.2, 0.5]))
  }

  /// beginTime 0 means the add time in the layer's time (semantics.md §1.3).
  @Test func beginTimeZeroIsTheAddTime() {
    var sublayer = layer("a", [basic("opacity", from: [0], to: [1]) { $0.addedAt = 2 }])
    sublayer.timeOffset = 10
    let p = plan([sublayer])
    // Added at scene 2 = layer time 12: x = 0.5 at scene 2.5.
    #expect(approximately(scalars(p, "a", "opacity", [1.9, 2.5]), [1, 0.5]))
  }

  // MARK: Basic animation ends (semantics.md §3.3), model position.x = 100

  @Test(arguments: [
    ([10.0] as [Double]?, [20.0] as [Double]?, nil as [Double]?, 10.0, 20.0),
    ([10], nil, [5], 10, 15),
    (nil, [20], [5], 15, 20),
    ([10], nil, nil, 10, 100),
    (nil, [20], nil, 100, 20),
    (nil, nil, [5], 100, 105),
  ])
  func basicEnds(
    _ from: [Double]?, _ to: [Double]?, _ by: [Double]?, _ start: Double, _ end: Double
  ) {
    let p = plan([
      layer(
        "a",
        [
          basic("position.x", from: from, to: to, by: by) {
            $0.timing.fillMode = .both; $0.removedOnCompletion = false
          }
        ],
        properties: [("position", AnimatableValue(.point, [100, 50]))])
    ])
    let values = scalars(p, "a", "position.x", [0, 0.5, 1])
    #expect(
      approximately(values, [start, (start + end) / 2, end]),
      "\(String(describing: from)) \(String(describing: to)) \(String(describing: by)): \(values)")
  }

  /// No ends: from the presentation value when added to the model value. An earlier animation
  /// holds opacity at 0.4 when the second one is added.
  @Test func basicWithoutEndsStartsFromThePresentationValue() {
    let p = plan([
      layer(
        "a",
        [
          basic("opacity", from: [0.4], to: [0.4]) {
            $0.key = "hold"
            $0.timing.duration = 10
          },
          basic("opacity") {
            $0.key = "fade"
            $0.addedAt = 1
          },
        ])
    ])
    // Second animation (added later, applied last) goes 0.4 → 1 (model) over 1 s from t = 1.
    #expect(approximately(scalars(p, "a", "opacity", [1, 1.5]), [0.4, 0.7]))
  }

  // MARK: Additive and cumulative

  @Test func additiveStacking() {
    let p = plan([
      layer(
        "a",
        [
          basic("position.x", from: [0], to: [10]) { $0.additive = true },
          basic("position.x", from: [0], to: [100]) { $0.additive = true },
        ], properties: [("position", AnimatableValue(.point, [1000, 0]))])
    ])
    #expect(approximately(scalars(p, "a", "position.x", [0.5]), [1000 + 5 + 50]))
    // A non-additive one on top replaces everything beneath it.
    let q = plan([
      layer(
        "a",
        [
          basic("position.x", from: [0], to: [10]) { $0.additive = true },
          basic("position.x", from: [7], to: [7]),
        ], properties: [("position", AnimatableValue(.point, [1000, 0]))])
    ])
    #expect(approximately(scalars(q, "a", "position.x", [0.5]), [7]))
  }

  /// cumulative: cycle × V(1) + V(x) — repeat 3 of 0 → 10: at 2.5 it is 20 + 5.
  @Test func cumulativeRepeats() {
    let p = plan([
      layer(
        "a",
        [
          basic("position.y", from: [0], to: [10]) {
            $0.cumulative = true
            $0.timing.repeatCount = 3
            $0.timing.fillMode = .forwards
            $0.removedOnCompletion = false
          }
        ])
    ])
    #expect(approximately(scalars(p, "a", "position.y", [0.5, 1.5, 2.5, 5]), [5, 15, 25, 30]))
  }

  // MARK: Keyframes (semantics.md §3.4)

  func keyframes(
    _ values: [Double], mode: KeyframeValues.CalculationMode, keyTimes: [Double]? = nil
  ) -> Animation {
    var spec = KeyframeValues()
    spec.values = values.map { AnimatableValue.scalar($0) }
    spec.calculationMode = mode
    spec.keyTimes = keyTimes
    var a = Animation(kind: .keyframe(spec))
    a.keyPath = PropertyKeyPath.resolve("position.x")
    a.timing.duration = 1
    return a
  }

  @Test func discreteExample() {
    let p = plan([
      layer(
        "a", [keyframes([310, 60, 120, 60], mode: .discrete, keyTimes: [0, 0.25, 0.5, 0.75, 1])])
    ])
    #expect(scalars(p, "a", "position.x", [0.1, 0.3, 0.6, 0.9]) == [310, 60, 120, 60])
  }

  @Test func pacedExample() {
    let a = keyframes([310, 60, 120, 60, 310], mode: .paced)
    guard case .keyframe(let spec) = a.kind else { return }
    let evaluator = KeyframeEvaluator(spec, type: .scalar)
    #expect(approximately(evaluator.keyTimes, [0, 0.403226, 0.5, 0.596774, 1], 1e-6))
    let p = plan([layer("a", [a])])
    #expect(approximately(scalars(p, "a", "position.x", [0.25]), [155], 1e-9))
  }

  @Test func linearWithKeyTimesAndSegmentFunctions() {
    var a = keyframes([0, 100, 0], mode: .linear, keyTimes: [0, 0.25, 1])
    if case .keyframe(var spec) = a.kind {
      spec.timingFunctions = [.named(.linear), .named(.easeIn)]
      a.kind = .keyframe(spec)
    }
    let p = plan([layer("a", [a])])
    // 0.125 → halfway up the first segment; 0.625 → easeIn(0.5) of the way down the second.
    let expected = [50, 100 - 100 * NamedTimingFunction.easeIn.bezier.solve(0.5)]
    #expect(approximately(scalars(p, "a", "position.x", [0.125, 0.625]), expected))
  }

  /// Catmull–Rom (tension, continuity, bias 0) with duplicated ends, hand calculation for values
  /// 0, 10, 0 at s = 0.5 of the first segment: tangents m0 = (10 − 0)/2 = 5, m1 = (0 − 0)/2 = 0;
  /// h00 = 0.5, h10 = 0.125, h01 = 0.5, h11 = −0.125 → 0.625 + 5 = 5.625.
  @Test func cubicCatmullRom() {
    let p = plan([layer("a", [keyframes([0, 10, 0], mode: .cubic)])])
    #expect(approximately(scalars(p, "a", "position.x", [0.25]), [5.625]))
    #expect(approximately(scalars(p, "a", "position.x", [0.5]), [10]))
  }

  /// Kochanek–Bartels with the paper's signs (semantics.md §3.4 ◆), for values 0, 10, 30 with
  /// tension, continuity or bias set on the middle key, halfway through each segment. By
  /// hand: the chords there are 10 (before) and 20 (after); the outgoing tangent is
  /// (1−t)(1+c)(1+b)/2·10 + (1−t)(1−c)(1−b)/2·20, the incoming one
  /// (1−t)(1−c)(1+b)/2·10 + (1−t)(1+c)(1−b)/2·20; the end tangents are 5 (out of 0) and 10
  /// (into 30). With h = (0.5, 0.125, 0.5, −0.125) at s = 0.5 the first segment is
  /// 5.625 − in/8 and the second 18.75 + out/8:
  /// T −1: in = out = 30 → 1.875, 22.5;   T 0: 15 → 3.75, 20.625;   T 1: 0 → 5.625, 18.75.
  /// C −1: in 10, out 20 → 4.375, 21.25 (each tangent along its own chord: a corner);
  /// C +1: in 20, out 10 → 3.125, 20 (the chords swapped: an inverted corner).
  /// B −1: in = out = 20 → 3.125, 21.25;   B +1: in = out = 10 → 4.375, 20.
  @Test(arguments: [
    ("tension", -1.0, 1.875, 22.5), ("tension", 0, 3.75, 20.625), ("tension", 1, 5.625, 18.75),
    ("continuity", -1, 4.375, 21.25), ("continuity", 0, 3.75, 20.625),
    ("continuity", 1, 3.125, 20), ("bias", -1, 3.125, 21.25), ("bias", 0, 3.75, 20.625),
    ("bias", 1, 4.375, 20),
  ])
  func kochanekBartelsSigns(_ parameter: String, _ value: Double, _ first: Double, _ second: Double)
  {
    var a = keyframes([0, 10, 30], mode: .cubic)
    if case .keyframe(var spec) = a.kind {
      let values = [0, value, 0]
      switch parameter {
      case "tension": spec.tensionValues = values
      case "continuity": spec.continuityValues = values
      default: spec.biasValues = values
      }
      a.kind = .keyframe(spec)
    }
    let p = plan([layer("a", [a])])
    #expect(
      approximately(scalars(p, "a", "position.x", [0.25, 0.75]), [first, second], 1e-12),
      "\(parameter) \(value)")
  }

  /// Collinear, evenly spaced values: the arc-length parameterisation moves at constant speed
  /// — exactly, now that arc length is exact (the 32-step polyline needed 0.05).
  @Test func cubicPacedMovesAtConstantSpeed() {
    let p = plan([layer("a", [keyframes([0, 10, 20], mode: .cubicPaced)])])
    #expect(approximately(scalars(p, "a", "position.x", [0.25, 0.5, 0.75]), [5, 10, 15], 1e-12))
  }

  /// autoreverses with repeatCount 1.5: forward, back, forward (AD = 3); the end holds x = 1.
  @Test func autoreverseWithFractionalRepeat() {
    let p = plan([
      layer(
        "a",
        [
          basic("position.x", from: [0], to: [100]) {
            $0.timing.autoreverses = true
            $0.timing.repeatCount = 1.5
            $0.timing.fillMode = .forwards
            $0.removedOnCompletion = false
          }
        ])
    ])
    #expect(
      approximately(
        scalars(p, "a", "position.x", [0.25, 1.25, 2.25, 3, 9]), [25, 75, 25, 100, 100]))
  }

  @Test func invalidKeyTimesAreIgnoredWithAWarning() {
    var a = keyframes([0, 10, 20], mode: .linear, keyTimes: [0, 1])
    a.source = ["layers", "0", "animations", "0"]
    let p = plan([layer("a", [a])])
    #expect(p.warnings.count == 1)
    #expect(approximately(scalars(p, "a", "position.x", [0.25]), [5]))
  }

  @Test func pathWithRotation() throws {
    var spec = KeyframeValues()
    spec.path = try KeyframePath(svg: "M0,0 L100,0 L100,100")
    spec.rotationMode = .auto
    spec.calculationMode = .paced
    var a = Animation(kind: .keyframe(spec))
    a.keyPath = PropertyKeyPath.resolve("position")
    a.timing.duration = 2
    let p = plan([layer("a", [a])])
    let positions = sampled(p, "a", "position", [0.5, 1.5])
    #expect(approximately(positions[0], [50, 0]) && approximately(positions[1], [100, 50]))
    let angles = scalars(p, "a", "transform.rotation.z", [0.5, 1.5])
    #expect(approximately(angles, [0, Double.pi / 2]))
  }

  // MARK: Spring (semantics.md §3.5)

  @Test func springAnimationValues() {
    var a = Animation(
      kind: .spring(BasicValues(from: .scalar(0), to: .scalar(100)), .defaultParameters))
    a.keyPath = PropertyKeyPath.resolve("position.x")
    a.timing.duration = 2
    let p = plan([layer("a", [a])])
    #expect(
      approximately(
        scalars(p, "a", "position.x", [0.1, 0.25, 0.362760]), [34.0300, 102.3360, 116.3034], 5e-5))
  }

  // MARK: Transforms (semantics.md §3.1)

  @Test func rotationZTurnsAFullTurnButAMatrixDoesNot() {
    let turn = basic("transform.rotation.z", from: [0], to: [2 * Double.pi])
    let p = plan([layer("a", [turn])])
    let half = sampled(p, "a", "transform", [0.5])[0]
    #expect(approximately(half, Transform3D.rotation(Double.pi, 0, 0, 1).values, 1e-12))
    let quarter = sampled(p, "a", "transform", [0.25])[0]
    #expect(approximately(quarter, Transform3D.rotation(Double.pi / 2, 0, 0, 1).values, 1e-12))

    let matrix = basic(
      "transform", from: Transform3D.identity.values,
      to: Transform3D.rotation(2 * Double.pi, 0, 0, 1).values, type: .transform)
    let q = plan([layer("a", [matrix])])
    for t in [0.25, 0.5, 0.75] {
      #expect(
        approximately(sampled(q, "a", "transform", [t])[0], Transform3D.identity.values, 1e-12))
    }
  }

  @Test func valueFunctionRotates() {
    var a = basic("transform", from: [0], to: [Double.pi], valueType: .scalar)
    a.valueFunction = .rotateZ
    let p = plan([layer("a", [a])])
    #expect(
      approximately(
        sampled(p, "a", "transform", [0.5])[0], Transform3D.rotation(Double.pi / 2, 0, 0, 1).values,
        1e-12))
  }

  // MARK: Groups (semantics.md §3.6)

  func group(_ children: [Animation], _ configure: (inout Animation) -> Void = { _ in })
    -> Animation
  {
    var g = Animation(kind: .group(children))
    g.timing.duration = 1
    configure(&g)
    return g
  }

  /// A 2 s child in a 1 s group is clipped, not scaled; the group's repeat restarts it.
  @Test func groupClipsAndRepeats() {
    let child = basic("position.x", from: [0], to: [200]) { $0.timing.duration = 2 }
    let p = plan([layer("a", [group([child]) { $0.timing.repeatCount = 2 }])])
    #expect(approximately(scalars(p, "a", "position.x", [0.5, 0.99, 1.5, 2.5]), [50, 99, 50, 0]))
  }

  /// A child beginning later in the group fills backwards only if it says so.
  @Test func childTimingInsideTheGroup() {
    let late = basic("opacity", from: [0], to: [1]) {
      $0.timing.beginTime = 0.5
      $0.timing.duration = 0.5
    }
    let p = plan([layer("a", [group([late])])])
    #expect(approximately(scalars(p, "a", "opacity", [0.25, 0.75]), [1, 0.5]))
  }

  @Test func groupTimingFunctionWarpsChildren() {
    let child = basic("opacity", from: [0], to: [1])
    let p = plan([layer("a", [group([child]) { $0.timingFunction = .named(.easeIn) }])])
    #expect(
      approximately(
        scalars(p, "a", "opacity", [0.5]), [NamedTimingFunction.easeIn.bezier.solve(0.5)]))
  }

  // MARK: Transition (semantics.md §3.7)

  @Test func pushFromLeft() {
    var style = TransitionStyle()
    style.type = .push
    style.subtype = .fromLeft
    var a = Animation(kind: .transition(style))
    a.key = "transition"
    a.timing.duration = 1
    let p = plan([layer("a", [a])])
    let values = sampled(p, "a", "transition", [0.25])[0]
    #expect(approximately(values, [0.25, -0.75, 0, 0.25, 0]))
    let after = sampled(p, "a", "transition", [2])[0]
    #expect(after.allSatisfy { $0.isNaN })
  }
}
