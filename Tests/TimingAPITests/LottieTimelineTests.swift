import Foundation
import TestSupport
import Testing

/// `POST /v1/lottie/timeline` (docs/lottie.md) against values worked out here from the rules the
/// document states — lottie-web's numbers for its transform order, a bisection of the easing
/// cubic, Simpson's rule for a spatial path's arc length — not from the service's evaluator; the
/// corpus files evaluate with no 5xx and list what they skip; bad input names its pointer.
@Suite struct LottieTimelineTests {
  let api = ServiceHarness()

  /// A document of `layers` (and `assets`) at 30 fps, frames 0…60.
  static func document(
    _ layers: [[String: Any]], assets: [[String: Any]] = [], version: String = "5.7.4"
  )
    -> [String: Any]
  {
    [
      "v": version, "fr": 30, "ip": 0, "op": 60, "w": 200, "h": 200, "layers": layers,
      "assets": assets,
    ]
  }

  /// A null layer with transform `ks` (each member a still value or keyframes).
  static func layer(_ ks: [String: Any], ind: Int = 1, extra: [String: Any] = [:]) -> [String: Any]
  {
    var layer: [String: Any] = ["ty": 3, "ind": ind, "ip": 0, "op": 60, "st": 0, "ks": ks]
    for (k, v) in extra { layer[k] = v }
    return layer
  }

  static func still(_ value: Any) -> [String: Any] { ["a": 0, "k": value] }

  func timeline(_ document: [String: Any], _ query: String = "") throws -> RawClient.Response {
    let data = try JSONSerialization.data(withJSONObject: document)
    return api.postJSON("/v1/lottie/timeline" + query, String(decoding: data, as: UTF8.self))
  }

  /// Column `keyPath` of layer `key`: one array of numbers a frame.
  static func column(_ answer: RawClient.Response, _ key: String, _ keyPath: String) -> [[Double]] {
    let layers = answer.json["layers"] as? [String: [String: Any]]
    let values = layers?[key]?[keyPath] as? [Any] ?? []
    return values.map { item in
      if let array = item as? [Double] { return array }
      if let number = item as? Double { return [number] }
      if let flag = item as? Bool { return [flag ? 1 : 0] }
      return []
    }
  }

  /// The affine a, b, c, d, e, f of a CATransform3D's 16 numbers.
  static func affine(_ m: [Double]) -> [Double] { [m[0], m[1], m[4], m[5], m[12], m[13]] }

