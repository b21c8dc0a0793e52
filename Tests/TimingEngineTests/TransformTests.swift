import Testing

@testable import TimingEngine

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct TransformTests {
  func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-12) -> Bool {
    (0..<16).allSatisfy { abs(a.m[$0] - b.m[$0]) <= tolerance }
  }

  /// CATransform3DMakeRotation(π/2, 0, 0, 1) maps (1, 0) to (0, 1) for row vectors
  /// (hand calculation: m11 = cos, m12 = sin).
  @Test func rotationConvention() {
    let r = Transform3D.rotation(Double.pi / 2, 0, 0, 1)
    #expect(abs(r.m[0]) < 1e-15 && abs(r.m[1] - 1) < 1e-15)
    #expect(abs(r.m[4] + 1) < 1e-15)
    let t = Transform3D.translation(10, 20, 30)
    #expect(t.m[12] == 10 && t.m[13] == 20 && t.m[14] == 30)
  }

  @Test func decomposeRecomposeRoundTrip() {
    var perspective = Transform3D.identity
    perspective.m[11] = -1.0 / 500
    let matrices: [Transform3D] = [
      .identity, .translation(3, -4, 5), .scale(2, 0.5, 3), .rotation(0.7, 0, 0, 1),
      .rotation(2.5, 1, 2, 3),
      .scale(-1, 1, 1),
      Transform3D.scale(2, 3, 1) * .rotation(1.1, 0, 0, 1) * .translation(7, 8, 9),
      perspective * .rotation(0.4, 0, 1, 0),
      Transform3D(SIMD16(1, 0.5, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)),
    ]
    for m in matrices {
      let d = DecomposedTransform(m)!
      #expect(close(d.matrix, m, 1e-12), "\(m.values) → \(d.matrix.values)")
    }
    #expect(DecomposedTransform(.scale(0, 1, 1)) == nil)
  }

  /// Halfway between the identity and a quarter turn is an eighth turn; a full turn's matrix is
  /// the identity, so interpolating to it shows no motion (SPEC §3.1).
  @Test func interpolation() {
    let a = DecomposedTransform(.identity)!
    let b = DecomposedTransform(.rotation(Double.pi / 2, 0, 0, 1))!
    let half = DecomposedTransform.interpolate(a, b, 0.5).matrix
    #expect(close(half, .rotation(Double.pi / 4, 0, 0, 1)))
    let full = DecomposedTransform(.rotation(2 * Double.pi, 0, 0, 1))!
    for t in [0.25, 0.5, 0.75] {
      #expect(close(DecomposedTransform.interpolate(a, full, t).matrix, .identity, 1e-12))
    }
    // Translation and scale interpolate linearly.
    let c = DecomposedTransform(Transform3D.scale(3, 3, 1) * .translation(10, 0, 0))!
    let mid = DecomposedTransform.interpolate(a, c, 0.5).matrix
    #expect(close(mid, Transform3D.scale(2, 2, 1) * .translation(5, 0, 0)))
  }

  @Test func eulerAngles() {
    var d = DecomposedTransform(.rotation(0.3, 0, 0, 1))!
    #expect(abs(d.eulerAngles.z - 0.3) < 1e-12)
    #expect(abs(d.eulerAngles.x) < 1e-12 && abs(d.eulerAngles.y) < 1e-12)
    let x = DecomposedTransform(.rotation(0.4, 1, 0, 0))!
    #expect(abs(x.eulerAngles.x - 0.4) < 1e-12)
    let y = DecomposedTransform(.rotation(-0.5, 0, 1, 0))!
    #expect(abs(y.eulerAngles.y + 0.5) < 1e-12)
    d.eulerAngles = SIMD3(0, 0, 1.2)
    #expect(close(d.matrix, .rotation(1.2, 0, 0, 1)))
  }

  @Test func power() {
    let r = Transform3D.rotation(0.1, 0, 0, 1)
    #expect(close(r.power(5), .rotation(0.5, 0, 0, 1)))
    #expect(close(Transform3D.translation(1, 2, 3).power(3), .translation(3, 6, 9)))
  }
}
