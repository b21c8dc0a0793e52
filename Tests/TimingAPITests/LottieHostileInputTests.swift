import Foundation
import TestSupport
import Testing

/// The Lottie routes under an attacker's inputs (docs/lottie.md "Limits and bad input"), each
/// found by an attacker's pass: long parent chains walked once, paints and keyframes and text
/// charged before the work, overflowing products and handles refused by pointer, a rewrite
/// that stays within what a document may state.
@Suite struct LottieHostileInputTests {
  let api = ServiceHarness()
  typealias T = LottieTimelineTests

  func post(_ path: String, _ document: [String: Any]) throws -> RawClient.Response {
    let data = try JSONSerialization.data(withJSONObject: document)
    return api.postJSON(path, String(decoding: data, as: UTF8.self))
  }

  /// 2 000 layers parented in a line and 50 without st: the cycle check and the lint's causes
  /// walk the chain once (a walk from every layer took 315 s debug at 4 000).
  @Test func aLongParentChainIsWalkedOnce() throws {
    var layers = [T.layer([:], ind: 1)]
    for i in 2...2_000 { layers.append(T.layer([:], ind: i, extra: ["parent": i - 1])) }
    for i in 0..<50 {
      var layer = T.layer([:], ind: 3_000 + i)
      layer.removeValue(forKey: "st")
      layers.append(layer)
    }
    let answer = try post("/v1/lottie/lint?frames=0..0", T.document(layers))
    #expect(answer.status == 200, "\(answer.text.prefix(200))")
    #expect((answer.json["findings"] as? [Any])?.count == 50)
  }

  /// Work that was not charged is refused before it runs: 20 000 fills at 1 000 frames of lint,
  /// 20 000 spatial keyframes, a 200 KB name shown by 400 precomposition layers.
  @Test func uncountedWorkIsRefused() throws {
    let fills = [[String: Any]](
      repeating: ["ty": "fl", "c": T.still([1, 0, 0]), "o": T.still(100)], count: 20_000)
    let painted = T.document([T.layer([:], extra: ["ty": 4, "shapes": fills, "op": 1_000])])
    let lint = try post("/v1/lottie/lint?frames=0..999", painted)
    #expect(lint.status == 422 || lint.status == 413, "\(lint.status) \(lint.text.prefix(200))")
    let keyframes = (0..<20_000).map { k -> [String: Any] in
      [
        "t": k, "s": [k % 7, k % 5], "to": [3, -2], "ti": [-1, 4], "o": ["x": 0.3, "y": 0],
        "i": ["x": 0.7, "y": 1],
      ]
    }
    let spatial = T.document([T.layer(["p": ["a": 1, "k": keyframes]])])
    let built = try post("/v1/lottie/timeline?frames=0..0", spatial)
    #expect(built.status == 422 || built.status == 413, "\(built.status) \(built.text.prefix(200))")
    let named = T.layer([:], extra: ["nm": String(repeating: "x", count: 200_000)])
    let holders = (0..<400).map { i in
      T.layer([:], ind: i + 1, extra: ["ty": 0, "refId": "a", "w": 10, "h": 10])
    }
    let text = try post(
      "/v1/lottie/timeline?frames=0..0",
      T.document(holders, assets: [["id": "a", "layers": [named]]]))
    #expect(text.status == 422 || text.status == 413, "\(text.status) \(text.text.prefix(200))")
  }

  /// A handle's y of 1e308 and scales of 1e9 % through 60 parents overflow double: each a 422
  /// at its pointer, not a null in a 200.
  @Test func overflowIsRefusedByPointer() throws {
    let position: [String: Any] = [
      "a": 1,
      "k": [
        [
          "t": 0, "s": [0, 0], "o": ["x": [0.5], "y": [1e308]], "i": ["x": [0.5], "y": [-1e308]],
        ],
        ["t": 10, "s": [1e9, 1e9]],
      ],
    ]
    let handle = try post("/v1/lottie/timeline", T.document([T.layer(["p": position])]))
    #expect(handle.status == 422, "\(handle.text.prefix(200))")
    #expect(
      handle.errors.first?.pointer == "/layers/0/ks/p/k/0/o/y/0", "\(handle.text.prefix(300))")
    var chain: [[String: Any]] = []
    for i in 1...60 {
      chain.append(
        T.layer(
          ["s": T.still([1e9, 1e9]), "p": T.still([1e9, 1e9]), "r": T.still(45)], ind: i,
          extra: i > 1 ? ["parent": i - 1] : [:]))
    }
    for path in ["/v1/lottie/timeline?frames=0..0", "/v1/lottie/lint?frames=0..0"] {
      let overflow = try post(path, T.document(chain))
      #expect(overflow.status == 422, "\(path): \(overflow.text.prefix(200))")
      #expect(
        overflow.errors.first?.pointer.hasSuffix("/ks") == true,
        "\(path): \(overflow.text.prefix(300))")
    }
  }

  /// st × sr beyond ±1e9 is not written: the rewritten file stays one the service reads.
  @Test func aRewriteStaysWithinRange() throws {
    let holder = T.layer(
      [:], extra: ["ty": 0, "refId": "a", "w": 10, "h": 10, "st": 1e9, "sr": 1000])
    let document = T.document([holder], assets: [["id": "a", "layers": [T.layer([:])]]])
    let fixed = try post("/v1/lottie/lint?fix=true", document)
    #expect(fixed.status == 200, "\(fixed.text.prefix(200))")
    #expect((fixed.json["layers"] as? [[String: Any]])?.first?["st"] as? Double == 1e9)
    let again = try post("/v1/lottie/timeline?frames=0..0", fixed.json)
    #expect(again.status == 200, "\(again.text.prefix(200))")
  }
}
