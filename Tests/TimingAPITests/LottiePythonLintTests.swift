import Foundation
import TestSupport
import Testing

/// `POST /v1/lottie/lint`'s python-lottie rules (docs/lottie.md "Lint"): each departure read
/// from python-lottie 0.7.2's source, its difference worked out here by hand from that source's
/// formulas (the real python-lottie is compared with the whole fixture corpus by
/// `scripts/lottie-player-check --player python-lottie`); the player's entry with every rule at
/// once; `?players=`.
@Suite struct LottiePythonLintTests {
  let api = ServiceHarness()
  typealias T = LottieTimelineTests
  typealias L = LottieLintTests

  func lint(_ document: [String: Any], _ query: String = "") throws -> RawClient.Response {
    try L.lint(api, document, query)
  }

  static func pixels(_ finding: [String: Any]) -> Double {
    (finding["largest"] as? [String: Any])?["pixels"] as? Double ?? -1
  }

  /// A solid 40 × 30 (its box [0, 0, 40, 30]) with transform `ks`.
  static func solid(_ ks: [String: Any], ind: Int = 1, extra: [String: Any] = [:]) -> [String: Any]
  {
    var layer = T.layer(ks, ind: ind, extra: ["ty": 1, "sc": "#3366cc", "sw": 40, "sh": 30])
    for (k, v) in extra { layer[k] = v }
    return layer
  }

  /// A layer moving 1 px a frame along x from frame 0 to 100, linearly.
  static var mover: [String: Any] {
    T.layer(
      [
        "p": [
          "a": 1,
          "k": [
            ["t": 0, "s": [0, 0], "o": ["x": 0, "y": 0], "i": ["x": 1, "y": 1]],
            ["t": 100, "s": [100, 0]],
          ],
        ]
      ], extra: ["ip": -1000, "op": 1000])
  }

