import Foundation
import Testing
import TimingEngine

@testable import TimingAPI

/// `POST /v1/springs` and the other places a spring in a platform's API is taken
/// (docs/springs.md), in process.
@Suite struct SpringEndpointTests {
  let api = ServiceHarness()

  func convert(_ body: String) -> [String: Any] {
    let response = api.postJSON("/v1/springs", body)
    #expect(response.status == 200, "\(response.text.prefix(400))")
    return response.json
  }

  /// Apple's documented pair, through the endpoint: SwiftUI (0.5 s, bounce 0.3) is mass 1,
  /// stiffness 157.91, damping 17.59, and Motion's {duration 0.5, bounce 0.3} is not it.
  @Test func applesPairAndEveryAPI() throws {
    let answer = convert(#"{"swiftUIDurationBounce": {"duration": 0.5, "bounce": 0.3}}"#)
    let canonical = try #require(answer["canonical"] as? [String: Double])
    #expect(canonical["mass"] == 1)
    #expect(abs(canonical["stiffness"]! - 157.91) <= 0.005)
    #expect(abs(canonical["damping"]! - 17.59) <= 0.005)
    #expect(abs(canonical["dampingRatio"]! - 0.7) <= 1e-15)
    #expect(abs(canonical["angularFrequency"]! - 4 * Double.pi) <= 1e-12)
    let forms = try #require(answer["as"] as? [String: [String: Double]])
    #expect(Set(forms.keys) == Set(SpringAPI.allCases.map(\.rawValue)))
    for api in SpringAPI.allCases {
      #expect(
        Set(forms[api.rawValue]!.keys) == Set(api.parameters.map(\.parameter.rawValue)),
        "\(api)")
    }
    #expect(abs(forms["motionVisualDuration"]!["visualDuration"]! - 0.5 / 1.2) <= 1e-15)
    #expect(abs(forms["swiftUI"]!["response"]! - 0.5) <= 1e-15)
    let durations = try #require(answer["durations"] as? [String: Double])
    #expect(abs(durations["perceptual"]! - 0.5) <= 1e-15)
    // Motion's {duration 0.5, bounce 0.3} is stiffness 387.27 (Motion's findSpring), so this
    // spring needs a longer duration there.
    #expect(durations["motionDuration"]! > 0.5)
    let motion = convert(#"{"motionDuration": {"duration": 0.5, "bounce": 0.3}}"#)
    let motionStiffness = (motion["canonical"] as! [String: Double])["stiffness"]!
    #expect(abs(motionStiffness - 387.2745799154265) <= 1e-9 * 387.3)
    #expect((answer["css"] as? String)?.hasPrefix("linear(0 0%") == true)
    #expect((answer["cssError"] as! Double) <= (answer["cssMaxError"] as! Double))
  }

  /// The CSS easing is the spring's `?format=css` easing, which the browser check plays in
  /// Chromium against the spring's own values (docs/export.md "Easing curves").
  @Test func cssIsTheTimingFunctionsEasing() throws {
    let answer = convert(#"{"android": {"stiffness": 400, "dampingRatio": 0.35}}"#)
    let c = try #require(answer["canonical"] as? [String: Double])
    let function = "spring(\(c["mass"]!),\(c["stiffness"]!),\(c["damping"]!),0)"
    let easing = api.get("/v1/timing-functions/\(function)?format=css").json
    #expect(easing["css"] as? String == answer["css"] as? String)
    #expect(easing["error"] as? Double == answer["cssError"] as? Double)
    #expect(
      easing["duration"] as? Double == (answer["durations"] as? [String: Double])?["settling"])
  }

  /// Every API's form, sent back in, gives the same spring within 1e-12 (the round trip over
  /// HTTP), for a spring every API states exactly.
  @Test func roundTripsOverHTTP() throws {
    let first = convert(
      #"{"coreAnimation": {"mass": 1, "stiffness": 230, "damping": 18, "initialVelocity": 0}, "distance": 120}"#
    )
    let canonical = first["canonical"] as! [String: Double]
    let forms = first["as"] as! [String: [String: Double]]
    for (name, parameters) in forms {
      let body = try JSONSerialization.data(
        withJSONObject: [name: parameters, "distance": 120] as [String: Any])
      let again = convert(String(decoding: body, as: UTF8.self))
      let back = again["canonical"] as! [String: Double]
      for key in ["stiffness", "damping", "initialVelocity"] {
        // Mass-1 APIs state the same motion at mass 1: compare per unit mass.
        let want = canonical[key]! / canonical["mass"]!
        let got = back[key]! / back["mass"]!
        #expect(abs(got - want) <= 1e-12 * max(abs(want), 1), "\(name) \(key): \(got) vs \(want)")
      }
      let returned = (again["as"] as! [String: [String: Double]])[name]!
      for (parameter, value) in parameters {
        #expect(
          abs(returned[parameter]! - value) <= 1e-12 * max(abs(value), 1), "\(name).\(parameter)")
      }
    }
  }

