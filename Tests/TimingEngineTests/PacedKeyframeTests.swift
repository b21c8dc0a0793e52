import Testing

@testable import TimingEngine

#if canImport(Glibc)
  import Glibc
#endif

/// paced and cubicPaced keyframes move by exact arc length (semantics.md §3.4, issue 12), against
/// references computed independently: tanh-sinh quadrature in 40-digit mpmath, split where the
/// speed has extrema or zeros, inverted to 1e-30 (`scripts/reference-values.py paced`).
@Suite struct PacedKeyframeTests {
  /// |a − b| ≤ tolerance × the larger of 1 and the largest |value| of the animation.
  static func near(_ a: [Double], _ b: [Double], _ tolerance: Double, scale: Double) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance * max(1, scale) }
  }

  static func evaluator(
    values: [[Double]], tension: [Double]? = nil, continuity: [Double]? = nil,
    bias: [Double]? = nil
  ) -> KeyframeEvaluator {
    var spec = KeyframeValues()
    let type: ValueType = values[0].count == 1 ? .scalar : .array(values[0].count)
    spec.values = values.map { AnimatableValue(type, $0) }
    spec.calculationMode = .cubicPaced
    spec.tensionValues = tension
    spec.continuityValues = continuity
    spec.biasValues = bias
    return KeyframeEvaluator(spec, type: type)
  }

  static func value(_ evaluator: KeyframeEvaluator, _ u: Double, count: Int) -> [Double] {
    var out = [Double](repeating: .nan, count: count)
    evaluator.write(u, into: &out)
    return out
  }

  /// Issue 12's case 2: it gave 130.17062 from a 32-step polyline per segment; the spline
  /// inverted by exact arc length gives 130.1232834 (the issue's and mpmath's value).
  @Test func issueCubicPacedValue() {
    let e = Self.evaluator(values: [[133.563], [2.124], [28.625], [-7.188], [128.043], [-20.913]])
    let v = Self.value(e, 0.006981, count: 1)[0]
    #expect(abs(v - 130.12328339320743) <= 1e-9 * 133.563, "\(v)")
  }

  /// Seeded splines of 1 to 3 dimensions with tension, continuity and bias at −1, 0, 1 and
  /// between, and one whose speed vanishes at every key (tension 1): within 1e-9 of the
  /// largest value.
  @Test func cubicPacedMatchesReferences() {
    for (name, values, tension, continuity, bias, progress, expected) in cubicPacedReferences {
      let e = Self.evaluator(
        values: values, tension: tension, continuity: continuity, bias: bias)
      let scale = values.joined().map(abs).max() ?? 1
      for (u, reference) in zip(progress, expected) {
        let v = Self.value(e, u, count: reference.count)
        #expect(
          Self.near(v, reference, 1e-9, scale: scale), "\(name) at \(u): \(v) vs \(reference)")
      }
    }
  }

  /// Seeded paths of lines, quadratic and cubic Béziers and arcs, paced: the position within
  /// 1e-9 of the largest coordinate, and the direction of travel (rotationMode auto) within
  /// 1e-9 radians — including a cusp, and control points on the end points, where the
  /// direction is the limit along the path.
  @Test func pacedPathsMatchReferences() throws {
    for (name, svg, progress, expected) in pacedPathReferences {
      var spec = KeyframeValues()
      spec.path = try KeyframePath(svg: svg)
      spec.calculationMode = .paced
      spec.rotationMode = .auto
      let e = KeyframeEvaluator(spec, type: .point)
      let scale = e.values.joined().map(abs).max() ?? 1
      for (u, reference) in zip(progress, expected) {
        let p = Self.value(e, u, count: 2)
        #expect(
          Self.near(p, Array(reference[0..<2]), 1e-9, scale: scale),
          "\(name) at \(u): \(p) vs \(reference)")
        // Angles compared on the circle: atan2's cut at ±π.
        let turn = remainder(e.pathAngle(u) - reference[2], 2 * Double.pi)
        #expect(abs(turn) <= 1e-9, "\(name) angle at \(u): \(e.pathAngle(u)) vs \(reference[2])")
      }
    }
  }

  /// ◆ Where the tangent vanishes the direction is the limit along the path: a first control
  /// point on the start point leaves B′(0) = 0, and B″(0) = 6·(c2 − 2c1 + p0) = (0, 600) for
  /// `M0,0 C0,0 0,100 100,100`, so the layer starts facing straight down the y axis (π/2);
  /// at the end of `M0,0 C100,0 100,100 100,100`, −B″(1) = −6·(p3 − 2c2 + c1) = (0, 600):
  /// π/2 again (hand calculation). A finite difference gave π/2 − 3e-7.
  @Test func directionWhereTheTangentVanishes() throws {
    for (svg, u) in [("M0,0 C0,0 0,100 100,100", 0.0), ("M0,0 C100,0 100,100 100,100", 1.0)] {
      for mode in [KeyframeValues.CalculationMode.linear, .paced] {
        var spec = KeyframeValues()
        spec.path = try KeyframePath(svg: svg)
        spec.calculationMode = mode
        let e = KeyframeEvaluator(spec, type: .point)
        #expect(abs(e.pathAngle(u) - Double.pi / 2) <= 1e-15, "\(svg) \(mode) at \(u)")
      }
    }
  }
}
