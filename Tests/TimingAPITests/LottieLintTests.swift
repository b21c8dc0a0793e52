import Foundation
import TestSupport
import Testing

/// `POST /v1/lottie/lint` (docs/lottie.md "Lint"): each lottie-web rule found where it applies,
/// its difference in pixels worked out here (or, for the easing solver, lottie-web's own number
/// read by running its BezierEaser), and `?fix=true` rewriting the file so the rule no longer
/// applies.
@Suite struct LottieLintTests {
  let api = ServiceHarness()
  typealias T = LottieTimelineTests

  func lint(_ document: [String: Any], _ query: String = "") throws -> RawClient.Response {
    try Self.lint(api, document, query)
  }

  /// `document` posted to `/v1/lottie/lint` with `query` (the Lottie lint suites' one request).
  static func lint(_ api: ServiceHarness, _ document: [String: Any], _ query: String = "") throws
    -> RawClient.Response
  {
    let data = try JSONSerialization.data(withJSONObject: document)
    return api.postJSON("/v1/lottie/lint" + query, String(decoding: data, as: UTF8.self))
  }

  static func findings(_ answer: RawClient.Response, _ rule: String) -> [[String: Any]] {
    (answer.json["findings"] as? [[String: Any]] ?? []).filter { $0["rule"] as? String == rule }
  }