  /// The transform order (docs/lottie.md "Transforms"): lottie-web 5.7.14's matrix for anchor
  /// (10, 20), position (100, 50), scale (200 %, 50 %), rotation 30°, skew 20° about 45°, as its
  /// SVG prints it: matrix(1.234858, 1.133222, −0.374298, 0.466318, 95.137383, 29.34141).
  @Test func theTransformIsLottieWebs() throws {
    let ks: [String: Any] = [
      "a": Self.still([10, 20]), "p": Self.still([100, 50]), "s": Self.still([200, 50]),
      "r": Self.still(30), "sk": Self.still(20), "sa": Self.still(45), "o": Self.still(100),
    ]
    let answer = try timeline(Self.document([Self.layer(ks)]), "?frames=0..0")
    #expect(answer.status == 200, "\(answer.text.prefix(300))")
    let m = Self.affine(try #require(Self.column(answer, "/layers/0", "transform").first))
    // lottie-web multiplies in float32 (a relative 6e-8 a step) and prints 6 decimals.
    for (got, want) in zip(m, [1.234858, 1.133222, -0.374298, 0.466318, 95.137383, 29.34141]) {
      #expect(abs(got - want) < 1e-5, "\(m)")
    }
  }

  /// A rotation of 90° is clockwise and exact; a parent's transform comes first: a child at
  /// (10, 0) of a parent at (100, 100) turned 90° is drawn at (100, 110).
  @Test func parentsComeFirst() throws {
    let parent = Self.layer(["p": Self.still([100, 100]), "r": Self.still(90)], ind: 1)
    let child = Self.layer(["p": Self.still([10, 0])], ind: 2, extra: ["parent": 1])
    let answer = try timeline(Self.document([child, parent]), "?frames=0..0")
    let m = Self.affine(try #require(Self.column(answer, "/layers/0", "transform").first))
    #expect(m == [0, 1, -1, 0, 100, 110], "\(m)")
    let info = answer.json["layerInfo"] as? [String: [String: Any]]
    #expect(info?["/layers/0"]?["parent"] as? String == "/layers/1")
  }

  /// The easing cubic through (0, 0), (0.42, 0), (1, 1), (1, 1), solved here by bisection.
  static func easeIn(_ x: Double) -> Double {
    func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
      3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var (lo, hi) = (0.0, 1.0)
    for _ in 0..<200 {
      let mid = (lo + hi) / 2
      if bezier(mid, 0.42, 1) < x { lo = mid } else { hi = mid }
    }
    return bezier((lo + hi) / 2, 0, 1)
  }

  /// Keyframes: each dimension eased by its own handles (x eased in, y linear), a hold kept up to
  /// the next keyframe, the first value before the first keyframe and the last after the last.
  @Test func keyframesEaseHoldAndClamp() throws {
    let position: [String: Any] = [
      "a": 1,
      "k": [
        [
          "t": 10, "s": [0, 0], "o": ["x": [0.42, 0], "y": [0, 0]],
          "i": ["x": [1, 1], "y": [1, 1]],
        ],
        ["t": 20, "s": [100, 50], "h": 1],
        ["t": 30, "s": [200, 0]],
      ],
    ]
    let answer = try timeline(
      Self.document([Self.layer(["p": position])]), "?times=0,0.5,0.6,0.9,0.95,1,2")
    #expect(answer.status == 200, "\(answer.text.prefix(300))")
    let xy = Self.column(answer, "/layers/0", "transform").map { [$0[12], $0[13]] }
    // frames 0, 15, 18, 27, 28.5, 30, 60
    let want: [[Double]] = [
      [0, 0], [100 * Self.easeIn(0.5), 25], [100 * Self.easeIn(0.8), 40], [100, 50], [100, 50],
      [200, 0], [200, 0],
    ]
    #expect(xy.count == want.count)
    for (got, expected) in zip(xy, want) {
      #expect(abs(got[0] - expected[0]) < 1e-9 && abs(got[1] - expected[1]) < 1e-9, "\(xy)")
    }
  }

  /// A spatial segment s = (0, 0), to = (100, 0), ti = (0, −100), e = (100, 100), linear in
  /// time: the point at each quarter of the time is the one at that fraction of the curve's arc
  /// length, found here by Simpson's rule on 20 000 intervals and bisection.
  @Test func spatialTangentsAreFollowedByArcLength() throws {
    let position: [String: Any] = [
      "a": 1,
      "k": [
        [
          "t": 0, "s": [0, 0], "to": [100, 0], "ti": [0, -100], "o": ["x": 0, "y": 0],
          "i": ["x": 1, "y": 1],
        ],
        ["t": 40, "s": [100, 100]],
      ],
    ]
    let answer = try timeline(Self.document([Self.layer(["p": position])]), "?frames=10..30&fps=3")
    let xy = Self.column(answer, "/layers/0", "transform").map { [$0[12], $0[13]] }
    let p0 = (0.0, 0.0)
    let p1 = (100.0, 0.0)
    let p2 = (100.0, 0.0)
    let p3 = (100.0, 100.0)
    func point(_ s: Double) -> (Double, Double) {
      let t = 1 - s
      let (a, b, c, d) = (t * t * t, 3 * t * t * s, 3 * t * s * s, s * s * s)
      return (
        a * p0.0 + b * p1.0 + c * p2.0 + d * p3.0, a * p0.1 + b * p1.1 + c * p2.1 + d * p3.1
      )
    }
    func speed(_ s: Double) -> Double {
      let t = 1 - s
      let dx = 3 * t * t * (p1.0 - p0.0) + 6 * t * s * (p2.0 - p1.0) + 3 * s * s * (p3.0 - p2.0)
      let dy = 3 * t * t * (p1.1 - p0.1) + 6 * t * s * (p2.1 - p1.1) + 3 * s * s * (p3.1 - p2.1)
      return (dx * dx + dy * dy).squareRoot()
    }
    func length(_ to: Double) -> Double {
      let n = 20_000
      let h = to / Double(n)
      var sum = speed(0) + speed(to)
      for i in 1..<n { sum += (i % 2 == 1 ? 4 : 2) * speed(Double(i) * h) }
      return sum * h / 3
    }
    let total = length(1)
    for (k, fraction) in [0.25, 0.5, 0.75].enumerated() {
      var (lo, hi) = (0.0, 1.0)
      for _ in 0..<50 {
        let mid = (lo + hi) / 2
        if length(mid) < fraction * total { lo = mid } else { hi = mid }
      }
      let want = point((lo + hi) / 2)
      let got = xy[k]
      #expect(
        abs(got[0] - want.0) < 1e-6 && abs(got[1] - want.1) < 1e-6, "\(fraction): \(got) vs \(want)"
      )
    }
    // lottie-web's 150-point polyline, within 3e-3 px: (45.0453, 0.5922) at a quarter.
    #expect(abs(xy[0][0] - 45.0453) < 3e-3 && abs(xy[0][1] - 0.5922) < 3e-3)
  }

  /// A precomposition's time: its layer at st 10, sr 2 shows, at root frame 30, its asset's frame
  /// 30 / 2 − 10 = 5 (lottie-spec 1.0); with a time remap of 0 s at frame 0 to 1 s at frame 30,
  /// at root frame 15 its frame 0.5 × 30 = 15. Opacities multiply through the precomposition,
  /// not through parents; `ip`/`op` include the first frame, not the last.
  @Test func precompositionsTimeAndOpacity() throws {
    // The asset's layer moves x from 0 to 100 over its frames 0…100.
    let mover = Self.layer(
      [
        "p": [
          "a": 1,
          "k": [
            ["t": 0, "s": [0, 0], "o": ["x": 0, "y": 0], "i": ["x": 1, "y": 1]],
            ["t": 100, "s": [100, 0]],
          ],
        ],
        "o": Self.still(50),
      ], extra: ["ip": 0, "op": 1000])
    let asset: [String: Any] = ["id": "comp", "layers": [mover]]
    let stretched = Self.layer(
      ["o": Self.still(50)], ind: 1,
      extra: ["ty": 0, "refId": "comp", "st": 10, "sr": 2, "w": 100, "h": 100, "ip": 0, "op": 60])
    let remapped = Self.layer(
      [:], ind: 2,
      extra: [
        "ty": 0, "refId": "comp", "w": 100, "h": 100, "ip": 20, "op": 60,
        "tm": [
          "a": 1,
          "k": [
            ["t": 0, "s": [0], "o": ["x": 0, "y": 0], "i": ["x": 1, "y": 1]], ["t": 30, "s": [1]],
          ],
        ],
      ])
    let answer = try timeline(
      Self.document([stretched, remapped], assets: [asset]), "?times=0.5,0.6666666666666666,1")
    #expect(answer.status == 200, "\(answer.text.prefix(300))")
    // Frames 15, 20, 30.
    let inStretched = Self.column(answer, "/layers/0>/assets/0/layers/0", "transform").map {
      $0[12]
    }
    #expect(abs(inStretched[2] - 5) < 1e-9, "\(inStretched)")
    #expect(abs(inStretched[0] - 0) < 1e-9, "frame 15: 15/2 − 10 < 0, before the first keyframe")
    let inRemapped = Self.column(answer, "/layers/1>/assets/0/layers/0", "transform").map { $0[12] }
    #expect(abs(inRemapped[0] - 15) < 1e-9 && abs(inRemapped[2] - 30) < 1e-9, "\(inRemapped)")
    let opacity = Self.column(answer, "/layers/0>/assets/0/layers/0", "opacity").map { $0[0] }
    #expect(opacity.allSatisfy { abs($0 - 0.25) < 1e-12 }, "\(opacity)")
    // The remapped precomposition shows from its ip 20: hidden at 15, shown at 20.
    let hidden = Self.column(answer, "/layers/1>/assets/0/layers/0", "hidden").map { $0[0] }
    #expect(hidden == [1, 0, 0], "\(hidden)")
  }

  /// Colours: a fill's c and o, a solid's sc, and a file before 4.1.9 in 0…255.
  @Test func colours() throws {
    let shapes: [[String: Any]] = [
      [
        "ty": "gr",
        "it": [
          ["ty": "fl", "c": Self.still([1, 0.5, 0, 1]), "o": Self.still(50)],
          ["ty": "tr", "p": Self.still([0, 0])],
        ],
      ]
    ]
    let shape = Self.layer([:], extra: ["ty": 4, "shapes": shapes])
    let solid = Self.layer([:], ind: 2, extra: ["ty": 1, "sc": "#ff8000", "sw": 10, "sh": 10])
    let answer = try timeline(Self.document([shape, solid]), "?frames=0..0")
    #expect(Self.column(answer, "/layers/0", "/shapes/0/it/0") == [[1, 0.5, 0, 0.5]])
    let color = try #require(Self.column(answer, "/layers/1", "backgroundColor").first)
    #expect(zip(color, [1, 128.0 / 255, 0, 1]).allSatisfy { abs($0 - $1) < 1e-15 }, "\(color)")
    let old = try timeline(
      Self.document(
        [
          Self.layer(
            [:],
            extra: [
              "ty": 4,
              "shapes": [["ty": "fl", "c": Self.still([255, 51, 0]), "o": Self.still(100)]],
            ])
        ], version: "4.1.8"), "?frames=0..0")
    #expect(Self.column(old, "/layers/0", "/shapes/0") == [[1, 0.2, 0, 1]])
  }

  /// Every corpus file evaluates (the invalid one is refused by pointer) and says what it
  /// leaves out; the CSV has a row a frame.
  @Test func theCorpusEvaluates() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/lottie")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".json")
    }
    #expect(files.count >= 9)
    for file in files {
      let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(file)))
      let answer = api.postJSON("/v1/lottie/timeline", bytes)
      if file.hasPrefix("spec__invalid") {
        #expect(answer.status == 422, "\(file): \(answer.status)")
        continue
      }
      #expect(answer.status == 200, "\(file): \(answer.text.prefix(300))")
      let layers = answer.json["layers"] as? [String: Any]
      #expect((layers?.count ?? 0) > 0, "\(file)")
      let csv = api.postJSON("/v1/lottie/timeline?format=csv&frames=0..3", bytes)
      #expect(csv.status == 200 && csv.text.split(separator: "\r\n").count == 5, "\(file)")
    }
    let masked = api.postJSON(
      "/v1/lottie/timeline?frames=0..0",
      Array(try Data(contentsOf: folder.appendingPathComponent("ios__Issues__issue_2066.json"))))
    let features = (masked.json["notEvaluated"] as? [[String: Any]])?.compactMap {
      $0["feature"] as? String
    }
    #expect(
      Set(features ?? []).isSuperset(of: ["masks", "mattes", "shapeMorphs"]), "\(features ?? [])")
  }

  /// Times in any order and repeated are answered in order, once each; a range of fractional
  /// frames is read as written.
  @Test func framesInAnyOrderAndFractionalRanges() throws {
    let document = Self.document([Self.layer(["p": Self.still([1, 2])])])
    let times = try timeline(document, "?times=0.5,0.1,0.5,0")
    #expect(times.status == 200, "\(times.text.prefix(200))")
    #expect(times.json["frames"] as? [Double] == [0, 3, 15])
    let lint = api.postJSON(
      "/v1/lottie/lint?times=0.45,0.4",
      String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self))
    #expect(lint.status == 200, "\(lint.text.prefix(200))")
    let fractional = try timeline(document, "?frames=0.5..2.5")
    #expect(
      fractional.json["frames"] as? [Double] == [0.5, 1.5, 2.5], "\(fractional.text.prefix(200))")
  }

  /// An auto-oriented layer leaving along a vertical easing handle (x's o = (0, 1): its speed is
  /// infinite at the start, y's finite) faces along x at its first frame — not NaN (0 × ∞).
  @Test func autoOrientWhereASlopeIsInfinite() throws {
    let position: [String: Any] = [
      "a": 1,
      "k": [
        [
          "t": 0, "s": [0, 0], "o": ["x": [0, 0.5], "y": [1, 0]],
          "i": ["x": [1, 0.5], "y": [1, 1]],
        ],
        ["t": 10, "s": [100, 100]],
      ],
    ]
    let answer = try timeline(
      Self.document([Self.layer(["p": position], extra: ["ao": 1])]), "?frames=0..0")
    let m = try #require(Self.column(answer, "/layers/0", "transform").first)
    #expect(m.count == 16 && abs(m[0] - 1) < 1e-12 && abs(m[1]) < 1e-12, "\(m)")
  }

  /// Bad input: each a 422 at its pointer, in time.
  @Test func badInputNamesItsPointer() throws {
    let ok = Self.layer([:])
    var selfParent = Self.layer([:], ind: 1, extra: ["parent": 2])
    selfParent["nm"] = "a"
    let other = Self.layer([:], ind: 2, extra: ["parent": 1])
    var noIp = Self.layer([:])
    noIp.removeValue(forKey: "ip")
    let outOfOrder = Self.layer([
      "p": ["a": 1, "k": [["t": 10, "s": [0, 0]], ["t": 5, "s": [1, 1]]]]
    ])
    let selfPrecomp: [String: Any] = [
      "id": "loop", "layers": [Self.layer([:], extra: ["ty": 0, "refId": "loop"])],
    ]
    var rate = Self.document([ok])
    rate["fr"] = 1e300
    let cases: [([String: Any], String)] = [
      (rate, "/fr"),
      (Self.document([selfParent, other]), "/layers/0/parent"),
      (Self.document([noIp]), "/layers/0/ip"),
      (Self.document([Self.layer([:], extra: ["sr": 1e-300])]), "/layers/0/sr"),
      (Self.document([outOfOrder]), "/layers/0/ks/p/k/1/t"),
      (
        Self.document([Self.layer([:], extra: ["ty": 0, "refId": "loop"])], assets: [selfPrecomp]),
        "/assets/0/layers/0/refId"
      ),
      (Self.document([Self.layer(["p": Self.still([1e300, 0])])]), "/layers/0/ks/p/k/0"),
    ]
    for (document, pointer) in cases {
      let answer = try timeline(document)
      #expect(answer.status == 422, "\(pointer): \(answer.status) \(answer.text.prefix(200))")
      #expect(
        answer.errors.contains { $0.pointer == pointer }, "\(pointer): \(answer.text.prefix(300))")
    }
    let tooMany = try timeline(Self.document([ok]), "?frames=0..1e9")
    #expect(tooMany.status == 422 || tooMany.status == 413, "\(tooMany.text.prefix(200))")
  }
}
