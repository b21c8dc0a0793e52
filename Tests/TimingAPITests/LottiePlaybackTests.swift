import Foundation
import Testing
import TimingEngine

@testable import TimingAPI

/// `format=lottie` played as a Lottie player plays it, written here apart from the exporter:
/// each property's keyframes interpolated at any frame (held, straight, or through the
/// segment's handles), each layer's matrix composed in Lottie's order — translate(p) ·
/// rotate(r, clockwise, y down) · scale(s / 100) · translate(−a) — and its parent's on the
/// left, and the rectangle's corners (`rc.p` ± `rc.s` / 2) so placed compared with the corners
/// Core Animation's geometry gives from the service's own JSON samples at the same times
/// (position + M·(q − anchor), up the superlayers: semantics.md §1), including at fractional
/// frames, between the keyframes, as lottie-web plays them.
@Suite struct LottiePlaybackTests {
  let api = ServiceHarness()

  typealias Point = (x: Double, y: Double)
  /// Each layer's rectangle's four corners on the screen, by name.
  typealias Corners = [String: [Point]]
  /// x′ = a·x + c·y + e, y′ = b·x + d·y + f.
  typealias Affine = (a: Double, b: Double, c: Double, d: Double, e: Double, f: Double)

  static func compose(_ l: Affine, _ r: Affine) -> Affine {
    (
      l.a * r.a + l.c * r.b, l.b * r.a + l.d * r.b, l.a * r.c + l.c * r.d, l.b * r.c + l.d * r.d,
      l.a * r.e + l.c * r.f + l.e, l.b * r.e + l.d * r.f + l.f
    )
  }

  static func apply(_ m: Affine, _ p: Point) -> Point {
    (m.a * p.x + m.c * p.y + m.e, m.b * p.x + m.d * p.y + m.f)
  }

  /// A property's value at `frame`, as lottie-web 5.7 interpolates it: the first value before
  /// the first keyframe, the last after the last, held over a segment with `h` 1, otherwise
  /// each number from this keyframe's `s` to the next's by the handles' easing.
  static func value(_ property: [String: Any], at frame: Double) -> [Double] {
    if property["a"] as? Int != 1 {
      if let number = property["k"] as? Double { return [number] }
      return property["k"] as? [Double] ?? []
    }
    let keyframes = property["k"] as? [[String: Any]] ?? []
    let times = keyframes.map { $0["t"] as? Double ?? 0 }
    let values = keyframes.map { $0["s"] as? [Double] ?? [] }
    guard let first = times.first, frame > first else { return values.first ?? [] }
    guard let k = times.lastIndex(where: { $0 <= frame }), k < times.count - 1 else {
      return values.last ?? []
    }
    let keyframe = keyframes[k]
    if keyframe["h"] as? Int == 1 { return values[k] }
    let x = (frame - times[k]) / (times[k + 1] - times[k])
    let o = keyframe["o"] as? [String: [Double]] ?? [:]
    let i = keyframe["i"] as? [String: [Double]] ?? [:]
    let y = LottieExportTests.bezier(
      o["x"]?[0] ?? 0, o["y"]?[0] ?? 0, i["x"]?[0] ?? 1, i["y"]?[0] ?? 1, at: x)
    return zip(values[k], values[k + 1]).map { $0 + ($1 - $0) * y }
  }

  /// Each layer's rectangle's corners on the screen at `frame`, by name.
  static func played(_ document: [String: Any], frame: Double) -> Corners {
    let layers = document["layers"] as? [[String: Any]] ?? []
    var byIndex: [Int: [String: Any]] = [:]
    for layer in layers { byIndex[layer["ind"] as? Int ?? 0] = layer }
    func matrix(_ layer: [String: Any]) -> Affine {
      let ks = layer["ks"] as? [String: [String: Any]] ?? [:]
      let a = value(ks["a"]!, at: frame)
      let p = value(ks["p"]!, at: frame)
      let s = value(ks["s"]!, at: frame)
      let r = value(ks["r"]!, at: frame)[0] * Double.pi / 180
      let (sx, sy) = (s[0] / 100, s[1] / 100)
      // R·S: the x column is sx·(cos r, sin r), the y column sy·(−sin r, cos r).
      let linear: Affine = (sx * cos(r), sx * sin(r), -sy * sin(r), sy * cos(r), 0, 0)
      let local = compose(
        (1, 0, 0, 1, p[0], p[1]), compose(linear, (1, 0, 0, 1, -a[0], -a[1])))
      if let parent = layer["parent"] as? Int, let above = byIndex[parent] {
        return compose(matrix(above), local)
      }
      return local
    }
    var out: Corners = [:]
    for layer in layers {
      let group = (layer["shapes"] as? [[String: Any]])?.first?["it"] as? [[String: Any]] ?? []
      let center = value(group[0]["p"] as! [String: Any], at: frame)
      let size = value(group[0]["s"] as! [String: Any], at: frame)
      let (w, h) = (size[0] / 2, size[1] / 2)
      let m = matrix(layer)
      out[layer["nm"] as! String] = [
        (center[0] - w, center[1] - h), (center[0] + w, center[1] - h),
        (center[0] + w, center[1] + h), (center[0] - w, center[1] + h),
      ].map { apply(m, $0) }
    }
    return out
  }

