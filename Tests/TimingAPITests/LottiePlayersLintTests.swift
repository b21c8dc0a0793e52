import Foundation
import TestSupport
import Testing

/// `POST /v1/lottie/lint`'s rules for lottie-ios, lottie-android, rlottie, ThorVG and Skottie
/// (docs/lottie.md "Lint"): each departure read from the player's source, its difference
/// worked out here by hand from the formula the source uses; the features a player does not
/// draw as findings with their detail; the rewrites.
@Suite struct LottiePlayersLintTests {
  let api = ServiceHarness()
  typealias T = LottieTimelineTests
  typealias L = LottieLintTests
  typealias P = LottiePythonLintTests

  func lint(_ document: [String: Any], _ query: String = "") throws -> RawClient.Response {
    try L.lint(api, document, query)
  }

  /// rlottie draws whole frames: at frame 2.4 it shows frame 2 (round(2.4)), 0.4 px behind a
  /// layer moving 1 px a frame; at whole frames nothing differs, and the rule does not apply.
  @Test func rlottieDrawsWholeFrames() throws {
    let document = T.document([P.mover])
    let answer = try lint(document, "?times=\(2.4 / 30)&players=rlottie")
    let finding = try #require(L.findings(answer, "rlottie/whole-frames").first)
    #expect(abs(P.pixels(finding) - 0.4) < 1e-9, "\(finding)")
    let whole = try lint(document, "?frames=0..10&players=rlottie")
    #expect(whole.status == 200)
    #expect(L.findings(whole, "rlottie/whole-frames").isEmpty)
    // Past op (60) rlottie draws op: at 63, 3 px behind.
    let outside = try lint(document, "?frames=61..63&players=rlottie")
    let clamped = try #require(L.findings(outside, "rlottie/whole-frames").first)
    #expect(abs(P.pixels(clamped) - 3) < 1e-9, "\(clamped)")
  }

  /// rlottie's precomposition time is int((f − int(st)) / sr): st 2.5 read as 2, sr 2, at frame
  /// 11: int(9 / 2) = 4, where lottie-spec 1.0 says 11 / 2 − 2.5 = 3 — 1 px apart for the
  /// mover.
  @Test func rlottieTruncatesAPrecompositionsTime() throws {
    let precomposition = T.layer(
      [:], extra: ["ty": 0, "refId": "c", "sr": 2, "st": 2.5, "w": 10, "h": 10])
    let document = T.document([precomposition], assets: [["id": "c", "layers": [P.mover]]])
    let answer = try lint(document, "?frames=11..11&players=rlottie")
    let finding = try #require(L.findings(answer, "rlottie/precomposition-time").first)
    #expect(finding["pointer"] as? String == "/layers/0/sr")
    #expect(abs(P.pixels(finding) - 1) < 1e-9, "\(finding)")
  }

  /// A layer turned 90° by r without ddd: rlottie reads it as 3D (ddd defaults to true there)
  /// and turns it by rz alone — not at all; the box's far corner, 50 px out, is √2 · 50 px
  /// away. The rewrite adds ddd: 0, and the rewritten file has no such finding.
  @Test func rlottieIgnoresRWithoutDdd() throws {
    let document = T.document([P.solid(["r": T.still(90)])])
    let answer = try lint(document, "?frames=0..0&players=rlottie")
    let finding = try #require(L.findings(answer, "rlottie/rotation-without-ddd").first)
    #expect(finding["pointer"] as? String == "/layers/0/ks/r")
    #expect(abs(P.pixels(finding) - 50 * 2.0.squareRoot()) < 1e-9, "\(finding)")
    let fixed = try lint(document, "?fix=true&players=rlottie")
    #expect((fixed.json["layers"] as? [[String: Any]])?.first?["ddd"] as? Double == 0)
    let again = try lint(fixed.json, "?frames=0..0&players=rlottie")
    #expect(again.status == 200)
    #expect(L.findings(again, "rlottie/rotation-without-ddd").isEmpty)
  }

