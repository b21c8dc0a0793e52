import Testing

@testable import TimingEngine

#if canImport(Glibc)
  import Glibc
#endif

/// SVG path data for keyframe paths (semantics.md §3.4): the number range, and arcs in SVG 1.1's
/// degenerate cases (F.6.2 endpoints and zero radii, F.6.6 radii too small to reach). Expected
/// points are hand-computed from the geometry stated in each test.
@Suite struct KeyframePathTests {
  static func rejects(_ svg: String) -> String? {
    do throws(KeyframePath.ParseError) {
      _ = try KeyframePath(svg: svg)
      return nil
    } catch {
      return error.message
    }
  }

  static func close(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ tolerance: Double) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
  }

  static func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
    ((a - b) * (a - b)).sum().squareRoot()
  }

  /// Issue 7: this arc's radii squared overflow, the centre came out NaN and converting the
  /// number of quarter turns to Int killed the process.
  @Test func issueArcIsRejectedWithTheRange() {
    let message = Self.rejects("M0,0 A1e78,1e78 0 0 1 10,10")
    #expect(message?.contains("[-1e12, 1e12]") == true, "\(message ?? "accepted")")
  }

  /// Every number of every command, one at a time, just outside or far outside ±1e12.
  @Test(arguments: [
    "M# 0 L1 1", "M0 # L1 1", "M0 0 L# 1", "M0 0 L1 #", "M0 0 H#", "M0 0 V#",
    "M0 0 C# 1 2 3 4 5", "M0 0 C1 # 2 3 4 5", "M0 0 C1 1 # 3 4 5", "M0 0 C1 1 2 # 4 5",
    "M0 0 C1 1 2 3 # 5", "M0 0 C1 1 2 3 4 #", "M0 0 S# 1 2 3", "M0 0 S1 1 2 #", "M0 0 Q# 1 2 3",
    "M0 0 Q1 1 2 #", "M0 0 T# 1", "M0 0 A# 5 0 0 1 10 0", "M0 0 A5 # 0 0 1 10 0",
    "M0 0 A5 5 # 0 1 10 0", "M0 0 A5 5 0 0 1 # 0", "M0 0 A5 5 0 0 1 10 #", "m0 0 l# 1",
  ])
  func numbersOutsideTheRangeAreRejected(_ template: String) {
    for number in [
      "1e308", "-1e308", "1.7976931348623157e308", "1e155", "1e78", "-1e78", "1.000000000001e12",
      "-1e13",
    ] {
      let svg = template.split(separator: "#", omittingEmptySubsequences: false).joined(
        separator: number)
      let message = Self.rejects(svg)
      #expect(message?.contains("[-1e12, 1e12]") == true, "\(svg): \(message ?? "accepted")")
    }
  }

  /// A number too long to scan is reported as that, not as out of range: 0.000…01 with 70
  /// zeros is 1e-71, well inside ±1e12.
  @Test func overlongNumbersSaySo() {
    let message = Self.rejects("M0 0 L0." + String(repeating: "0", count: 70) + "1 1")
    #expect(message?.contains("at most 64 characters") == true, "\(message ?? "accepted")")
  }

  /// Relative commands add up: 1e12 + 1e12 lands at x = 2e12, outside the range.
  @Test func relativeCommandsCannotWalkOutOfRange() {
    let message = Self.rejects("M0,0 l1e12,0 l1e12,0")
    #expect(message?.contains("[-1e12, 1e12]") == true, "\(message ?? "accepted")")
  }

  /// The bounds themselves are in range. The circle of radius 1 from (−1e12, −1e12) to
  /// (1e12, 1e12) is scaled up to radius √2 · 1e12 (F.6.6), within the 2e12 allowed: a half
  /// turn about the origin, each piece's midpoint √2 · 1e12 from it (to 1, i.e. 7e-13).
  @Test func theBoundsThemselvesAreAccepted() throws {
    let path = try KeyframePath(svg: "M-1e12,-1e12 L1e12,1e12 A1e12 1e12 1e12 0 1 -1e12 1e12")
    #expect(path.segments.first?.p0 == SIMD2(-1e12, -1e12))
    #expect(path.segments.last?.p3 == SIMD2(-1e12, 1e12))
    let circle = try KeyframePath(svg: "M-1e12,-1e12 A1,1 0 0 1 1e12,1e12")
    #expect(circle.segments.count == 2)
    for segment in circle.segments {
      #expect(abs(Self.distance(segment.point(0.5), SIMD2(0, 0)) / 2.0.squareRoot() - 1e12) <= 1)
    }
  }

  /// F.6.6: radii too small to reach are scaled up until the ellipse just fits, so any tiny
  /// circle from (0, 0) to (10, 0) becomes the semicircle of radius 5 about (5, 0). With the
  /// sweep flag the angle runs from π to 2π: the two quarter turns meet at θ = 3π/2, (5, −5);
  /// each quarter's cubic is exact on the circle at its midpoint.
  @Test(arguments: ["1e-154", "5e-324", "1e-300", "2.2250738585072014e-308", "0.001", "5"])
  func tinyRadiiScaleUpToASemicircle(_ r: String) throws {
    let path = try KeyframePath(svg: "M0,0 A\(r),\(r) 0 0 1 10,0")
    #expect(path.segments.count == 2)
    guard path.segments.count == 2 else { return }
    #expect(Self.close(path.segments[0].p3, SIMD2(5, -5), 1e-12), "\(path.segments[0].p3)")
    #expect(path.segments[1].p3 == SIMD2(10, 0))
    for segment in path.segments {
      #expect(abs(Self.distance(segment.point(0.5), SIMD2(5, 0)) - 5) <= 1e-12)
    }
  }

  /// Rotation is in degrees and reduced modulo 360 exactly before it becomes radians:
  /// 999 999 999 810 = 360 × 2 777 777 777 + 90. Rotated a quarter turn, the ellipse with
  /// rx = 20, ry = 10 is 10 wide and 20 tall; from (0, 0) to (20, 0) it is the half ellipse
  /// about (10, 0), meeting its bottom (10, −20) at θ = 3π/2.
  @Test func rotationIsReducedModulo360() throws {
    for rotation in ["90", "999999999810", "-999999999630"] {
      let path = try KeyframePath(svg: "M0,0 A20,10 \(rotation) 0 1 20,0")
      #expect(path.segments.count == 2)
      guard path.segments.count == 2 else { continue }
      #expect(
        Self.close(path.segments[0].p3, SIMD2(10, -20), 1e-9),
        "\(rotation): \(path.segments[0].p3)")
    }
  }

  /// A small arc of a circle of radius 1e12 over a chord of 10 bulges by the sagitta
  /// r − √(r² − 5²) ≈ 25 / 2e12 = 1.25e-11: a straight line to any sample's eye.
  @Test func hugeRadiusSmallArcIsNearlyStraight() throws {
    let path = try KeyframePath(svg: "M0,0 A1e12,1e12 0 0 1 10,0")
    #expect(path.segments.first?.p0 == SIMD2(0, 0))
    #expect(path.segments.last?.p3 == SIMD2(10, 0))
    for segment in path.segments {
      for s in [0.25, 0.5, 0.75] {
        let p = segment.point(s)
        #expect(abs(p.y) <= 1e-9 && p.x >= -1e-9 && p.x <= 10 + 1e-9, "\(p)")
      }
    }
  }

  /// The large arc of the unit circle between two points 1e-300 apart is the whole circle but
  /// a sliver. Sweep 1 turns with increasing angle, so leaving (0, 0) the long way round puts
  /// the centre at (0, −1); the arc spans 2π less ~1e-300, four quarter-turn pieces.
  @Test(arguments: ["1e-300", "5e-324"])
  func largeArcAroundATinyChord(_ x: String) throws {
    let path = try KeyframePath(svg: "M0,0 A1,1 0 1 1 \(x),0")
    #expect(path.segments.count == 4)
    for segment in path.segments {
      #expect(abs(Self.distance(segment.point(0.5), SIMD2(0, -1)) - 1) <= 1e-12)
    }
    #expect(Self.close(path.segments[1].p3, SIMD2(0, -2), 1e-12), "\(path.segments[1].p3)")
  }

  /// One radius 1e12 and the other subnormal: reaching (10, 10) would need the ellipse scaled
  /// by about 1e325 (F.6.6), far past 2e12, which is refused; along the long axis the chord
  /// already fits, and the arc is the chord itself to within 5e-324.
  @Test func extremeAspectRatios() throws {
    let message = Self.rejects("M0,0 A1e12,5e-324 0 0 1 10,10")
    #expect(message?.contains("2e12") == true, "\(message ?? "accepted")")
    let flat = try KeyframePath(svg: "M0,0 A1e12,5e-324 0 0 1 10,0")
    for segment in flat.segments {
      for s in [0.0, 0.25, 0.5, 0.75, 1] {
        let p = segment.point(s)
        #expect(abs(p.y) <= 1e-9 && p.x >= -1e-9 && p.x <= 10 + 1e-9, "\(p)")
      }
    }
    #expect(flat.segments.last?.p3 == SIMD2(10, 0))
  }

  /// Radius 10 from (0, 0) to (10, 10), sweep 1 (increasing angle): the small arc turns about
  /// (0, 10) from −π/2 to 0, one piece with its midpoint at 10·(cos −π/4, 1 + sin −π/4) =
  /// (7.0710678118654752, 2.9289321881345248); the large arc turns about (10, 0) from π to
  /// 5π/2, three pieces through (10, −10) and (20, 0).
  @Test func quarterAndThreeQuarterCircles() throws {
    let small = try KeyframePath(svg: "M0,0 A10,10 0 0 1 10,10")
    #expect(small.segments.count == 1)
    #expect(
      Self.close(
        small.segments[0].point(0.5), SIMD2(7.0710678118654752, 2.9289321881345248), 1e-12))
    let large = try KeyframePath(svg: "M0,0 A10,10 0 1 1 10,10")
    #expect(large.segments.count == 3)
    guard large.segments.count == 3 else { return }
    #expect(Self.close(large.segments[0].p3, SIMD2(10, -10), 1e-12))
    #expect(Self.close(large.segments[1].p3, SIMD2(20, 0), 1e-12))
    for segment in large.segments {
      #expect(abs(Self.distance(segment.point(0.5), SIMD2(10, 0)) - 10) <= 1e-12)
    }
  }

  /// Radii scaled up to reach (F.6.6) leave the centre at the chord's midpoint and the arc a
  /// half turn, two pieces. F.6.5's formula computes the centre from a difference of squares
  /// that cancels there, which put these points 6e-6 and 3.5e4 off (and drew a third piece).
  /// Expected: the half-turn midpoint from F.6.5 in mpmath at 50 digits (λ = 116.80 and
  /// 1.08e9: the second ellipse is 3e4 times longer than wide).
  @Test(arguments: [
    (
      "M92.30691789439001,55.61169379774298 A90.70259055556271,9.483455510248179 111.1607001970338 0 1 -70.94883630600953,-90.03140993877905",
      SIMD2(-346.65161463294499523, 894.78596396115380221), 1e-9
    ),
    (
      "M-94.6201026022099,71.4388435445805 A0.003189981246370932,92.51975063450045 531.6417479359434 1 1 20.85247641072996,-9.983895322679492",
      SIMD2(-265815.70812375541574, -1808939.6612105250229), 1e-6
    ),
  ])
  func scaledUpArcsMatchTheReference(_ svg: String, _ midpoint: SIMD2<Double>, _ tolerance: Double)
    throws
  {
    let path = try KeyframePath(svg: svg)
    #expect(path.segments.count == 2)
    #expect(
      Self.close(path.segments[0].p3, midpoint, tolerance),
      "\(path.segments[0].p3) vs \(midpoint)")
  }

  /// F.6.2: a zero radius draws a straight line; an arc to the current point draws nothing.
  @Test func degenerateArcs() throws {
    let line = try KeyframePath(svg: "M0,0 A0,5 0 0 1 9,0")
    #expect(line.segments.count == 1)
    #expect(line.segments.first?.c1 == SIMD2(3, 0))
    #expect(line.segments.first?.c2 == SIMD2(6, 0))
    let omitted = try KeyframePath(svg: "M0,0 L5,5 A5,5 0 0 1 5,5")
    #expect(omitted.segments.count == 1)
  }

  /// fuzz-svg-path's inputs for the arc crash (docs/reliability.md, "Fuzzing"): an end point of
  /// 1.573e89 written with SVG's compact syntax, and radii of 1e78 after a relative move and as
  /// the first command. Each trapped converting a NaN turn count to Int.
  @Test(arguments: [
    "M0,0 A25,25 -30 0,1 8623+15730e85", "m0,3 A1e78,1e78 0 0 1 0 11,", "A1e78,1e78 0 0 1 2 1",
  ])
  func fuzzedArcsAreRejectedWithTheRange(_ svg: String) {
    let message = Self.rejects(svg)
    #expect(message?.contains("[-1e12, 1e12]") == true, "\(svg): \(message ?? "accepted")")
  }

  /// ◆ Arcs are cubic Bézier pieces of at most a quarter turn (semantics.md §3.4, as CGPath stores
  /// them), with handles 4/3·tan(Δ/4) along the tangent: their points leave the true ellipse
  /// by at most 2.7253e-4 of the larger radius. Reference (mpmath, 30 digits): on the unit
  /// quarter circle the radius peaks at 1.000272530007 where s = 0.21132 (and 0.78868).
  /// Checked on a circle of radius 100 and on a rotated ellipse 100 × 40 (an affine image of
  /// the circle, whose error vector scales by at most the larger radius).
  @Test func arcPiecesStayWithinTheStatedBound() throws {
    let circle = try KeyframePath(svg: "M100,0 A100,100 0 1 1 -100,0 A100,100 0 1 1 100,0")
    #expect(circle.segments.count == 4)
    var worst = 0.0
    for segment in circle.segments {
      for i in 0...1000 {
        let p = segment.point(Double(i) / 1000)
        worst = max(worst, abs((p * p).sum().squareRoot() - 100))
      }
    }
    #expect(worst <= 2.7253e-4 * 100 && worst >= 2.725e-4 * 100, "\(worst)")
    // The ellipse x²/100² + y²/40² = 1 rotated by 30°, as a full turn in two half arcs.
    let c = cos(Double.pi / 6)
    let s = sin(Double.pi / 6)
    let ellipse = try KeyframePath(
      svg:
        "M\(100 * c),\(100 * s) A100,40 30 1 1 \(-100 * c),\(-100 * s) A100,40 30 1 1 \(100 * c),\(100 * s)"
    )
    var largest = 0.0
    for segment in ellipse.segments {
      for i in 0...1000 {
        let p = segment.point(Double(i) / 1000)
        // Back into the ellipse's axes, then the distance to the point of the same angle.
        let u = SIMD2(c * p.x + s * p.y, -s * p.x + c * p.y)
        let angle = atan2(u.y / 40, u.x / 100)
        let onEllipse = SIMD2(100 * cos(angle), 40 * sin(angle))
        largest = max(largest, Self.distance(u, onEllipse))
      }
    }
    #expect(largest <= 2.7253e-4 * 100, "\(largest)")
  }
}
