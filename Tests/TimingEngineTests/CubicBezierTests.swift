import Testing

@testable import TimingEngine

/// Reference values come from `scripts/reference-values.py` (mpmath, 60 digits, bisection),
/// which shares no code with the solver.
@Suite struct CubicBezierTests {
  static let namedReference: [(NamedTimingFunction, [Double])] = [
    (.linear, [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]),
    (
      .easeIn,
      [
        0.0, 0.017026609651562945, 0.062282000136732286, 0.12957676084535255, 0.2148609387528934,
        0.31535681257253931, 0.42911976929631714, 0.55481403252866283, 0.69163393331931321,
        0.83942784576246657, 1.0,
      ]
    ),
    (
      .easeOut,
      [
        0.0, 0.16057215423753349, 0.30836606668068689, 0.44518596747133712, 0.57088023070368288,
        0.68464318742746071, 0.78513906124710662, 0.87042323915464743, 0.93771799986326776,
        0.98297339034843707, 1.0,
      ]
    ),
    (
      .easeInEaseOut,
      [
        0.0, 0.019722453548311199, 0.081659856265897494, 0.18739590670531255, 0.33188387009764615,
        0.50000000000000004, 0.66811612990235391, 0.81260409329468742, 0.91834014373410257,
        0.98027754645168882, 1.0,
      ]
    ),
    (
      .default,
      [
        0.0, 0.094796305716043257, 0.29524433426782251, 0.51331516097335843, 0.68254050597813956,
        0.80240338758485699, 0.88522930987612032, 0.94076461429763964, 0.97562535562356665,
        0.99431647748455637, 1.0,
      ]
    ),
  ]

  @Test(arguments: namedReference.map { $0.0 })
  func namedCurveAtTenths(_ named: NamedTimingFunction) {
    let expected = Self.namedReference.first { $0.0 == named }!.1
    for i in 0...10 {
      let x = Double(i) / 10
      let y = TimingFunction.named(named).evaluate(x)
      #expect(abs(y - expected[i]) <= 1e-12, "\(named) at \(x): \(y) vs \(expected[i])")
    }
  }

  /// semantics.md §2's table, to its printed six decimals.
  @Test func specReferenceTable() {
    let table: [(Double, [Double])] = [
      (0.25, [0.093465, 0.378138, 0.129162, 0.408511]),
      (0.50, [0.315357, 0.684643, 0.500000, 0.802403]),
      (0.75, [0.621862, 0.906535, 0.870838, 0.960459]),
    ]
    let curves: [NamedTimingFunction] = [.easeIn, .easeOut, .easeInEaseOut, .default]
    for (x, row) in table {
      for (curve, expected) in zip(curves, row) {
        #expect(abs(curve.bezier.solve(x) - expected) <= 5e-7, "\(curve) at \(x)")
      }
    }
  }

  static let stress: [((Double, Double, Double, Double), Double, Double)] = [
    ((1, 0, 0, 1), 0.5, 0.5),
    ((1, 0, 0, 1), 0.500000000001, 0.50009449338144646739),
    ((1, 0, 0, 1), 0.499999999999, 0.49990550661855353261),
    ((1, 0, 0, 1), 0.500000001, 0.50094494027851291873),
    ((1, 0, 0, 1), 0.4999999, 0.4956140233926386613),
    ((1, 0, 0, 1), 0.50001, 0.52035313212443093858),
    ((1, 0, 0, 1), 0.4999, 0.45618973392680861368),
    ((1, 0, 0, 1), 0.25, 0.029724605511925196968),
    ((0, 1.5, 1, 1.5), 1e-12, 2.5980752113531715765e-6),
    ((0, 1.5, 1, 1.5), 1e-09, 0.000082157383621210490856),
    ((0, 1.5, 1, 1.5), 1e-06, 0.0025970760669416277011),
    ((0, 1.5, 1, 1.5), 0.001, 0.081153743684140703853),
    ((0, 1.5, 1, 1.5), 0.5, 1.25),
    ((0, 1.5, 1, 1.5), 0.999, 1.0270429821077058804),
    ((0, 1.5, 1, 1.5), 0.999999, 1.0008656917655779502),
    ((0, 1.5, 1, 1.5), 0.999999999, 1.0000273857941450321),
    ((0, 1.5, 1, 1.5), 0.999999999999, 1.0000008660154914194),
    ((0, 0, 0, 1), 1e-15, 2.9999800000000001554e-10),
    ((0, 0, 0, 1), 1e-09, 2.9980000000000001244e-6),
    ((0, 0, 0, 1), 0.5, 0.88988157484230974715),
    ((1, 0, 1, 1), 0.999999999999, 0.99999997000244239179),
    ((1, 0, 1, 1), 0.5, 0.11011842515769025285),
    ((1, 0, 1, 1), 0.999999, 0.99970199999999430638),
    ((0.5, -2, 0.5, 3), 0.5, 0.5),
    ((0.5, -2, 0.5, 3), 0.25, -0.47053728487491142335),
    ((0.5, -2, 0.5, 3), 0.75, 1.4705372848749114233),
  ]