  /// lottie-ios does not read a layer's skew: 30° of skew moves the box's corner (0, 30) by
  /// 30 · tan 30° along x; Skottie and lottie-web read it, so they have no such rule.
  @Test func lottieIOSIgnoresALayersSkew() throws {
    let document = T.document([P.solid(["sk": T.still(30)])])
    let answer = try lint(document, "?frames=0..0")
    let finding = try #require(L.findings(answer, "lottie-ios/layer-skew").first)
    #expect(finding["pointer"] as? String == "/layers/0/ks/sk")
    #expect(abs(P.pixels(finding) - 30 * tan(Double.pi / 6)) < 1e-9, "\(finding)")
    let rules = answer.json["rules"] as? [String: [String: Any]]
    #expect(
      (rules?["lottie-ios/layer-skew"]?["players"] as? [String])
        == ["lottieIOSCoreAnimation", "lottieIOSMainThread"])
    #expect(
      !rules.map { $0.keys.contains { $0.hasPrefix("skottie/") } }!, "\(answer.text.prefix(300))")
  }

  /// lottie-android reads an opacity's keyframes as whole percents and truncates between them:
  /// 10.6 → 50 over 10 frames is 11 → 50, at frame 5 int(11 + 0.5 · 39) = 30 against the
  /// spec's 30.3: 0.003 apart.
  @Test func lottieAndroidTruncatesOpacity() throws {
    let o: [String: Any] = [
      "a": 1,
      "k": [
        ["t": 0, "s": [10.6], "o": ["x": 0, "y": 0], "i": ["x": 1, "y": 1]],
        ["t": 10, "s": [50]],
      ],
    ]
    let answer = try lint(T.document([P.solid(["o": o])]), "?frames=5..5&players=lottieAndroid")
    let finding = try #require(L.findings(answer, "lottie-android/opacity-whole-percent").first)
    let opacity = (finding["largest"] as? [String: Any])?["opacity"] as? Double ?? -1
    #expect(abs(opacity - 0.003) < 1e-12, "\(finding)")
  }

  /// A time remap with st: Skottie (like lottie-ios and ThorVG) evaluates tm at the frame
  /// itself — at frame 20 of a precomposition at st 10 remapped linearly 0 → 2 s over frames
  /// 0…60, tm(20) · 30 = 20 where lottie-spec 1.0 says tm(10) · 30 = 10: the mover 10 px on.
  @Test func skottieRemapsAtTheFrameItself() throws {
    let tm: [String: Any] = [
      "a": 1,
      "k": [
        ["t": 0, "s": [0], "o": ["x": 0, "y": 0], "i": ["x": 1, "y": 1]],
        ["t": 60, "s": [2]],
      ],
    ]
    let precomposition = T.layer(
      [:], extra: ["ty": 0, "refId": "c", "st": 10, "w": 10, "h": 10, "tm": tm])
    let document = T.document([precomposition], assets: [["id": "c", "layers": [P.mover]]])
    let answer = try lint(document, "?frames=20..20&players=skottie")
    let finding = try #require(L.findings(answer, "skottie/time-remap").first)
    #expect(abs(P.pixels(finding) - 10) < 1e-9, "\(finding)")
  }

  /// ThorVG draws frame op − 1 for a frame at the root's op: the mover at 59 instead of 60.
  @Test func thorvgDrawsTheFrameBeforeOp() throws {
    let answer = try lint(T.document([P.mover]), "?frames=60..60&players=thorvg")
    let finding = try #require(L.findings(answer, "thorvg/last-frame").first)
    #expect(abs(P.pixels(finding) - 1) < 1e-9, "\(finding)")
  }

  /// rlottie's and ThorVG's easing caches: a second curve whose handles print alike to two
  /// decimals (o.x 0.334 against the first's 0.333) eases by the first's — 100 px apart by the
  /// two curves' values at x 0.5, each solved here by bisection; a curve named by `n` like
  /// another eases by that one's whatever its handles. Within 1e-6 px: the cached handles are
  /// the floats the players read (0.1 as 0.100000001).
  @Test func rlottieAndThorVGCacheCurves() throws {
    func mover(_ ind: Int, _ ox: Double, name: String? = nil) -> [String: Any] {
      var first: [String: Any] = [
        "t": 0, "s": [0, 0], "o": ["x": ox, "y": 0], "i": ["x": 0.667, "y": 1],
      ]
      if let name { first["n"] = name }
      return P.solid(["p": ["a": 1, "k": [first, ["t": 10, "s": [100, 0]]]]], ind: ind)
    }
    let answer = try lint(
      T.document([mover(1, 0.333), mover(2, 0.334)]), "?frames=5..5&players=rlottie,thorvg")
    let expected =
      100
      * abs(P.cubicBezier(0.333, 0, 0.667, 1, at: 0.5) - P.cubicBezier(0.334, 0, 0.667, 1, at: 0.5))
    for rule in ["rlottie/easing-cache", "thorvg/easing-cache"] {
      let finding = try #require(L.findings(answer, rule).first, "\(rule)")
      #expect(finding["pointer"] as? String == "/layers/1/ks/p/k/0")
      #expect(abs(P.pixels(finding) - expected) < 1e-6, "\(finding) \(expected)")
    }
    let named = try lint(
      T.document([mover(1, 0.1, name: "ease"), mover(2, 0.9, name: "ease")]),
      "?frames=5..5&players=rlottie")
    let expectedNamed =
      100 * abs(P.cubicBezier(0.1, 0, 0.667, 1, at: 0.5) - P.cubicBezier(0.9, 0, 0.667, 1, at: 0.5))
    let finding = try #require(L.findings(named, "rlottie/easing-cache").first)
    #expect(abs(P.pixels(finding) - expectedNamed) < 1e-6, "\(finding) \(expectedNamed)")
  }

  /// A merge path and a twist: each player that does not draw them has a finding naming the
  /// feature, with where its source says so; lottie-web (which has no such rule) none.
  @Test func unsupportedFeaturesAreFindings() throws {
    let shapes: [[String: Any]] = [
      ["ty": "rc", "p": T.still([0, 0]), "s": T.still([10, 10]), "r": T.still(0)],
      ["ty": "mm", "mm": 1], ["ty": "tw", "a": T.still(10), "c": T.still([0, 0])],
    ]
    let answer = try lint(T.document([T.layer([:], extra: ["ty": 4, "shapes": shapes])]))
    let rlottie = L.findings(answer, "rlottie/unsupported")
    #expect(
      Set(rlottie.compactMap { $0["feature"] as? String }) == ["mergePaths", "twist"],
      "\(rlottie)")
    let merge = try #require(rlottie.first { $0["feature"] as? String == "mergePaths" })
    #expect(merge["pointer"] as? String == "/layers/0/shapes/1")
    #expect((merge["detail"] as? String)?.contains("lottieparser.cpp") == true)
    #expect(L.findings(answer, "thorvg/unsupported").count == 2)
    #expect(
      L.findings(answer, "skottie/unsupported").compactMap { $0["feature"] as? String }
        == ["twist"])
    let webRules = (answer.json["rules"] as? [String: Any])?.keys.filter {
      $0.hasPrefix("lottie-web/")
    }
    #expect(webRules?.isEmpty == true)
  }
}