  /// A precomposition at sr 2: lottie-spec 1.0 runs it at f / 2, python-lottie (which never
  /// reads sr) at f — at frame 40, 20 and 40: 20 px apart. Its entry for the player states the
  /// same, with the rule.
  @Test func aTimeStretchIsNotRead() throws {
    let precomposition = T.layer([:], extra: ["ty": 0, "refId": "c", "sr": 2, "w": 10, "h": 10])
    let document = T.document([precomposition], assets: [["id": "c", "layers": [Self.mover]]])
    let answer = try lint(document, "?frames=40..40")
    #expect(answer.status == 200, "\(answer.text.prefix(300))")
    let key = "/layers/0>/assets/0/layers/0"
    let finding = try #require(
      L.findings(answer, "python-lottie/time-stretch").first { $0["layer"] as? String == key })
    #expect(finding["pointer"] as? String == "/layers/0/sr")
    #expect(abs(Self.pixels(finding) - 20) < 1e-9, "\(finding)")
    let players = answer.json["players"] as? [String: [String: Any]]
    let entries = players?["pythonLottie"]?["layers"] as? [[String: Any]] ?? []
    let entry = try #require(entries.first { $0["layer"] as? String == key })
    #expect(abs(Self.pixels(entry) - 20) < 1e-9, "\(entry)")
    #expect((entry["rules"] as? [String])?.contains("python-lottie/time-stretch") == true)
  }

  /// A time remap of 0.5 s (at 30 fps, frame 15 in lottie-spec 1.0) read by python-lottie as a
  /// fraction of the inner layer's own span: ip · (1 − 0.5) + op · 0.5 = 50 for ip 0, op 100 —
  /// the mover 35 px further on. The rule alone hides nothing (python-lottie never culls inside
  /// a precomposition); the player's entry agrees.
  @Test func aTimeRemapIsAFractionOfEachInnerLayersSpan() throws {
    var inner = Self.mover
    (inner["ip"], inner["op"]) = (0, 100)
    let precomposition = T.layer(
      [:], extra: ["ty": 0, "refId": "c", "w": 10, "h": 10, "tm": T.still(0.5)])
    let document = T.document([precomposition], assets: [["id": "c", "layers": [inner]]])
    let answer = try lint(document, "?frames=3..3")
    let finding = try #require(L.findings(answer, "python-lottie/time-remap").first)
    #expect(finding["pointer"] as? String == "/layers/0/tm")
    #expect(abs(Self.pixels(finding) - 35) < 1e-9, "\(finding)")
  }

  /// A hold from 0° to a keyframe of 90° at frame 10: at frame 10 lottie-spec 1.0 shows 90°,
  /// python-lottie the held 0° (the next keyframe's own time ends the segment before it). The
  /// box's far corner (40, 30), 50 px from the anchor, is √2 · 50 px apart; frames 9 and 11 agree.
  @Test func aHoldShowsItsValueAtTheNextKeyframesTime() throws {
    let r: [String: Any] = ["a": 1, "k": [["t": 0, "s": [0], "h": 1], ["t": 10, "s": [90]]]]
    let answer = try lint(T.document([Self.solid(["r": r])]), "?frames=9..11")
    let finding = try #require(L.findings(answer, "python-lottie/holds").first)
    #expect(finding["pointer"] as? String == "/layers/0/ks/r/k/0")
    #expect((finding["frames"] as? [[Double]]) == [[10, 10]])
    #expect(abs(Self.pixels(finding) - 50 * 2.0.squareRoot()) < 1e-9, "\(finding)")
  }

  /// A parent at 50 % and its child at 50 %: lottie-spec 1.0 draws the child at 0.5 (opacity
  /// passes through precompositions only), python-lottie at 0.25 (the child's group is inside
  /// its parent's); a null parent passes nothing (python-lottie sets its group's opacity to 1).
  @Test func opacityPassesThroughParents() throws {
    let parent = Self.solid(["o": T.still(50)], ind: 1)
    let child = Self.solid(["o": T.still(50)], ind: 2, extra: ["parent": 1])
    let answer = try lint(T.document([parent, child]), "?frames=0..0")
    let finding = try #require(
      L.findings(answer, "python-lottie/opacity-through-parents").first {
        $0["layer"] as? String == "/layers/1"
      })
    #expect(finding["pointer"] as? String == "/layers/1/parent")
    let largest = finding["largest"] as? [String: Any]
    #expect(abs((largest?["opacity"] as? Double ?? 0) - 0.25) < 1e-12, "\(finding)")
    let null = T.layer(["o": T.still(50)], ind: 1)
    let underNull = try lint(T.document([null, child]), "?frames=0..0")
    #expect(underNull.status == 200)
    #expect(L.findings(underNull, "python-lottie/opacity-through-parents").isEmpty)
  }

  /// bodymovin's zero tangents on an eased move of 100 px over 10 frames: the timeline (and
  /// lottie-web) ease the straight line — at frame 2, cubic-bezier(0.6, 0, 0.9, 1) at x 0.2,
  /// solved here by bisection — python-lottie moves at the time's fraction, 20 px. The rewrite
  /// removes the tangents; the rewritten file has no such finding.
  @Test func tangentsOnTheLineAreFollowedUneased() throws {
    let p: [String: Any] = [
      "a": 1,
      "k": [
        [
          "t": 0, "s": [0, 0], "to": [0, 0], "ti": [0, 0], "o": ["x": 0.6, "y": 0],
          "i": ["x": 0.9, "y": 1],
        ],
        ["t": 10, "s": [100, 0]],
      ],
    ]
    let document = T.document([Self.solid(["p": p])])
    let answer = try lint(document, "?frames=2..2")
    let finding = try #require(L.findings(answer, "python-lottie/tangents-on-the-line").first)
    #expect(finding["pointer"] as? String == "/layers/0/ks/p/k/0")
    let eased = 100 * Self.cubicBezier(0.6, 0, 0.9, 1, at: 0.2)
    #expect(abs(Self.pixels(finding) - abs(20 - eased)) < 1e-9, "\(finding) \(eased)")
    let fixed = try lint(document, "?fix=true")
    let keyframe = ((fixed.json["layers"] as? [[String: Any]])?.first?["ks"] as? [String: Any])
      .flatMap { ($0["p"] as? [String: Any])?["k"] as? [[String: Any]] }?.first
    #expect(keyframe?["to"] == nil && keyframe?["ti"] == nil, "\(fixed.text.prefix(300))")
    let again = try lint(fixed.json, "?frames=0..10")
    #expect(again.status == 200)
    #expect(L.findings(again, "python-lottie/tangents-on-the-line").isEmpty)
  }

  /// Skew 30° about an axis at 20°: lottie-spec 1.0 (and lottie-web) R(−20°) · SkewX(−30°) ·
  /// R(20°), python-lottie R(20°) · SkewX(−30°) · R(−20°) (its skew_from_axis): the box's
  /// corners apart by what the two matrices, written out here, say.
  @Test func aSkewAxisTurnsTheOtherWay() throws {
    let answer = try lint(
      T.document([Self.solid(["sk": T.still(30), "sa": T.still(20)])]), "?frames=0..0")
    let finding = try #require(L.findings(answer, "python-lottie/skew-axis").first)
    #expect(finding["pointer"] as? String == "/layers/0/ks/sa")
    // Clockwise degrees on a y-down screen: R(θ) = [cos θ, −sin θ; sin θ, cos θ] as x′ = a x + c y.
    func rotation(_ degrees: Double) -> [Double] {
      let t = degrees * .pi / 180
      return [cos(t), sin(t), -sin(t), cos(t)]
    }
    func product(_ m: [Double], _ n: [Double]) -> [Double] {
      [
        m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
        m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
      ]
    }
    let skew = [1, 0, tan(-30 * Double.pi / 180), 1]
    let spec = product(product(rotation(-20), skew), rotation(20))
    let python = product(product(rotation(20), skew), rotation(-20))
    var worst = 0.0
    let corners: [(Double, Double)] = [(0, 0), (40, 0), (40, 30), (0, 30)]
    for (x, y) in corners {
      let dx: Double = (spec[0] - python[0]) * x + (spec[2] - python[2]) * y
      let dy: Double = (spec[1] - python[1]) * x + (spec[3] - python[3]) * y
      worst = max(worst, hypot(dx, dy))
    }
    #expect(worst > 1)
    #expect(abs(Self.pixels(finding) - worst) < 1e-9, "\(finding) \(worst)")
  }

  /// A gradient of 2 colour stops with 1 opacity stop (10 numbers: neither 4 · 2 nor 6 · 2):
  /// python-lottie's SVG builder raises on it and draws nothing — a finding naming the feature;
  /// one with both opacity stops (12) none.
  @Test func aGradientShortOfOpacityStops() throws {
    func gradient(_ values: [Double]) -> [String: Any] {
      T.layer(
        [:],
        extra: [
          "ty": 4,
          "shapes": [
            [
              "ty": "gf", "o": T.still(100), "r": 1, "s": T.still([0, 0]), "e": T.still([10, 0]),
              "t": 1, "g": ["p": 2, "k": T.still(values)],
            ]
          ],
        ])
    }
    let short = try lint(
      T.document([gradient([0, 1, 0, 0, 1, 0, 0, 1, 0, 1])]), "?frames=0..0&players=pythonLottie")
    let finding = try #require(L.findings(short, "python-lottie/unsupported").first)
    #expect(finding["feature"] as? String == "gradientStopsShort")
    #expect(finding["pointer"] as? String == "/layers/0/shapes/0")
    let whole = try lint(
      T.document([gradient([0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 1])]),
      "?frames=0..0&players=pythonLottie")
    #expect(whole.status == 200)
    #expect(L.findings(whole, "python-lottie/unsupported").isEmpty)
  }

  /// `?players=` lints for the players named: python-lottie's rules alone, or lottie-web's; an
  /// unknown player is a 422 naming the parameter.
  @Test func playersAreChosen() throws {
    let document = T.document([Self.solid(["sk": T.still(30), "sa": T.still(20)])])
    let web = try lint(document, "?players=lottieWeb")
    #expect(web.status == 200)
    #expect(L.findings(web, "python-lottie/skew-axis").isEmpty)
    #expect((web.json["players"] as? [String: Any])?["pythonLottie"] == nil)
    let python = try lint(document, "?players=pythonLottie")
    #expect(!L.findings(python, "python-lottie/skew-axis").isEmpty)
    let unknown = try lint(document, "?players=lottieWeb,flash")
    #expect(
      unknown.status == 422 && unknown.text.contains("\"parameter\":\"players\"")
        && unknown.text.contains("flash"), "\(unknown.text.prefix(300))")
  }

  /// The y of cubic-bezier(x1, y1, x2, y2) at `x`, its parameter found by bisection to 1e-15.
  static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double)
    -> Double
  {
    func coordinate(_ t: Double, _ a: Double, _ b: Double) -> Double {
      3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t
    }
    var (lo, hi) = (0.0, 1.0)
    for _ in 0..<200 {
      let mid = (lo + hi) / 2
      if coordinate(mid, x1, x2) < x { lo = mid } else { hi = mid }
    }
    return coordinate((lo + hi) / 2, y1, y2)
  }
}
