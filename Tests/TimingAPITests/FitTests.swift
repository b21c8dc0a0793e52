import Foundation
import TestSupport
import Testing

/// `POST /v1/fit` (docs/fit.md) against springs written here from the damped oscillator's closed
/// form (docs/springs.md, semantics.md §3.5), not the service's evaluator: exact samples give
/// the spring back within 1e-6; a `linear()` rounded to 3 decimals gives intervals that hold the
/// spring and a fit within the rounding at every stop; a cubic Bézier and a named curve are found
/// as themselves; an oscillation is said to be beyond any cubic Bézier; bad input names its
/// field. scripts/fit-reference.py runs a second optimiser (SciPy) and the noise calibration.
@Suite struct FitTests {
  let api = ServiceHarness()

  /// Progress 1 − x(t) of the oscillator with damping ratio z, angular frequency w, initial
  /// velocity v0 (a fraction of the distance per second), from x(0) = 1.
  static func progress(_ z: Double, _ w: Double, _ v0: Double, _ t: Double) -> Double {
    if z < 1 {
      let wd = w * (1 - z * z).squareRoot()
      let b = (z * w - v0) / wd
      return 1 - exp(-z * w * t) * (cos(wd * t) + b * sin(wd * t))
    }
    if z == 1 { return 1 - (1 + (w - v0) * t) * exp(-w * t) }
    let s = (z * z - 1).squareRoot()
    let (r1, r2) = (-w * (z - s), -w * (z + s))
    let c2 = (-v0 - r1) / (r2 - r1)
    return 1 - ((1 - c2) * exp(r1 * t) + c2 * exp(r2 * t))
  }

  func fit(_ body: [String: Any], _ query: String = "") throws -> RawClient.Response {
    let data = try JSONSerialization.data(withJSONObject: body)
    return api.postJSON("/v1/fit" + query, String(decoding: data, as: UTF8.self))
  }

  static func model(_ answer: RawClient.Response, _ name: String) -> [String: Any]? {
    (answer.json["models"] as? [[String: Any]])?.first { $0["model"] as? String == name }
  }

  @Test(arguments: [
    (0.3, 12.0, 0.0), (1.0, 20.0, 0.0), (2.0, 15.0, 0.0), (0.6, 10.0, 3.0), (0.05, 30.0, 0.0),
  ])
  func exactSamplesGiveTheSpringBack(_ spring: (Double, Double, Double)) throws {
    let (z, w, v0) = spring
    // 41 samples over 1.5 s, in pixels from 10 to 100.
    let samples = (0...40).map { i -> [Double] in
      let t = Double(i) * 1.5 / 40
      return [t, 10 + 90 * Self.progress(z, w, v0, t)]
    }
    let answer = try fit(["samples": samples, "to": 100])
    #expect(answer.status == 200, "\(answer.text.prefix(300))")
    let found = try #require(Self.model(answer, "spring"))
    #expect((answer.json["models"] as? [[String: Any]])?.first?["model"] as? String == "spring")
    let p = try #require(found["parameters"] as? [String: Double])
    #expect(abs(p["dampingRatio"]! - z) <= 1e-6 * z, "\(p)")
    #expect(abs(p["angularFrequency"]! - w) <= 1e-6 * w, "\(p)")
    #expect(abs(p["initialVelocity"]! - v0) <= 1e-6 * w, "\(p)")
    // The spring in every API, over the samples' distance (POST /v1/springs' shape).
    let spring = try #require(found["spring"] as? [String: Any])
    #expect(spring["distance"] as? Double == 90)
    #expect((spring["as"] as? [String: Any])?.count == 13)
  }

  /// Material's default spatial spring (ζ 0.9, stiffness 700) as a linear() of 51 stops over
  /// its settling time, each rounded to 3 decimals as by hand: the rounding is read from the
  /// text, the intervals (bounds for that rounding) hold the spring, and the fitted spring
  /// passes every stop within half a step.
  @Test func aRoundedLinearGivesIntervalsThatHold() throws {
    let (z, w, span) = (0.9, 700.0.squareRoot(), 0.4559385613825296)
    let stops = (0...50).map { i -> String in
      let y = (Self.progress(z, w, 0, Double(i) / 50 * span) * 1000).rounded() / 1000
      return "\(y) \(i * 2)%"
    }.joined(separator: ", ")
    let answer = try fit(["curve": "linear(\(stops))", "duration": span], "?models=spring")
    #expect(answer.status == 200, "\(answer.text.prefix(300))")
    let input = try #require(answer.json["input"] as? [String: Any])
    #expect(input["quantization"] as? Double == 0.001)
    #expect(input["quantizationInferred"] as? Bool == true)
    let found = try #require(Self.model(answer, "spring"))
    let intervals = try #require(found["intervals"] as? [String: [String: Any]])
    for (name, truth) in [("dampingRatio", z), ("angularFrequency", w), ("initialVelocity", 0)] {
      let low = try #require(intervals[name]?["low"] as? Double)
      let high = try #require(intervals[name]?["high"] as? Double)
      #expect(low <= truth && truth <= high, "\(name): \(truth) not in [\(low), \(high)]")
    }
    let residual = try #require(found["residual"] as? [String: Double])
    #expect(residual["maxFraction"]! <= 0.0005 + 1e-9)
  }