  /// Each layer's bounds' corners on the screen at each of `times`, from the service's samples.
  func sampled(_ layers: String, times: [Double], parents: [String: String]) throws -> [Corners] {
    let list = times.map { numberText($0) }.joined(separator: ", ")
    let response = api.postJSON(
      "/v1/timelines",
      #"{"layers": [\#(layers)], "sample": {"times": [\#(list)]}, "keyPaths": ["bounds", "anchorPoint", "position", "transform"]}"#
    )
    #expect(response.status == 200, "\(response.text.prefix(300))")
    let columns = try #require(response.json["layers"] as? [String: [String: [[Double]]]])
    return times.indices.map { i in
      var out: Corners = [:]
      for name in columns.keys {
        let c = columns[name]!
        let (bx, by, bw, bh) = (
          c["bounds"]![i][0], c["bounds"]![i][1], c["bounds"]![i][2], c["bounds"]![i][3]
        )
        var corners: [Point] = [(bx, by), (bx + bw, by), (bx + bw, by + bh), (bx, by + bh)]
        var current: String? = name
        while let layer = current {
          let l = columns[layer]!
          let b = l["bounds"]![i]
          let anchor = (
            b[0] + l["anchorPoint"]![i][0] * b[2], b[1] + l["anchorPoint"]![i][1] * b[3]
          )
          let t = l["transform"]![i]
          let position = l["position"]![i]
          corners = corners.map { q in
            let (x, y) = (q.x - anchor.0, q.y - anchor.1)
            return (
              position[0] + t[0] * x + t[4] * y + t[12], position[1] + t[1] * x + t[5] * y + t[13]
            )
          }
          current = parents[layer]
        }
        out[name] = corners
      }
      return out
    }
  }

  /// The document of `layers` at 30 fps over 0…1 s, played every quarter frame, against the
  /// samples at the same times: the largest corner distance.
  func worstCorner(_ layers: String, parents: [String: String] = [:]) throws -> (
    worst: Double, at: Double, document: [String: Any]
  ) {
    let response = api.postJSON(
      "/v1/timelines?format=lottie",
      #"{"layers": [\#(layers)], "sample": {"from": 0, "to": 1, "fps": 30}}"#)
    #expect(response.status == 200, "\(response.text.prefix(300))")
    let document = response.json
    let frames = (0...120).map { Double($0) / 4 }
    let samples = try sampled(layers, times: frames.map { $0 / 30 }, parents: parents)
    var worst = (0.0, 0.0)
    for (k, frame) in frames.enumerated() {
      let drawn = Self.played(document, frame: frame)
      for (name, want) in samples[k] {
        let got = try #require(drawn[name])
        for (p, q) in zip(want, got) {
          let distance = ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
          if distance > worst.0 { worst = (distance, frame) }
        }
      }
    }
    return (worst.0, worst.1, document)
  }

  /// The tolerance for a layer `depth` deep whose corners lie within 100 px of every anchor
  /// they turn about on the screen (these scenes'): each layer on the way contributes at most
  /// its position's bound (0.5 px on the screen, docs/export.md "Lottie"), its rotation's
  /// (0.5 px at its farthest point) and its scale's (0.002 of 100 px).
  static func tolerance(depth: Int) -> Double { Double(depth) * (0.5 + 0.5 + 0.002 * 100) }

  /// A 20° turn flipped about its x axis (`transform.scale.x` 1 → −1, linear over the window):
  /// the scale crosses 0 at frame 15, where the x column is 0 exactly. Read with a positive
  /// x-scale, that frame's rotation was 0° and the next ones 200°, a spin lottie-web showed
  /// (6.95 px off at frame 15, 15–21 px between 15.25 and 15.75); the document must keep 20°
  /// and let the scale go negative.
  @Test func aFlipAboutXUnderARotationKeepsTheRotation() throws {
    let (worst, frame, document) = try worstCorner(
      #"{"name": "a", "properties": {"bounds": [0, 0, 80, 40], "position": [150, 100], "transform": [{"rotate": 0.3490658503988659}]}, "animations": [{"type": "basic", "keyPath": "transform.scale.x", "fromValue": 1, "toValue": -1, "duration": 1, "fillMode": "forwards", "removedOnCompletion": false}]}"#
    )
    #expect(worst <= Self.tolerance(depth: 1), "\(worst) px at frame \(frame)")
    let ks = try #require(
      (document["layers"] as? [[String: Any]])?.first?["ks"] as? [String: [String: Any]])
    #expect(ks["r"]?["a"] as? Int == 0)
    #expect(abs((ks["r"]?["k"] as? Double ?? 0) - 20) < 1e-9)
    let scale = try #require(ks["s"]?["k"] as? [[String: Any]])
    #expect(abs(((scale.last?["s"] as? [Double])?[0] ?? 0) + 100) < 1e-9)
  }