  /// A null layer moving 1 px a frame along x (frames 0…100) inside a precomposition at st 10,
  /// sr 2: lottie-spec 1.0 puts it at f / 2 − 10, lottie-web at (f − 10) / 2 — 5 frames, so
  /// 5 px, apart at every frame it moves; rewritten with st = 20, lottie-web agrees.
  @Test func aStretchedPrecompositionsTimeOrder() throws {
    let mover = T.layer(
      [
        "p": [
          "a": 1,
          "k": [
            ["t": 0, "s": [0, 0], "o": ["x": 0, "y": 0], "i": ["x": 1, "y": 1]],
            ["t": 100, "s": [100, 0]],
          ],
        ]
      ], extra: ["ip": -1000, "op": 1000])
    let precomposition = T.layer(
      [:], extra: ["ty": 0, "refId": "c", "st": 10, "sr": 2, "w": 10, "h": 10])
    let document = T.document([precomposition], assets: [["id": "c", "layers": [mover]]])
    let answer = try lint(document, "?frames=40..50")
    #expect(answer.status == 200, "\(answer.text.prefix(300))")
    let found = Self.findings(answer, "lottie-web/precomposition-time-order")
    let finding = try #require(
      found.first { $0["layer"] as? String == "/layers/0>/assets/0/layers/0" })
    #expect(finding["pointer"] as? String == "/layers/0/sr")
    let largest = try #require(finding["largest"] as? [String: Any])
    #expect(abs((largest["pixels"] as? Double ?? 0) - 5) < 1e-9, "\(largest)")
    #expect((finding["frames"] as? [[Double]]) == [[40, 50]])
    let fixed = try lint(document, "?fix=true")
    let layer = try #require((fixed.json["layers"] as? [[String: Any]])?.first)
    #expect(layer["st"] as? Double == 20)
    // lottie-web's (f − 20) / 2 is the spec's f / 2 − 10 of the original: the timeline of the
    // original at the rewritten file's lottie-web frames.
    let original = api.postJSON(
      "/v1/lottie/timeline?frames=40..50",
      String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self))
    let originalX = T.column(original, "/layers/0>/assets/0/layers/0", "transform").map { $0[12] }
    #expect(originalX.first.map { abs($0 - 10) < 1e-9 } == true, "\(originalX)")
  }

  /// An easing handle's x outside [0, 1] (o = (−0.5, 0), i = (1.5, 1)) on a move of 100 px
  /// over 10 frames: the timeline clamps it (a straight line: 10 px at frame 1), lottie-web 5.7.14
  /// solves it as written — 22.36 px at frame 1 by its own BezierEaser run in Node — so 12.36 px
  /// apart; the rewrite clamps the handles.
  @Test func anEasingHandleOutsideTheUnitSquare() throws {
    let p: [String: Any] = [
      "a": 1,
      "k": [
        ["t": 0, "s": [0, 0], "o": ["x": -0.5, "y": 0], "i": ["x": 1.5, "y": 1]],
        ["t": 10, "s": [100, 0]],
      ],
    ]
    let document = T.document([T.layer(["p": p])])
    let answer = try lint(document, "?frames=1..1")
    let finding = try #require(Self.findings(answer, "lottie-web/easing-handle-x").first)
    #expect(finding["pointer"] as? String == "/layers/0/ks/p/k/0")
    let pixels = (finding["largest"] as? [String: Any])?["pixels"] as? Double ?? 0
    #expect(abs(pixels - 12.36) < 0.006, "\(pixels)")
    let fixed = try lint(document, "?fix=true")
    let again = try lint(fixed.json)
    #expect(Self.findings(again, "lottie-web/easing-handle-x").isEmpty, "\(again.text.prefix(300))")
  }

  /// A fill's colour eased with a handle beyond the unit square is found, rewritten, and gone
  /// from the rewritten file's lint; `precision` is refused with `fix` (it would change the
  /// file's numbers).
  @Test func aFillsHandleIsRewrittenToo() throws {
    let color: [String: Any] = [
      "a": 1,
      "k": [
        ["t": 0, "s": [1, 0, 0, 1], "o": ["x": -0.5, "y": 0], "i": ["x": 1.5, "y": 1]],
        ["t": 10, "s": [0, 0, 1, 1]],
      ],
    ]
    let document = T.document([
      T.layer([:], extra: ["ty": 4, "shapes": [["ty": "fl", "c": color, "o": T.still(100)]]])
    ])
    let answer = try lint(document, "?frames=0..10")
    let finding = try #require(Self.findings(answer, "lottie-web/easing-handle-x").first)
    #expect(finding["pointer"] as? String == "/layers/0/shapes/0/c/k/0")
    let fixed = try lint(document, "?fix=true")
    let again = try lint(fixed.json, "?frames=0..10")
    #expect(Self.findings(again, "lottie-web/easing-handle-x").isEmpty, "\(again.text.prefix(300))")
    let rounded = try lint(document, "?fix=true&precision=3")
    #expect(
      rounded.status == 422 && rounded.text.contains("\"parameter\":\"precision\""),
      "\(rounded.text.prefix(200))")
  }

  /// A layer without st: lottie-web never shows it (its visibility differs at every frame);
  /// the rewrite adds st: 0.
  @Test func aLayerWithoutStartTime() throws {
    var layer = T.layer([:])
    layer.removeValue(forKey: "st")
    let document = T.document([layer])
    let answer = try lint(document, "?frames=0..9")
    let finding = try #require(Self.findings(answer, "lottie-web/missing-st").first)
    #expect(finding["pointer"] as? String == "/layers/0")
    #expect((finding["visibility"] as? [[Double]]) == [[0, 9]])
    let fixed = try lint(document, "?fix=true")
    #expect((fixed.json["layers"] as? [[String: Any]])?.first?["st"] as? Double == 0)
  }

  /// A file lottie-web plays as the timeline says has no findings; an expression is one.
  @Test func aPlainFileHasNoFindingsAndAnExpressionIsOne() throws {
    let plain = try lint(T.document([T.layer(["p": T.still([10, 10])])]))
    #expect((plain.json["findings"] as? [Any])?.isEmpty == true, "\(plain.text.prefix(300))")
    let expression = try lint(
      T.document([T.layer(["p": ["a": 0, "k": [10, 10], "x": "wiggle(2, 5)"]])]))
    let finding = try #require(Self.findings(expression, "lottie-web/expressions").first)
    #expect(finding["pointer"] as? String == "/layers/0/ks/p/x")
    #expect(finding["largest"] is NSNull)
  }
}