  /// A cubic-bezier() is found as itself; a named curve's text as that curve, exactly.
  @Test func curvesAreFoundAsThemselves() throws {
    let answer = try fit(["curve": "cubic-bezier(0.3, 0.1, 0.2, 1)"], "?models=cubicBezier")
    let found = try #require(Self.model(answer, "cubicBezier"))
    let p = try #require(found["parameters"] as? [String: Double])
    for (name, want) in [("x1", 0.3), ("y1", 0.1), ("x2", 0.2), ("y2", 1.0)] {
      #expect(abs(p[name]! - want) < 1e-4, "\(name) \(p)")
    }
    #expect((found["residual"] as? [String: Double])?["maxFraction"] ?? 1 < 1e-6)
    let named = try fit(["curve": "ease-in"], "?models=named")
    let best = try #require((named.json["models"] as? [[String: Any]])?.first)
    #expect(best["name"] as? String == "easeIn")
    #expect((best["residual"] as? [String: Double])?["maxFraction"] ?? 1 < 1e-12)
  }

  /// An underdamped spring over several periods turns more than twice: no cubic Bézier can, and
  /// the answer says so, with how far the best one stays.
  @Test func anOscillationIsBeyondACubicBezier() throws {
    let samples = (0...99).map { i -> [Double] in
      let t = Double(i) * 0.02
      return [t, Self.progress(0.2, 15, 0, t)]
    }
    let answer = try fit(["samples": samples, "from": 0, "to": 1])
    let bezier = try #require(Self.model(answer, "cubicBezier"))
    #expect(bezier["producesData"] as? Bool == false)
    #expect((bezier["why"] as? String)?.contains("at most twice") == true)
    #expect(((bezier["residual"] as? [String: Double])?["maxFraction"] ?? 0) > 0.05)
    #expect((answer.json["models"] as? [[String: Any]])?.first?["model"] as? String == "spring")
  }

  /// The clip ends before the first overshoot: said.
  @Test func aShortClipIsSaid() throws {
    let samples = (0...19).map { i -> [Double] in
      let t = Double(i) * 0.005
      return [t, Self.progress(0.5, 15, 0, t)]
    }
    let answer = try fit(["samples": samples, "from": 0, "to": 1], "?models=spring")
    let warnings = answer.json["warnings"] as? [String] ?? []
    #expect(warnings.contains { $0.contains("before the fitted spring's first overshoot") })
  }

  @Test func badInputNamesItsField() throws {
    let cases: [([String: Any], String, String)] = [
      (["samples": [[0, 0], [1, 1]]], "", "/samples"),
      (["samples": [[0, 0], [1, 1], [1, 2]]], "", "/samples/2/0"),
      (["samples": [[0, 5], [1, 5], [2, 5]]], "", "/samples"),
      (["samples": [[0, 0], [1e308, 1], [2, 2]]], "", "/samples/1/0"),
      (["samples": [[0, 0], [1, 1, 2], [2, 2]]], "", "/samples/1"),
      (["curve": "ease", "samples": [[0, 0]]], "", "/samples"),
      (["curve": "bogus"], "", "/curve"),
      (["samples": [[0, 0], [0.5, 0.7], [1, 1]], "noise": -1], "", "/noise"),
      (["samples": [[0, 0], [0.5, 0.7], [1, 1]], "noise": 0], "", "/noise"),
      (["samples": [[0, 0], [0.5, 0.7], [1, 1]], "duration": 1], "", "/duration"),
      ([:], "", ""),
      // An attacker's pass: stops all at one input, noise a trillion times the distance.
      (["curve": "linear(0 0%, 0.5 0%, 1 0%)"], "", "/curve"),
      (["samples": [[0, 0], [1, 0.5], [2, 1]], "from": 1], "", "/from"),
      (
        ["samples": [[0, 0], [1, 1e-300], [2, 2e-300], [3, 3e-300]], "noise": 1e12], "", "/noise"
      ),
    ]
    for (body, query, pointer) in cases {
      let answer = try fit(body, query)
      #expect(answer.status == 422, "\(body): \(answer.text.prefix(200))")
      #expect(answer.errors.first?.pointer == pointer, "\(body): \(answer.text.prefix(300))")
    }
    // A sample of 3 numbers is one problem, not two.
    let three = try fit(["samples": [[0, 0], [1, 1, 2], [2, 2]]])
    #expect(three.errors.count == 1)
    let model = try fit(["samples": [[0, 0], [0.5, 0.7], [1, 1]]], "?models=spring,foo")
    #expect(model.status == 422)
    #expect(model.text.contains(#""parameter":"models""#))
    // 10⁵ stops: refused before any work, naming the curve.
    let stops = Array(repeating: "0", count: 100_000).joined(separator: ", ")
    let long = try fit(["curve": "linear(\(stops), 1)"])
    #expect(long.status == 422)
    #expect(long.errors.first?.pointer == "/curve")
    // More samples than the budget fits: a 422 naming the samples and the stage, before it.
    let many = (0..<40_000).map { [Double($0) * 0.001, Double($0)] }
    let refused = try fit(["samples": many])
    #expect(refused.status == 422)
    #expect(refused.text.contains("fewer samples"))
  }

  /// The rounding read from a `linear()`'s outputs: a leading "." and a percentage before the
  /// output are read as CSS writes them (an attacker's pass read both as whole numbers).
  @Test func theRoundingReadFromALinear() throws {
    for (curve, step) in [
      ("linear(0, .25, .5, .75, 1)", 0.01), ("linear(0, 25% .123, 1)", 0.001),
      ("linear(0, 0.5 50%, 1)", 0.1),
    ] {
      let answer = try fit(["curve": curve], "?models=named")
      #expect(answer.status == 200, "\(curve): \(answer.text.prefix(200))")
      #expect(
        (answer.json["input"] as? [String: Any])?["quantization"] as? Double == step, "\(curve)")
    }
  }
}
