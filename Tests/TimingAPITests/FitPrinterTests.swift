import Foundation
import TestSupport
import Testing

/// `POST /v1/fit` on what printers print and on clips that leave a parameter open (docs/fit.md
/// "Printers", "What the data leave open"): Motion's `linear()` — written here from Motion's
/// published rule (motion-dom `generateLinearEasing` and `spring`: a stop every 10 ms, or
/// 30 ms in `toString()`, rounded by `Math.round(x * 10000) / 10000`, the target printed
/// wherever the spring is within 0.5 of 100 and moves under 2 a second) over the closed form of
/// `FitTests.progress` — is read as Motion's, its bounds hold the spring, and the spring passes
/// every stop within them; a short clip's undetermined parameters come with ranges that fit
/// equally and hold the truth.
@Suite struct FitPrinterTests {
  let tests = FitTests()

  /// Motion's `linear()` of the spring (ζ, ω₀, from rest) over its duration: the duration as
  /// Motion's `calcGeneratorDuration` finds it (50 ms steps until at rest), the stops as its
  /// printer writes them.
  static func motionLinear(_ z: Double, _ w: Double, resolution: Double = 10)
    -> (duration: Double, text: String)
  {
    // Motion's WAAPI easings run from 0 to 100: at rest within 0.5, under 2 a second.
    func atRest(_ t: Double) -> Bool {
      let h = 1e-7
      let speed =
        100 * (FitTests.progress(z, w, 0, t + h) - FitTests.progress(z, w, 0, max(t - h, 0)))
        / (t + h - max(t - h, 0))
      return abs(100 - 100 * FitTests.progress(z, w, 0, t)) <= 0.5 && abs(speed) <= 2
    }
    var milliseconds = 0.0
    while !atRest(milliseconds / 1000) && milliseconds < 20_000 { milliseconds += 50 }
    let count = max(Int((milliseconds / resolution).rounded()), 2)
    let stops = (0..<count).map { i -> String in
      let t = milliseconds / 1000 * Double(i) / Double(count - 1)
      let value = atRest(t) ? 1 : FitTests.progress(z, w, 0, t)
      let printed = (value * 10_000 + 0.5).rounded(.down) / 10_000
      // JavaScript's number text: no ".0", no "-0".
      return printed == 0 ? "0" : printed == printed.rounded() ? "\(Int(printed))" : "\(printed)"
    }
    return (milliseconds / 1000, "linear(\(stops.joined(separator: ", ")))")
  }

  static func interval(_ model: [String: Any], _ name: String) -> [String: Any]? {
    (model["intervals"] as? [String: [String: Any]])?[name]
  }