  /// semantics.md §2: |Δy| ≤ 1e-9 even where the tangent is vertical.
  @Test func nearVerticalTangentsAreExactInY() {
    for ((x1, y1, x2, y2), x, expected) in Self.stress {
      let y = CubicBezier(x1, y1, x2, y2).solve(x)
      #expect(
        abs(y - expected) <= 1e-9,
        "cubic-bezier(\(x1),\(y1),\(x2),\(y2)) at \(x): \(y) vs \(expected)")
    }
  }

  /// A dense sweep across curves with vertical tangents: never NaN, on the curve (the solver
  /// stops on y, so X(s) − x is only as small as y needs), and non-decreasing where every control
  /// point's y lies in [0, 1].
  @Test func denseSweepIsFiniteAndOnTheCurve() {
    let curves = [
      CubicBezier(1, 0, 0, 1), CubicBezier(0, 1.5, 1, 1.5), CubicBezier(0, 0, 1, 1),
      CubicBezier(1, 1, 0, 0), CubicBezier(0.3, -5, 0.7, 6), CubicBezier(1, 1, 1, 1),
      CubicBezier(0, 0, 0, 0),
    ]
    for curve in curves {
      let monotone = (0...1).contains(curve.y1) && (0...1).contains(curve.y2)
      var previous = -Double.infinity
      for i in 0...10_000 {
        let x = Double(i) / 10_000
        let s = curve.solveParameter(forX: x)
        let y = curve.solve(x)
        #expect(y.isFinite)
        if x > 0 && x < 1 { #expect(abs(curve.sampleX(s) - x) <= 1e-11) }
        if monotone { #expect(y >= previous - 1e-12) }
        previous = y
      }
    }
  }

  @Test func exactAtTheEnds() {
    for named in NamedTimingFunction.allCases {
      #expect(named.bezier.solve(0) == 0)
      #expect(named.bezier.solve(1) == 1)
    }
    #expect(CubicBezier(0, 1.5, 1, 1.5).solve(1) == 1)
  }

  /// Core Animation clamps x for the named functions and control points.
  @Test func coreAnimationFormsClamp() {
    #expect(TimingFunction.named(.easeIn).evaluate(-0.5) == 0)
    #expect(TimingFunction.named(.easeIn).evaluate(1.5) == 1)
    let cp = try! TimingFunction.controlPoints([0.5, 2, 0.5, -1])
    #expect(cp.evaluate(2) == 1)
  }

  /// CSS extends cubic-bezier() along the end tangents (hand calculation: through P1 and P0).
  @Test func cssFormExtrapolates() throws {
    let f = try TimingFunction(parsing: "cubic-bezier(0.5, 2, 0.5, -1)")
    #expect(abs(f.evaluate(-0.5) - (-2)) <= 1e-15)  // slope 2/0.5 = 4
    #expect(abs(f.evaluate(1.5) - (1 + 0.5 * 4)) <= 1e-15)  // slope (−1−1)/(0.5−1) = 4
    let flat = try TimingFunction(parsing: "cubic-bezier(0, 0.5, 0, 0.5)")  // x1 = x2 = 0
    #expect(flat.evaluate(-1) == 0)
  }

  /// Slope by hand: for ease-in-out at 0.5, s = 0.5, X′ = 3·(0.42·0.5 + 0.16·0.5·...)
  /// compared with a centred difference of the reference table instead.
  @Test func slopeMatchesFiniteDifference() {
    for named in NamedTimingFunction.allCases {
      for x in stride(from: 0.05, through: 0.95, by: 0.05) {
        let h = 1e-6
        let numeric = (named.bezier.solve(x + h) - named.bezier.solve(x - h)) / (2 * h)
        #expect(abs(named.bezier.slope(x) - numeric) <= 1e-5 * max(1, abs(numeric)))
      }
    }
    #expect(CubicBezier(1, 0, 0, 1).slope(0.5) == .infinity)
    #expect(abs(NamedTimingFunction.linear.bezier.slope(0) - 1) <= 1e-15)
  }
}
