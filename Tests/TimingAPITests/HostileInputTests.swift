import TestSupport
import Testing
import TimingAPI

/// Random mutations of valid requests through the whole service in-process: every answer is a
/// success or a 4xx problem — never a crash (which would end this test process). Only statuses
/// are checked, so the mutated requests take `ServiceHarness.answer`: a mutation that asks for a
/// large timeline is decided, not streamed to its end.
@Suite struct HostileInputTests {
  static let bodies: [(String, String)] = [
    (
      "/v1/timelines",
      """
      {"screen": {"width": 320, "height": 480},
       "layers": [{"name": "card", "delegate": "view", "properties": {"position": [10, 20], "opacity": 1, "transform": [{"rotate": 0.5}]},
         "actions": {"opacity": {"type": "transition", "transitionType": "push"}}, "style": {"actions": {"bounds": null}},
         "canvas": {"type": "pop", "duration": 1},
         "animations": [
           {"key": "k", "type": "keyframe", "keyPath": "position", "values": [[0, 0], [10, 5], [3, 4]], "keyTimes": [0, 0.5, 1],
            "calculationMode": "cubic", "duration": 2, "repeatCount": 2.5, "autoreverses": true, "fillMode": "both"},
           {"type": "group", "duration": 1, "animations": [{"type": "spring", "keyPath": "bounds.size.width", "toValue": 100}]},
           {"type": "basic", "keyPath": "transform.scale", "byValue": 2, "cumulative": true, "repeatCount": "infinity"},
           {"type": "keyframe", "keyPath": "position", "path": "M0 0 Q 10 10 20 0 A 5 5 0 1 1 40 0 Z", "rotationMode": "auto"}],
         "sublayers": [{"name": "badge", "properties": {"contents": "a", "hidden": false}}]}],
       "events": [{"time": 0.5, "animate": {"duration": 0.3, "delay": 0.1, "options": ["curveEaseIn"]}, "completion": "c",
                   "set": [{"layer": "card", "keyPath": "backgroundColor", "value": "#ff000080"}]},
                  {"time": 1, "transaction": {"animationDuration": 1, "transactions": [{"disableActions": true,
                     "set": [{"layer": "badge", "keyPath": "contents", "value": "b"}]}]},
                   "set": [{"layer": "badge", "keyPath": "hidden", "value": true}]},
                  {"time": 1.5, "insertLayer": {"parent": "card", "layer": {"name": "new", "canvas": {"type": "shake", "duration": 1}}}},
                  {"time": 2, "removeLayer": {"layer": "badge"}}],
       "sample": {"from": 0, "to": 3, "fps": 10}, "keyPaths": ["position", "transform", "opacity", "transition", "contents"]}
      """
    ),
    (
      "/v1/actions/resolve",
      """
      {"layer": {"delegate": {"actions": {"position": null}}, "actions": {"opacity": {"type": "basic", "duration": 1}},
                 "style": {"actions": {}, "style": {"actions": {"bounds": {"type": "transition"}}}}},
       "transaction": {"animationDuration": 0.5, "animationTimingFunction": "cubic-bezier(0.1, 2, 0.3, -1)"},
       "animate": {"duration": 1, "spring": {"dampingRatio": 0.5, "velocity": 3}}, "keys": ["position", "opacity", "bounds", "hidden"]}
      """
    ),
    (
      "/v1/timing-functions/evaluate",
      #"{"function": "linear(0, 0.5 25% 75%, 1)", "x": [-1, 0, 0.5, 2], "slope": true}"#
    ),
  ]