  /// Velocities in value units convert through the distance: Android's 200 units/s over a
  /// 100-unit move is Core Animation's 2 (fractions of the distance per second), react-spring's
  /// per millisecond.
  @Test func velocitiesConvert() {
    let answer = convert(
      #"{"android": {"stiffness": 400, "dampingRatio": 0.6, "velocity": 200}, "distance": 100}"#)
    #expect((answer["canonical"] as! [String: Double])["initialVelocity"] == 2)
    let forms = answer["as"] as! [String: [String: Double]]
    #expect(forms["uiKit"]!["initialSpringVelocity"] == 2)
    #expect(forms["motion"]!["velocity"] == 200)
    #expect(abs(forms["reactSpring"]!["velocity"]! - 0.2) <= 1e-15)
    #expect(forms["motionDuration"]!["velocity"] == nil)
  }

  /// What an API cannot state, or plays otherwise, is a warning with its worst deviation.
  @Test func warningsNameTheAPIAndTheDeviation() throws {
    let answer = convert(#"{"swiftUI": {"response": 0.6, "dampingFraction": 1.5}}"#)
    let warnings = try #require(answer["warnings"] as? [[String: Any]])
    let apis = Set(warnings.map { $0["api"] as! String })
    for expected in [
      "uiKit", "motionVisualDuration", "motionDuration", "reactNative", "reactSpring",
      "reactSpringFrequency",
    ] {
      #expect(apis.contains(expected), "\(expected) in \(apis)")
    }
    #expect(!apis.contains("swiftUIDurationBounce") && !apis.contains("coreAnimation"))
    for warning in warnings {
      let deviation = warning["maxDeviation"] as! Double
      #expect(deviation > 0 && deviation < 1)
      #expect((warning["message"] as! String).contains("%"))
    }
  }

  /// Bad input: a 422 naming the field.
  @Test(arguments: [
    (#"{"coreAnimation": {"mass": -1}}"#, "/coreAnimation/mass"),
    (#"{"flutter": {"mass": 1, "stiffness": 0, "damping": 1}}"#, "/flutter/stiffness"),
    (#"{"flutter": {"mass": 1, "damping": 1}}"#, "/flutter/stiffness"),
    (#"{"swiftUI": {"response": 1e308}}"#, "/swiftUI/response"),
    (#"{"swiftUI": {"response": 5e-324}}"#, "/swiftUI/response"),
    (#"{"swiftUIDurationBounce": {"bounce": 1}}"#, "/swiftUIDurationBounce/bounce"),
    (#"{"swiftUI": {}, "android": {}}"#, "/android"),
    (#"{"swiftUi": {}}"#, "/swiftUi"),
    (#"{"swiftUI": {"dampingRatio": 0.5}}"#, "/swiftUI/dampingRatio"),
    (#"{"swiftUI": {"response": "0.5"}}"#, "/swiftUI/response"),
    (#"{"android": {}, "distance": 0}"#, "/distance"),
    (#"{"coreAnimation": {"damping": 0}}"#, "/coreAnimation"),
    (#"{"reactNative": {"tension": -30}}"#, "/reactNative"),
    (#"{}"#, ""),
    (#"[1]"#, ""),
  ])
  func badInputNamesTheField(_ body: String, _ pointer: String) {
    let response = api.postJSON("/v1/springs", body)
    #expect(response.status == 422, "\(body): \(response.text.prefix(300))")
    #expect(response.errorPointers.contains(pointer), "\(body): \(response.errorPointers)")
  }

  /// Springs that never come to rest in double range (a damping ratio of 9e7, or a subnormal
  /// damping) are a 422 naming the API, not a crash; the server goes on answering.
  @Test(arguments: [
    #"{"reactSpring":{"tension":1e-6,"friction":1e6}}"#,
    #"{"coreAnimation":{"mass":1,"stiffness":1e-6,"damping":1.8e5}}"#,
    #"{"coreAnimation":{"mass":1,"stiffness":1,"damping":1e-308}}"#,
    #"{"swiftUI":{"dampingFraction":5e-324}}"#,
    #"{"flutter":{"mass":0.00034,"stiffness":1.1e-5,"damping":942336.6}}"#,
  ])
  func springsThatNeverSettleAreRefused(_ body: String) {
    let response = api.postJSON("/v1/springs", body)
    #expect(response.status == 422, "\(response.text.prefix(300))")
    #expect(response.errorPointers.count == 1)
    #expect(api.get("/healthz").status == 200)
  }

  /// Ordinary springs with a velocity: UIKit's form is a spring UIKit plays, taken back as
  /// such, and every warning's deviation is a fraction between 0 and 2 (found by an attacker's
  /// pass: Framer's steps run away with a velocity above ζω).
  @Test(arguments: [
    #"{"swiftUI":{"response":0.3,"dampingFraction":0.5,"initialVelocity":8}}"#,
    #"{"swiftUI":{"response":0.3,"dampingFraction":0.5,"initialVelocity":10}}"#,
    #"{"coreAnimation":{"mass":2,"stiffness":300,"damping":20,"initialVelocity":3}}"#,
    #"{"uiKit":{"duration":1,"dampingRatio":0.5,"initialSpringVelocity":2}}"#,
  ])
  func velocitiesGiveSpringsUIKitPlays(_ body: String) throws {
    let answer = convert(body)
    let uiKit = try #require((answer["as"] as? [String: [String: Double]])?["uiKit"])
    let again = try JSONSerialization.data(withJSONObject: ["uiKit": uiKit])
    #expect(api.postJSON("/v1/springs", String(decoding: again, as: UTF8.self)).status == 200)
    for warning in answer["warnings"] as? [[String: Any]] ?? [] {
      let deviation = try #require(warning["maxDeviation"] as? Double)
      #expect(deviation >= 0 && deviation <= 2, "\(warning)")
    }
  }

  /// The CSS easing is within cssMaxError of the spring everywhere, not only on its grid: the
  /// linear() stops against the closed form (semantics.md §3.5, written out here) at 200 001
  /// points, for springs that oscillate many times (where a 4 097-point grid missed by up to
  /// half the distance); one that oscillates too long gets no CSS and says so.
  @Test func cssHoldsBetweenItsGridPoints() throws {
    for (response, ratio) in [(1.0, 0.01), (0.5, 0.1), (0.2, 0.05)] {
      let answer = convert(
        #"{"swiftUI": {"response": \#(response), "dampingFraction": \#(ratio)}}"#)
      let css = try #require(answer["css"] as? String)
      let settling = (answer["durations"] as! [String: Double])["settling"]!
      let stops = css.dropFirst("linear(".count).dropLast().split(separator: ",").map {
        $0.split(separator: " ").map { Double($0.replacingOccurrences(of: "%", with: ""))! }
      }
      let omega = 2 * Double.pi / response
      let omegaD = omega * (1 - ratio * ratio).squareRoot()
      var worst = 0.0
      var k = 0
      for i in 0...200_000 {
        let x = Double(i) / 200_000
        while k + 2 < stops.count && stops[k + 1][1] / 100 < x { k += 1 }
        let (x0, y0, x1, y1) = (
          stops[k][1] / 100, stops[k][0], stops[k + 1][1] / 100, stops[k + 1][0]
        )
        let line = x1 > x0 ? y0 + (y1 - y0) * (x - x0) / (x1 - x0) : y1
        let t = x * settling
        let exact =
          1 - exp(-ratio * omega * t) * (cos(omegaD * t) + ratio * omega / omegaD * sin(omegaD * t))
        worst = max(worst, abs(line - exact))
      }
      #expect(worst <= 0.001, "ζ \(ratio): \(worst)")
      #expect(worst <= answer["cssError"] as! Double)
    }
    let tooLong = convert(#"{"swiftUI": {"response": 1, "dampingFraction": 0.001}}"#)
    #expect(tooLong["css"] is NSNull)
    let notes = tooLong["warnings"] as! [[String: Any]]
    #expect(notes.contains { $0["api"] as? String == "css" })
  }

  /// A spring animation and a timing function take the same form, and give the same spring as
  /// its physical parameters.
  @Test func scenesAndTimingFunctionsTakeIt() {
    func timeline(_ spring: String) -> [Double] {
      let json = api.postJSON(
        "/v1/timelines",
        """
        {"layers": [{"name": "a", "animations": [{"type": "spring", "keyPath": "opacity",
          "fromValue": 0, "toValue": 1, "duration": 2, \(spring)}]}],
         "sample": {"from": 0, "to": 2, "fps": 20}, "keyPaths": ["opacity"]}
        """
      ).json
      return ((json["layers"] as? [String: Any])?["a"] as? [String: Any])?["opacity"]
        as? [Double] ?? []
    }
    let k = (2 * Double.pi / 0.5) * (2 * Double.pi / 0.5)
    let c = 4 * Double.pi * 0.8 / 0.5
    let given = timeline(#""spring": {"swiftUI": {"response": 0.5, "dampingFraction": 0.8}}"#)
    let physical = timeline(#""mass": 1, "stiffness": \#(k), "damping": \#(c)"#)
    #expect(given.count == 41 && given == physical)
    let both = api.postJSON(
      "/v1/timelines",
      #"{"layers": [{"name": "a", "animations": [{"type": "spring", "keyPath": "opacity", "damping": 3, "spring": {"swiftUI": {}}}]}], "sample": {"times": [0]}}"#
    )
    #expect(both.status == 422 && both.errorPointers == ["/layers/0/animations/0/damping"])

    let evaluated = api.postJSON(
      "/v1/timing-functions/evaluate",
      #"{"function": {"spring": {"swiftUI": {"response": 0.5, "dampingFraction": 0.8}}}, "x": [0.1, 0.3]}"#
    ).json
    let direct = api.postJSON(
      "/v1/timing-functions/evaluate",
      #"{"function": "spring(1, \#(k), \#(c), 0)", "x": [0.1, 0.3]}"#
    ).json
    #expect(evaluated["points"] != nil)
    #expect(
      (evaluated["points"] as? [[String: Any]])?.map { $0["y"] as? Double }
        == (direct["points"] as? [[String: Any]])?.map { $0["y"] as? Double })
  }

  /// `compose` is Compose's spring(), read as `android` (the same stiffness and dampingRatio,
  /// mass 1) and said so as the first warning; where a parameter is absent, Compose's default
  /// applies: dampingRatio 1, so `{"compose": {}}` is stiffness 1500 and damping
  /// 2·1·√1500 = 77.459666924148… (docs/springs.md's "Compose spring()" row, 77.46).
  @Test func composeIsAnAliasOfAndroid() throws {
    let compose = convert(#"{"compose": {"stiffness": 400, "dampingRatio": 0.35}}"#)
    let android = convert(#"{"android": {"stiffness": 400, "dampingRatio": 0.35}}"#)
    #expect(compose["given"] as? String == "android")
    #expect(compose["canonical"] as? [String: Double] == android["canonical"] as? [String: Double])
    #expect(
      compose["as"] as? [String: [String: Double]] == android["as"] as? [String: [String: Double]])
    let first = try #require((compose["warnings"] as? [[String: Any]])?.first)
    #expect(first["api"] as? String == "compose")
    #expect((first["message"] as? String)?.hasPrefix("compose was read as android") == true)
    #expect(first["maxDeviation"] is NSNull)
    // The android answer has no such note.
    #expect(
      (android["warnings"] as? [[String: Any]])?.contains { $0["api"] as? String == "compose" }
        == false)

    let defaults = try #require(convert(#"{"compose": {}}"#)["canonical"] as? [String: Double])
    #expect(defaults["stiffness"] == 1500)
    #expect(abs(defaults["damping"]! - 2 * 1500.0.squareRoot()) <= 1e-12 * 77.46)
    #expect(abs(defaults["dampingRatio"]! - 1) <= 1e-15)

    // One API only, whichever name it is given by.
    let both = api.postJSON("/v1/springs", #"{"android": {}, "compose": {}}"#)
    #expect(both.status == 422)
    #expect(both.errors.map(\.pointer) == ["/compose"])
    #expect(both.errors.first?.message == "give one spring API only; android is given too")
    // Its parameters are android's, and named by the alias in messages.
    let bad = api.postJSON("/v1/springs", #"{"compose": {"stifness": 400}}"#)
    #expect(
      bad.errors.first?.message
        == "not a parameter of compose; expected stiffness, dampingRatio, velocity; did you mean stiffness?"
    )
    // In a scene's spring animation too.
    let scene = api.postJSON(
      "/v1/timelines",
      #"{"layers": [{"name": "a", "animations": [{"type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1, "spring": {"compose": {"stiffness": 400}}}]}], "sample": {"times": [0.5]}}"#
    )
    #expect(scene.status == 200, "\(scene.text.prefix(300))")
  }
}
