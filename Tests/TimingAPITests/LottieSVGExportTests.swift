import Foundation
import Testing
import TimingEngine

@testable import TimingAPI

/// `POST /v1/lottie/export` (docs/lottie-export.md "Proof"): each expected keyframe worked out
/// by hand from the document — offsets as frames over ip…op, Lottie's `o`/`i` as the
/// keyframe's `cubic-bezier`, a hold as `steps(1,end)`, a precomposition's `st` and `sr` as a
/// linear map of the root's frames — and the account's measure within its bound.
@Suite struct LottieSVGExportTests {
  let api = ServiceHarness()

  func export(_ document: String, query: String = "") throws -> (
    svg: String, account: [String: Any]
  ) {
    let answer = api.postJSON("/v1/lottie/export" + query, document)
    #expect(answer.status == 200, "\(answer.text.prefix(400))")
    let svg = answer.text
    let start = try #require(svg.range(of: #"<metadata id="animation-timing">"#))
    let end = try #require(svg.range(of: "</metadata>"))
    let text = String(svg[start.upperBound..<end.lowerBound])
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    let account = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    return (svg, account)
  }

  /// The keyframes block named `name`.
  func keyframes(_ svg: String, _ name: String) -> String? {
    guard let start = svg.range(of: "@keyframes \(name){") else { return nil }
    guard let end = svg[start.upperBound...].range(of: "}\n") else { return nil }
    return String(svg[start.lowerBound..<end.upperBound]).trimmingCharacters(in: .newlines)
  }

  func maxError(_ account: [String: Any]) -> [String: Any] {
    account["maxError"] as? [String: Any] ?? [:]
  }