  /// Motion's `linear()`s of three springs — under-, critically and overdamped — with their
  /// duration given, printed with it as `toString()` writes it (30 ms stops), and with the
  /// printer named and no duration (taken from the stops, ±5 ms): each read as Motion's, the
  /// bounds hold ζ, ω₀ and v₀ = 0, and the spring passes every stop within its bound.
  @Test(arguments: [(0.5, 10.0), (1.0, 14.0), (1.6, 20.0)])
  func motionsLinearGivesBoundsThatHold(_ z: Double, _ w: Double) throws {
    let waapi = Self.motionLinear(z, w)
    let printed = Self.motionLinear(z, w, resolution: 30)
    let bodies: [([String: Any], String)] = [
      (["curve": waapi.text, "duration": waapi.duration], "given"),
      (["curve": "\(Int(printed.duration * 1000))ms \(printed.text)"], "printed"),
      (["curve": waapi.text, "printer": "motion"], "motionStops"),
    ]
    for (body, source) in bodies {
      let answer = try tests.fit(body, "?models=spring")
      #expect(answer.status == 200, "\(answer.text.prefix(300))")
      let input = try #require(answer.json["input"] as? [String: Any])
      #expect(input["printer"] as? String == "motion", "\(source)")
      #expect(input["durationSource"] as? String == source)
      #expect(input["quantization"] as? Double == 0.0001)
      let spring = try #require(FitTests.model(answer, "spring"))
      for (name, truth) in [("dampingRatio", z), ("angularFrequency", w), ("initialVelocity", 0)] {
        let range = try #require(Self.interval(spring, name))
        let low = try #require(range["low"] as? Double)
        let high = try #require(range["high"] as? Double)
        #expect(
          low <= truth && truth <= high, "\(source) \(name): \(truth) not in [\(low), \(high)]")
      }
      let rounding = try #require(spring["withinRounding"] as? [String: Any])
      #expect(rounding["held"] as? Bool == true, "\(source) \(z): \(rounding)")
    }
  }

  /// A linear() rounded by hand to 3 decimals is not Motion's: its printer is the decimals.
  @Test func aHandRoundedLinearIsNotMotions() throws {
    let answer = try tests.fit(["curve": "linear(0, 0.5, 0.875, 1)"], "?models=spring")
    #expect((answer.json["input"] as? [String: Any])?["printer"] as? String == "decimals")
  }

  /// A critically damped spring (ω₀ 12 rad/s) seen for 0.09 s of its motion with noise σ 0.01,
  /// and for 0.055 s rounded to 2 decimals: ζ or ω₀ or both are not determined; each that is
  /// not comes with a range that fits equally, which holds the truth, and a warning naming it.
  @Test func aShortClipSaysWhatFitsEqually() throws {
    // Fixed noise (a linear congruential sequence turned Gaussian by Box–Muller), so the case
    // is the same on every run.
    var state: UInt64 = 12_345
    func uniform() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (Double(state >> 11) + 0.5) / 9_007_199_254_740_992
    }
    let noisy = (0..<10).map { i -> [Double] in
      let t = Double(i) * 0.01
      let gauss = (-2 * log(uniform())).squareRoot() * cos(2 * Double.pi * uniform())
      return [t, FitTests.progress(1, 12, 0, t) + 0.01 * gauss]
    }
    let rounded = (0..<12).map { i -> [Double] in
      let t = Double(i) * 0.005
      return [t, (FitTests.progress(1, 12, 0, t) * 100).rounded() / 100]
    }
    for body: [String: Any] in [
      ["samples": noisy, "noise": 0.01, "from": 0, "to": 1],
      ["samples": rounded, "quantization": 0.01, "from": 0, "to": 1],
    ] {
      let answer = try tests.fit(body, "?models=spring")
      #expect(answer.status == 200, "\(answer.text.prefix(300))")
      let spring = try #require(FitTests.model(answer, "spring"))
      let warnings = answer.json["warnings"] as? [String] ?? []
      var open = 0
      for (name, truth, words) in [
        ("dampingRatio", 1.0, "damping ratio"), ("angularFrequency", 12.0, "angular frequency"),
      ] {
        let interval = try #require(Self.interval(spring, name))
        guard interval["determined"] as? Bool == false else { continue }
        open += 1
        let range = try #require(interval["fitsEqually"] as? [String: Any], "\(name)")
        let low = try #require(range["low"] as? Double)
        let high = try #require(range["high"] as? Double)
        #expect(low <= truth && truth <= high, "\(name): \(truth) not in [\(low), \(high)]")
        #expect(warnings.contains { $0.contains(words) }, "\(warnings)")
      }
      #expect(open >= 1, "\(spring)")
      // A determined parameter has no such range.
      #expect(Self.interval(spring, "initialVelocity")?["fitsEqually"] is NSNull)
    }
  }

  /// A printer is a linear()'s; a duration is given once.
  @Test func printersAndDurationsNameTheirField() throws {
    let cases: [([String: Any], String)] = [
      (["samples": [[0, 0], [1, 1], [2, 1]], "printer": "motion"], "/printer"),
      (["curve": "linear(0, 0.5, 1)", "printer": "figma"], "/printer"),
      (["curve": "ease-in", "printer": "motion"], "/printer"),
      (["curve": "500ms linear(0, 0.5, 1)", "duration": 0.5], "/duration"),
      (["curve": "1e9s linear(0, 0.5, 1)"], "/curve"),
    ]
    for (body, pointer) in cases {
      let answer = try tests.fit(body)
      #expect(answer.status == 422, "\(body): \(answer.status) \(answer.text.prefix(200))")
      #expect(
        answer.errors.contains { $0.pointer == pointer }, "\(body): \(answer.text.prefix(300))")
    }
  }
}