  @Test func mutatedBodiesGetSuccessOrClientErrors() {
    let api = ServiceHarness()
    var rng = SplitMix(seed: 2026)
    let alphabet = Array(#"{}[]",:0123456789-.eE "nulltrue#abcdefxyz\"#.utf8)
    for (path, body) in Self.bodies {
      let original = Array(body.utf8)
      let valid = api.postJSON(path, original)
      #expect(
        valid.status == 200,
        "\(path): \(String(decoding: valid.body.prefix(300), as: UTF8.self))")
      for _ in 0..<1_500 {
        var bytes = original
        for _ in 0..<(1 + Int(rng.next() % 3)) {
          let position = Int(rng.next() % UInt64(bytes.count))
          switch rng.next() % 3 {
          case 0: bytes[position] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
          case 1: bytes.remove(at: position)
          default: bytes.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: position)
          }
        }
        let code = api.answer(postingJSON: bytes, to: path).status.code
        #expect(
          code == 200 || (400..<500).contains(code),
          "\(code) for \(String(decoding: bytes, as: UTF8.self))")
      }
    }
  }

  /// Valid JSON with extreme numbers in random places: huge, tiny, zero, negative, fractional.
  @Test func extremeNumbersGetSuccessOrClientErrors() throws {
    let api = ServiceHarness()
    var rng = SplitMix(seed: 7)
    let extremes: [Double] = [
      0, -0.0, 1e9, -1e9, 1e12, -1e12, 1e-300, .leastNonzeroMagnitude, 1e300, 0.5, -1, 123_456_789,
      1e6,
    ]
    for (path, body) in Self.bodies {
      let document = try JSONParser.parse(Array(body.utf8))
      for _ in 0..<400 {
        var countdown = Int(rng.next() % 40)
        func mutate(_ value: JSONValue) -> JSONValue {
          switch value {
          case .number:
            countdown -= 1
            return countdown == 0 || rng.next() % 8 == 0
              ? .number(extremes[Int(rng.next() % UInt64(extremes.count))]) : value
          case .array(let items): return .array(items.map(mutate))
          case .object(let members): return .object(members.map { ($0.0, mutate($0.1)) })
          default: return value
          }
        }
        var writer = JSONWriter()
        writer.value(mutate(document))
        let code = api.answer(postingJSON: writer.bytes, to: path).status.code
        #expect(
          code == 200 || (400..<500).contains(code),
          "\(code) for \(String(decoding: writer.bytes, as: UTF8.self))")
      }
    }
  }

  /// Random function texts and queries on the lookup route.
  @Test func randomLookups() {
    let api = ServiceHarness()
    var rng = SplitMix(seed: 11)
    let pieces = [
      "cubic-bezier(", "steps(", "linear(", "spring(", ")", ",", "%25", "%20", "0", "1", "-", ".",
      "e9", "e-400", "1e308", "jump-none",
      "start", "nan", "inf", "0.5", "99999999999", "%", "(", "?x=", "&x=", "&samples=", "&slope",
      "&from=", "&to=", ".svg", "easeIn",
    ]
    for _ in 0..<3_000 {
      var target = "/v1/timing-functions/"
      for _ in 0..<(1 + Int(rng.next() % 10)) {
        target += pieces[Int(rng.next() % UInt64(pieces.count))]
      }
      let code = api.answer("GET", target).status.code
      #expect(
        code == 200 || (400..<500).contains(code),
        "\(code) for \(target)")
    }
  }

  /// Found by the test above: a subnormal duration made 1/duration infinite and the timing
  /// function's input NaN, which crashed a conversion to Int.
  @Test func subnormalDuration() {
    let api = ServiceHarness()
    for mode in ["linear", "cubicPaced"] {
      let body = #"""
        {"layers": [{"name": "a", "animations": [
          {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 5e-324, "timingFunction": "easeIn",
           "repeatCount": "infinity", "cumulative": true},
          {"type": "keyframe", "keyPath": "position.x", "values": [0, 1, 2], "calculationMode": "\#(mode)", "duration": 5e-324}]}],
         "sample": {"times": [0, 0.5, 1e9]}, "keyPaths": ["opacity", "position.x"]}
        """#
      let response = api.postJSON("/v1/timelines", body)
      #expect(response.status == 200, "\(response.text)")
    }
  }
}