  /// A 20° layer growing from scale 0 (`transform.scale` 0 → 1): at the first sample it is a
  /// point, whose angle is anything; it must take the 20° of the samples after it, not 0° —
  /// which turned the layer 0° → 20° as it grew.
  @Test func aLayerGrowingFromAPointKeepsItsRotation() throws {
    let (worst, frame, document) = try worstCorner(
      #"{"name": "a", "properties": {"bounds": [0, 0, 80, 40], "position": [150, 100], "transform": [{"rotate": 0.3490658503988659}]}, "animations": [{"type": "basic", "keyPath": "transform.scale", "fromValue": 0, "toValue": 1, "duration": 1, "fillMode": "forwards", "removedOnCompletion": false}]}"#
    )
    #expect(worst <= Self.tolerance(depth: 1), "\(worst) px at frame \(frame)")
    let ks = try #require(
      (document["layers"] as? [[String: Any]])?.first?["ks"] as? [String: [String: Any]])
    #expect(ks["r"]?["a"] as? Int == 0, "\(ks["r"] ?? [:])")
    #expect(abs((ks["r"]?["k"] as? Double ?? 0) - 20) < 1e-9)
  }

  /// The same about the y axis (`transform.scale.y` 1 → −1).
  @Test func aFlipAboutYUnderARotationKeepsTheRotation() throws {
    let (worst, frame, document) = try worstCorner(
      #"{"name": "a", "properties": {"bounds": [0, 0, 80, 40], "position": [150, 100], "transform": [{"rotate": 0.3490658503988659}]}, "animations": [{"type": "basic", "keyPath": "transform.scale.y", "fromValue": 1, "toValue": -1, "duration": 1, "fillMode": "forwards", "removedOnCompletion": false}]}"#
    )
    #expect(worst <= Self.tolerance(depth: 1), "\(worst) px at frame \(frame)")
    let ks = try #require(
      (document["layers"] as? [[String: Any]])?.first?["ks"] as? [String: [String: Any]])
    #expect(ks["r"]?["a"] as? Int == 0)
  }

  /// Under a superlayer turned 30°, scaled 1.5 and turning (0 → 0.5 rad), one sublayer flips
  /// about x under its own −40° and another about y under 60°, and a third starts flipped
  /// (scale.x −1 → 1), so its first sample is read with a half turn: each within the tolerance
  /// of two layers at every quarter frame.
  @Test func flipsUnderATurningParent() throws {
    let child = { (name: String, y: Int, angle: Double, keyPath: String, from: Int, to: Int) in
      #"{"name": "\#(name)", "properties": {"bounds": [0, 0, 30, 16], "position": [70, \#(y)], "transform": [{"rotate": \#(angle)}]}, "animations": [{"type": "basic", "keyPath": "\#(keyPath)", "fromValue": \#(from), "toValue": \#(to), "duration": 0.8, "beginTime": 0.1, "fillMode": "both", "removedOnCompletion": false}]}"#
    }
    let scene =
      #"{"name": "parent", "properties": {"bounds": [0, 0, 100, 100], "position": [150, 150], "transform": [{"rotate": 0.5235987755982988}, {"scale": 1.5}]}, "animations": [{"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0.5235987755982988, "toValue": 1.0235987755982988, "duration": 1, "fillMode": "forwards", "removedOnCompletion": false}], "sublayers": ["#
      + child("x", 30, -0.6981317007977318, "transform.scale.x", 1, -1) + ", "
      + child("y", 50, 1.0471975511965976, "transform.scale.y", 1, -1) + ", "
      + child("back", 70, 0.3490658503988659, "transform.scale.x", -1, 1) + "]}"
    let (worst, frame, _) = try worstCorner(
      scene, parents: ["x": "parent", "y": "parent", "back": "parent"])
    #expect(worst <= Self.tolerance(depth: 2), "\(worst) px at frame \(frame)")
  }
}