  /// MotionDiffTests.document: x from 0 at frame 0 to 100 at frame 30 (linear handles), held
  /// to op 60; 40 × 20 px, filled rgb(0.2, 0.4, 0.6).
  @Test func aLinearMoveIsItsOwnKeyframes() throws {
    let (svg, account) = try export(MotionDiffTests.document())
    // Frame 30 of 0…60 is 50 %; Lottie's o (0, 0) and i (1, 1) are a straight line: linear.
    #expect(
      keyframes(svg, "P0")
        == "@keyframes P0{0%{transform:translate(0px,0px);animation-timing-function:linear}50%{transform:translate(100px,0px);animation-timing-function:linear}100%{transform:translate(100px,0px)}}"
    )
    #expect(svg.contains(".P0{animation:P0 2s infinite}"))
    #expect((account["baked"] as? [Any])?.isEmpty == true)
    #expect((maxError(account)["pixels"] as? Double ?? 1) <= 1e-9)
    #expect(svg.contains(#"data-pointer="/layers/0""#))
    // The rectangle as a path (centre 20, 10; 40 × 20), its fill 0.2, 0.4, 0.6 of 255.
    #expect(
      svg.contains(
        #"<path d="M 40 0 L 40 20 L 0 20 L 0 0 Z" data-paint="/shapes/0/it/1" fill="rgb(51 102 153)"/>"#
      ))
    // The still layer draws at (50, 50): a still group, no animation.
    #expect(svg.contains(#"<g transform="matrix(1 0 0 1 50 50)">"#))
    #expect(keyframes(svg, "P1") == nil)
  }

  /// ip 10 cuts an eased segment (o 0.4, 0 and i 0.2, 1 from 0 to 100 over frames 0…30): the
  /// keyframes start with the piece of the curve from frame 10, whose value there and whose
  /// timing function reproduce Lottie's curve at every frame after.
  @Test func theWindowCutsACurveIntoAPieceOfIt() throws {
    let document = #"""
      {"fr": 30, "ip": 10, "op": 40, "w": 200, "h": 100, "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0,
       "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": 0.4, "y": 0}, "i": {"x": 0.2, "y": 1}}, {"t": 30, "s": [100, 0]}]}},
       "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}}]}]}
      """#
    let (svg, account) = try export(document)
    #expect((maxError(account)["pixels"] as? Double ?? 1) <= 1e-9)
    let text = try #require(keyframes(svg, "P0"))
    // 0 %: Lottie's value at frame 10; the piece's curve then reaches 100 at frame 30 (66.7 %).
    let curve = CubicBezier(0.4, 0, 0.2, 1)
    let at10 = 100 * curve.solve(10.0 / 30)
    let numbers = text.split(whereSeparator: { "(),;{}%:".contains($0) }).compactMap {
      Double($0.replacingOccurrences(of: "px", with: ""))
    }
    #expect(abs(numbers[1] - at10) <= 1e-9, "\(text)")
    let piece = try #require(text.range(of: "cubic-bezier("))
    let handles = text[piece.upperBound...].prefix { $0 != ")" }.split(separator: ",").compactMap {
      Double($0)
    }
    #expect(handles.count == 4)
    // At frame 20 (half the piece's 20 frames): the piece's progress against Lottie's value.
    let cut = CubicBezier(handles[0], handles[1], handles[2], handles[3])
    let value = at10 + (100 - at10) * cut.solve(0.5)
    #expect(abs(value - 100 * curve.solve(20.0 / 30)) <= 1e-9)
  }

  /// A precomposition with st 10 and sr 2: its layer's frame f is F / 2 − 10 (lottie-spec
  /// "Time Stretch"), so its keyframes at f 0 and 20 play at root frames 20 and 60 — 25 % and
  /// 75 % of 0…80 — and a hold is steps(1,end).
  @Test func aStretchedPrecompositionIsALinearMapOfTime() throws {
    let document = #"""
      {"fr": 30, "ip": 0, "op": 80, "w": 100, "h": 100, "assets": [{"id": "c", "layers": [
        {"ty": 4, "ind": 1, "ip": -100, "op": 100, "st": 0, "ks": {"r": {"a": 1, "k": [{"t": 0, "s": [0], "h": 1}, {"t": 20, "s": [90]}]}},
         "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}}]}]}],
       "layers": [{"ty": 0, "refId": "c", "ind": 1, "ip": 0, "op": 80, "st": 10, "sr": 2, "w": 100, "h": 100, "ks": {}}]}
      """#
    let (svg, account) = try export(document)
    #expect((maxError(account)["pixels"] as? Double ?? 1) <= 1e-9)
    #expect(
      keyframes(svg, "R1")
        == "@keyframes R1{0%{transform:rotate(0deg);animation-timing-function:linear}25%{transform:rotate(0deg);animation-timing-function:steps(1,end)}75%{transform:rotate(90deg);animation-timing-function:linear}100%{transform:rotate(90deg)}}"
    )
    #expect(svg.contains(#"clip-path="url(#clip0)""#))
  }

  /// A segment that ends on op, the next keyframe after it: its end is the last keyframe (a
  /// scale from 0 at frame 20 to 100 % at 30 = op, then 50 % at 40, is 0 to 66.7 % and 1 at
  /// 100 %; `thorvg__textblock.json` drew a layer at scale 0 throughout, 60 px off).
  @Test func aSegmentEndingOnTheOutPointKeepsItsEnd() throws {
    let document = #"""
      {"fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 30, "st": 0,
       "ks": {"s": {"a": 1, "k": [{"t": 20, "s": [0, 0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 30, "s": [100, 100], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 40, "s": [50, 50]}]}},
       "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}}]}]}
      """#
    let (svg, account) = try export(document)
    #expect((maxError(account)["pixels"] as? Double ?? 1) <= 1e-9)
    #expect(
      keyframes(svg, "S0")
        == "@keyframes S0{0%{transform:scale(0,0);animation-timing-function:linear}66.66666666666666%{transform:scale(0,0);animation-timing-function:cubic-bezier(0.3,0,0.7,1)}100%{transform:scale(1,1)}}"
    )
  }

  /// Every `cubic-bezier` written takes x in 0…1, as CSS requires (Chromium drops one that does
  /// not and eases with `ease`: 8.6 px on thorvg__ghost2.json): handles beyond it (o.x −0.1,
  /// i.x 1.1; the timeline clamps x, as lottie-web does) and a piece cut by ip 3 from a curve
  /// with x1 0.95, whose normalised handles may leave it (then baked).
  @Test func everyTimingFunctionIsOneCSSTakes() throws {
    let document = #"""
      {"fr": 30, "ip": 3, "op": 40, "w": 200, "h": 100, "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0,
       "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": -0.1, "y": 0}, "i": {"x": 1.1, "y": 1}}, {"t": 30, "s": [100, 0]}]},
              "r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.95], "y": [0]}, "i": {"x": [0.9], "y": [1]}}, {"t": 30, "s": [90]}]}},
       "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}}]}]}
      """#
    let (svg, account) = try export(document)
    #expect((maxError(account)["pixels"] as? Double ?? 1) <= 0.5)
    var rest = Substring(svg)
    var found = 0
    while let start = rest.range(of: "cubic-bezier(") {
      let numbers = rest[start.upperBound...].prefix { $0 != ")" }.split(separator: ",").compactMap
      {
        Double($0)
      }
      #expect(numbers.count == 4 && (0...1).contains(numbers[0]) && (0...1).contains(numbers[2]))
      found += 1
      rest = rest[start.upperBound...]
    }
    #expect(found > 0)
  }

  /// Spatial tangents (a curved path) are an offset path: the cubic through the tangents written
  /// 64 times larger, its offset-distance from 0 to the curve's length with the segment's
  /// cubic-bezier; an easing that runs past the curve's end is baked within the bound.
  @Test func aCurvedPathIsAnOffsetPath() throws {
    func document(_ outY: Double) -> String {
      #"""
      {"fr": 30, "ip": 0, "op": 30, "w": 200, "h": 200, "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 30, "st": 0,
       "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 100], "to": [30, -60], "ti": [-30, -60], "o": {"x": 0.3, "y": \#(outY)}, "i": {"x": 0.7, "y": 1}}, {"t": 30, "s": [180, 100]}]}},
       "shapes": [{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}}]}]}
      """#
    }
    let (svg, account) = try export(document(0))
    // Control points start + to = (30, 40) and end + ti = (150, 40), times 64.
    #expect(
      svg.contains(
        #"<g class="P0" style="offset-path:path('M 0 6400 C 1920 2560 9600 2560 11520 6400');offset-rotate:0deg">"#
      ))
    #expect(svg.contains(#"<g transform="matrix(0.015625 0 0 0.015625 0 0)"><g class="P0""#))
    let text = try #require(keyframes(svg, "P0"))
    #expect(
      text.hasPrefix(
        "@keyframes P0{0%{offset-distance:0px;animation-timing-function:cubic-bezier(0.3,0,0.7,1)}100%{offset-distance:"
      ))
    // The curve's length (mpmath: 211.492184400189 px) as the browser's chords sum it, 64 times
    // larger: a chord sum is shorter than the arc, by less than 1e-4 of it here.
    let length = try #require(
      Double(text.split(separator: "100%{offset-distance:").last?.dropLast(4) ?? ""))
    #expect(length <= 13535.4998016121 && length >= 13535.4998016121 * (1 - 1e-4))
    #expect((account["baked"] as? [String])?.isEmpty == true)
    #expect((maxError(account)["pixels"] as? Double ?? 1) <= 0.02)
    // Auto-oriented (ao 1): turned with the path (offset-rotate: auto), its own rotation of 30°
    // a group of its own, nothing baked.
    let oriented = document(0).replacingOccurrences(
      of: #""st": 0,"#, with: #""st": 0, "ao": 1,"#
    ).replacingOccurrences(of: #""ks": {"p""#, with: #""ks": {"r": {"a": 0, "k": 30}, "p""#)
    let (turning, turningAccount) = try export(oriented)
    #expect(turning.contains(";offset-rotate:auto\">"))
    #expect(
      turning.contains(
        #"<g transform="matrix(0.8660254037844387 0.49999999999999994 -0.49999999999999994 0.8660254037844387 0 0)">"#
      ))
    #expect((turningAccount["baked"] as? [String])?.isEmpty == true)
    #expect((maxError(turningAccount)["pixels"] as? Double ?? 1) <= 0.02)
    // Eased past its start (o.y −0.5): Lottie stops at the curve's end, a distance below 0 would
    // not: baked, within each bound.
    for bound in [0.5, 0.05] {
      let (baked, account) = try export(document(-0.5), query: "?maxError=\(bound)")
      #expect(!baked.contains("offset-path"))
      #expect((account["baked"] as? [String])?.contains("P0") == true)
      #expect((maxError(account)["pixels"] as? Double ?? 1) <= bound)
      #expect(account["bound"] as? Double == bound)
    }
  }

  /// A one-layer document (a 20 × 20 ellipse) whose transform is `ks`, over ip…op.
  static func layer(_ ks: String, ip: Int = 0, op: Int = 30, w: Int = 200) -> String {
    #"""
    {"fr": 30, "ip": \#(ip), "op": \#(op), "w": \#(w), "h": \#(w), "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 100, "st": 0,
     "ks": \#(ks), "shapes": [{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}}]}]}
    """#
  }

  /// The offset form's edges, each from the document: an anchor's path negated (Lottie draws
  /// at −a), a window that cuts a curve, a hold as `steps(1,end)` along the path, a moving z
  /// (no 2D path) and a jump at one time baked, a position still over the window a still
  /// group, and a path so far out that Chromium's float sums are off (6.4e8 path units: 64 a
  /// float step) refused by the measure and baked within the bound.
  @Test func offsetPathEdges() throws {
    let curve =
      #"{"t": 0, "s": [10, 20], "to": [0, -30], "ti": [0, -30], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}}, {"t": 30, "s": [110, 20]}"#
    // c1 = (10, −10), c2 = (110, −10); negated and × 64.
    let (anchored, anchorAccount) = try export(Self.layer(#"{"a": {"a": 1, "k": [\#(curve)]}}"#))
    #expect(
      anchored.contains(
        #"<g class="A0" style="offset-path:path('M -640 -1280 C -640 640 -7040 640 -7040 -1280');offset-rotate:0deg">"#
      ))
    #expect((maxError(anchorAccount)["pixels"] as? Double ?? 1) <= 0.02)
    #expect((anchorAccount["baked"] as? [String])?.isEmpty == true)

    // ip 15 of the 0…30 segment: the path whole, the distance from the cut on.
    let (cut, cutAccount) = try export(Self.layer(#"{"p": {"a": 1, "k": [\#(curve)]}}"#, ip: 15))
    let cutText = try #require(keyframes(cut, "P0"))
    #expect(!cutText.hasPrefix("@keyframes P0{0%{offset-distance:0px"))
    #expect((maxError(cutAccount)["pixels"] as? Double ?? 1) <= 0.02)
    #expect((cutAccount["baked"] as? [String])?.isEmpty == true)

    // Held from frame 10 to 20 on the path.
    let held =
      #"{"p": {"a": 1, "k": [{"t": 0, "s": [10, 20], "to": [0, -30], "ti": [0, -30], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}}, {"t": 10, "s": [110, 20], "h": 1}, {"t": 20, "s": [110, 120], "to": [30, 0], "ti": [30, 0], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}}, {"t": 30, "s": [10, 120]}]}}"#
    let (hold, holdAccount) = try export(Self.layer(held))
    #expect(keyframes(hold, "P0")?.contains("animation-timing-function:steps(1,end)") == true)
    #expect((maxError(holdAccount)["pixels"] as? Double ?? 1) <= 0.02)
    #expect((holdAccount["baked"] as? [String])?.isEmpty == true)

    // z from 0 to 50: no 2D path; and two keyframes at frame 10 (100 then 200): a jump.
    for ks in [
      #"{"p": {"a": 1, "k": [{"t": 0, "s": [10, 20, 0], "to": [0, -30, 0], "ti": [0, -30, 0], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}}, {"t": 30, "s": [110, 20, 50]}]}}"#,
      #"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [100, 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [200, 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 20, "s": [300, 0]}]}}"#,
    ] {
      let (svg, account) = try export(Self.layer(ks))
      #expect(!svg.contains("offset-path"))
      #expect((account["baked"] as? [String])?.contains("P0") == true)
      #expect((maxError(account)["pixels"] as? Double ?? 1) <= 0.5)
    }

    // The curve is over by frame 30; the window 40…60 sees it still at (110, 20).
    let (still, stillAccount) = try export(
      Self.layer(#"{"p": {"a": 1, "k": [\#(curve)]}}"#, ip: 40, op: 60))
    #expect(!still.contains("offset-path") && keyframes(still, "P0") == nil)
    #expect(still.contains(#"<g transform="matrix(1 0 0 1 110 20)">"#))
    #expect((maxError(stillAccount)["pixels"] as? Double ?? 1) <= 1e-9)

    // 1e7 px out, 6.4e8 path units: refused, then baked within 0.5 px.
    let far =
      #"{"p": {"a": 1, "k": [{"t": 0, "s": [1e7, 1e7], "to": [50, -80], "ti": [-50, -80], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}}, {"t": 30, "s": [10000200, 1e7]}]}}"#
    let (farSVG, farAccount) = try export(Self.layer(far))
    #expect(!farSVG.contains("offset-path"))
    #expect((farAccount["baked"] as? [String])?.contains("P0") == true)
    #expect((maxError(farAccount)["pixels"] as? Double ?? 1) <= 0.5)
  }

  /// A fill's colour is in the measure: Lottie's own keyframes where its channels share one
  /// easing (0 apart), baked within 1/1000 a channel where they are eased apart; its opacity
  /// likewise.
  @Test func coloursAreMeasured() throws {
    func document(_ outX: String) -> String {
      #"""
      {"fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {},
       "shapes": [{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
                  {"ty": "fl", "c": {"a": 1, "k": [{"t": 0, "s": [1, 0, 0, 1], "o": {"x": \#(outX), "y": [0, 0, 0]}, "i": {"x": [0.6, 0.6, 0.6], "y": [1, 1, 1]}}, {"t": 30, "s": [0, 0.5, 1, 1]}]},
                   "o": {"a": 1, "k": [{"t": 0, "s": [100], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 30, "s": [20]}]}}]}]}
      """#
    }
    let (svg, exact) = try export(document("[0.3, 0.3, 0.3]"))
    #expect((maxError(exact)["color"] as? Double ?? 1) <= 1e-12)
    #expect(svg.contains("fill:rgb(255 0 0);animation-timing-function:cubic-bezier(0.3,0,0.6,1)"))
    // Both move on one path: one rule runs both (each class's own `animation` would drop the
    // other's).
    #expect(svg.contains(#"class="C0_0 Q0_0""#))
    #expect(svg.contains(".C0_0.Q0_0{animation:C0_0 1s infinite,Q0_0 1s infinite}"))
    let (_, apart) = try export(document("[0.1, 0.5, 0.9]"))
    let color = try #require(maxError(apart)["color"] as? Double)
    #expect(color > 0 && color <= 0.001)
    #expect((apart["baked"] as? [String])?.contains("C0_0") == true)
  }

  /// What is not exported is listed by pointer: a mask (not evaluated), a gradient (a shape
  /// the export does not model), a shape morph (drawn as first stated).
  @Test func whatIsLeftOutIsListed() throws {
    let document = #"""
      {"fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {},
       "hasMask": true, "masksProperties": [{"mode": "a", "pt": {"a": 0, "k": {"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}}],
       "shapes": [{"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [{"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}]}, {"t": 10, "s": [{"c": true, "v": [[0, 0], [20, 0], [20, 20]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}]}]}},
                  {"ty": "gf", "o": {"a": 0, "k": 100}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
      """#
    let (svg, account) = try export(document)
    let listed = (account["notExported"] as? [[String: Any]] ?? []).map {
      ($0["pointer"] as? String ?? "") + " " + ($0["feature"] as? String ?? "")
    }
    #expect(listed.contains { $0.hasPrefix("/layers/0/masksProperties") }, "\(listed)")
    #expect(listed.contains("/layers/0/shapes/0/ks shape morph"), "\(listed)")
    #expect(listed.contains { $0.hasPrefix("/layers/0/shapes/1 ") }, "\(listed)")
    // The fill paints the path as first stated.
    #expect(
      svg.contains(
        #"<path d="M 0 0 C 0 0 10 0 10 0 C 10 0 10 10 10 10 C 10 10 0 0 0 0 Z" data-paint="/shapes/2" fill="rgb(255 0 0)"/>"#
      ))
  }

  /// The Web Animations form: the same keyframes as the style sheet, by selector, with
  /// options `animate()` takes as they are.
  @Test func theWebAnimationsFormIsTheSameKeyframes() throws {
    let answer = api.postJSON("/v1/lottie/export?format=waapi", MotionDiffTests.document())
    #expect(answer.status == 200, "\(answer.text.prefix(300))")
    let animations = try #require(answer.json["animations"] as? [[String: Any]])
    let move = try #require(animations.first { $0["selector"] as? String == ".P0" })
    let keyframes = try #require(move["keyframes"] as? [[String: Any]])
    #expect(keyframes.map { $0["offset"] as? Double } == [0, 0.5, 1])
    #expect(
      keyframes.map { $0["transform"] as? String } == [
        "translate(0px,0px)", "translate(100px,0px)", "translate(100px,0px)",
      ])
    let options = try #require(move["options"] as? [String: Any])
    #expect(
      options["duration"] as? Double == 2000 && options["iterations"] as? String == "Infinity")
    #expect((answer.json["account"] as? [String: Any])?["bound"] as? Double == 0.5)
    #expect(LottieSVGExport.camelCase("stroke-opacity") == "strokeOpacity")
  }

  /// Hostile documents: refused by the work budget before the work (a span of 1e9 frames, a
  /// chain of 3 000 parents each child repeating), or answered whole (100 000 keyframes).
  @Test func hostileDocumentsAreRefusedOrAnswered() throws {
    let long =
      #"{"fr": 30, "ip": 0, "op": 1e9, "w": 10, "h": 10, "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 1e9, "st": 0, "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [5, 5], "ti": [5, -5]}, {"t": 1e9, "s": [10, 0]}]}}, "shapes": []}]}"#
    let refused = api.postJSON("/v1/lottie/export", long)
    #expect(
      refused.status == 422 && refused.text.contains("too-much-work"), "\(refused.text.prefix(300))"
    )
    let chain = (1...3_000).map { i in
      #"{"ty": 3, "ind": \#(i), \#(i > 1 ? "\"parent\": \(i - 1), " : "")"ip": 0, "op": 60, "st": 0, "ks": {"r": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 60, "s": [90]}]}}}"#
    }.joined(separator: ",")
    let deep = api.postJSON(
      "/v1/lottie/export",
      #"{"fr": 30, "ip": 0, "op": 60, "w": 10, "h": 10, "layers": [\#(chain)]}"#)
    #expect(deep.status == 422 && deep.text.contains("too-much-work"), "\(deep.text.prefix(300))")
    let keys = (0..<100_000).map { #"{"t": \#($0), "s": [\#($0 % 7)], "h": 1}"# }.joined(
      separator: ",")
    let many = api.postJSON(
      "/v1/lottie/export",
      #"{"fr": 30, "ip": 0, "op": 100000, "w": 10, "h": 10, "layers": [{"ty": 3, "ind": 1, "ip": 0, "op": 100000, "st": 0, "ks": {"r": {"a": 1, "k": [\#(keys)]}}}]}"#
    )
    #expect(many.status == 200 || many.text.contains("too-much-work"), "\(many.text.prefix(300))")
  }

  /// Every fixture exported: answered (or refused by the budget), each animation named once
  /// (instance 1's split x once collided with instance 10's position: both `P10`), no number
  /// that is not one, every `cubic-bezier` one CSS takes, the measure within the bound.
  @Test func everyFixtureExportsSoundly() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../Fixtures/lottie")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".json") && !$0.contains("__invalid__") }
    #expect(files.count >= 10)
    for file in files {
      let body = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      let answer = api.postJSON("/v1/lottie/export", body)
      guard answer.status == 200 else {
        #expect(answer.text.contains("too-much-work"), "\(file): \(answer.text.prefix(300))")
        continue
      }
      let svg = answer.text
      var names: [String: Int] = [:]
      for line in svg.split(separator: "\n") where line.hasPrefix("@keyframes ") {
        let name = line.dropFirst("@keyframes ".count).prefix { $0 != "{" }
        names[String(name), default: 0] += 1
      }
      #expect(names.values.allSatisfy { $0 == 1 }, "\(file): \(names.filter { $0.value > 1 })")
      let numbers = svg.replacingOccurrences(of: "infinite", with: "")
      #expect(!numbers.contains("nan") && !numbers.contains("inf"), "\(file)")
      let (_, account) = try export(body)
      let measured = maxError(account)
      #expect((measured["pixels"] as? Double ?? 1) <= 0.5, "\(file): \(measured)")
      #expect(measured["visibilityFrames"] as? Int == 0, "\(file): \(measured)")
    }
  }

  /// Shapes with too few numbers, an auto-oriented layer with an empty scale, ip = op: drawn
  /// with the defaults the timeline reads, or refused naming /op — never a trap.
  @Test func shortValuesAndAnEmptySpan() throws {
    let short = #"""
      {"fr": 30, "ip": 0, "op": 10, "w": 100, "h": 100, "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 10, "st": 0, "ao": 1,
       "ks": {"s": {"a": 0, "k": []}, "p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 10, "s": [50, 20]}]}},
       "shapes": [{"ty": "rc", "p": {"a": 0, "k": 5}, "s": {"a": 0, "k": [10]}, "r": {"a": 0, "k": []}},
                  {"ty": "el", "p": {"a": 0, "k": []}, "s": {"a": 0, "k": 4}},
                  {"ty": "gr", "it": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [4, 4]}, "r": {"a": 0, "k": 0}},
                    {"ty": "tr", "p": {"a": 0, "k": 3}, "s": {"a": 0, "k": [50]}, "a": {"a": 0, "k": []}, "o": {"a": 0, "k": []}}]},
                  {"ty": "st", "w": {"a": 0, "k": []}, "o": {"a": 0, "k": []}, "c": {"a": 0, "k": [1]}},
                  {"ty": "fl", "o": {"a": 0, "k": []}}]}]}
      """#
    let answer = api.postJSON("/v1/lottie/export", short)
    #expect(answer.status == 200 || answer.status == 422, "\(answer.text.prefix(300))")
    let empty = api.postJSON(
      "/v1/lottie/export",
      #"{"fr": 30, "ip": 2e7, "op": 2e7, "w": 10, "h": 10, "layers": [{"ty": 3, "ind": 1, "ip": 0, "op": 3e7, "st": 0, "ks": {}}]}"#
    )
    #expect(
      empty.status == 422 && empty.text.contains(#""pointer":"/op""#), "\(empty.text.prefix(300))")
  }

  @Test func badInputNamesTheParameter() throws {
    let bad = api.postJSON("/v1/lottie/export?maxError=0", MotionDiffTests.document())
    #expect(bad.status == 422 && bad.text.contains(#""parameter":"maxError""#))
    let css = api.postJSON("/v1/lottie/export?format=css", MotionDiffTests.document())
    #expect(css.status == 200 && css.header("Content-Type")?.hasPrefix("text/css") == true)
    #expect(css.text.contains(".V0{animation:V0 2s infinite}\n@keyframes V0{0%{visibility:visible"))
    let json = api.postJSON("/v1/lottie/export?format=csv", MotionDiffTests.document())
    #expect(json.status == 422 || json.status == 406)
    let cyclic = api.postJSON(
      "/v1/lottie/export",
      #"{"fr": 30, "ip": 0, "op": 10, "layers": [{"ty": 3, "ind": 1, "parent": 1, "ip": 0, "op": 10, "ks": {}}]}"#
    )
    #expect(cyclic.status == 422 && cyclic.text.contains("/layers/0/parent"))
  }
}
