import Testing
import TimingAPI

/// Extreme but finite numbers — the largest double, subnormals, and the magnitudes where
/// squares overflow (1e155) or underflow (1e-154) — in every numeric field of a keyframe path
/// and of the sampling counts, through the whole service in-process: every answer is a success
/// or a 4xx problem, never a crash (which would end this test process).
@Suite struct ExtremeNumberTests {
  static let extremes = [
    "1e308", "-1e308", "5e-324", "-5e-324", "1.7976931348623157e308", "-1.7976931348623157e308",
    "1e-154", "1e155", "-1e155", "1e78", "-1e78", "1e12", "-1e12", "1.000000000001e12", "0",
    "2.2250738585072014e-308",
  ]

  static func timeline(path: String) -> String {
    """
    {"layers": [{"name": "a", "animations": [
       {"type": "keyframe", "keyPath": "position", "path": "\(path)", "duration": 1}]}],
     "sample": {"times": [0, 0.5, 1]}}
    """
  }

  /// Issue 7's request, byte for byte: it killed the process; now a 422 naming the field and
  /// the range.
  @Test func issueRequestIsA422NamingThePath() {
    let api = ServiceHarness()
    let response = api.postJSON(
      "/v1/timelines",
      #"{"layers":[{"name":"a","animations":[{"type":"keyframe","keyPath":"position","#
        + #""path":"M0,0 A1e78,1e78 0 0 1 10,10","duration":1}]}],"sample":{"times":[0]}}"#)
    #expect(response.status == 422, "\(response.text.prefix(400))")
    let errors = response.errors
    #expect(errors.map(\.pointer) == ["/layers/0/animations/0/path"])
    #expect(errors.first?.message.contains("[-1e12, 1e12]") == true, "\(errors)")
  }

  /// The same arc as an action: looked up, and fired by a scripted change.
  @Test func issueArcInActions() {
    let api = ServiceHarness()
    let action = #"{"type":"keyframe","keyPath":"position","path":"M0,0 A1e78,1e78 0 0 1 10,10"}"#
    let resolved = api.postJSON(
      "/v1/actions/resolve", #"{"layer":{"actions":{"position":\#(action)}},"keys":["position"]}"#)
    #expect(resolved.status == 422, "\(resolved.text.prefix(400))")
    #expect(resolved.errors.map(\.pointer) == ["/layer/actions/position/path"])
    let fired = api.postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "a", "actions": {"position": \(action)}}],
       "events": [{"time": 0, "set": [{"layer": "a", "keyPath": "position", "value": [5, 5]}]}],
       "sample": {"times": [0, 0.1]}}
      """)
    #expect(fired.status == 422, "\(fired.text.prefix(400))")
    #expect(fired.errors.map(\.pointer) == ["/layers/0/actions/position/path"])
  }

  /// Each extreme in each numeric slot of each path command. Outside ±1e12 it must be a 422 at
  /// the path's pointer; inside, a 200 or (for an arc that would need radii past 2e12) a 422.
  @Test func extremesInEveryPathNumber() {
    let api = ServiceHarness()
    let templates = [
      "M# 0 L1 1", "M0 # L1 1", "M0 0 L# 1", "M0 0 l1 #", "M0 0 H#", "M0 0 v#",
      "M0 0 C# 1 2 3 4 5", "M0 0 C1 # 2 3 4 5", "M0 0 c1 1 # 3 4 5", "M0 0 C1 1 2 # 4 5",
      "M0 0 C1 1 2 3 # 5", "M0 0 C1 1 2 3 4 #", "M0 0 S# 1 2 3", "M0 0 s1 1 2 #",
      "M0 0 Q# 1 2 3", "M0 0 Q1 1 2 #", "M0 0 T# 1", "M0 0 t1 #",
      "M0 0 A# 5 0 0 1 10 0", "M0 0 A5 # 0 0 1 10 0", "M0 0 A# # 0 1 1 10 10",
      "M0 0 A5 5 # 0 1 10 0", "M0 0 A20 10 # 0 1 10 3", "M0 0 A5 5 0 0 1 # 0",
      "M0 0 A5 5 0 0 1 10 #", "M0 0 a1 1 0 1 0 # #", "M1e12 -1e12 A# 1 0 1 0 -1e12 1e12",
      "M0 0 A1e12 # 0 0 1 10 0", "M0 0 A# 1e12 90 1 1 0 10",
    ]
    for template in templates {
      for number in Self.extremes {
        let svg = template.replacingOccurrences(of: "#", with: number)
        let response = api.postJSON("/v1/timelines", Self.timeline(path: svg))
        let code = response.status
        #expect(code == 200 || code == 422, "\(code) for \(svg): \(response.text.prefix(400))")
        if let value = Double(number), abs(value) > 1e12 {
          #expect(code == 422, "\(svg) accepted")
          #expect(
            response.errors.map(\.pointer) == ["/layers/0/animations/0/path"],
            "\(svg): \(response.text.prefix(400))")
        }
      }
    }
  }

  /// Paths whose numbers are all in range but whose geometry is extreme, sampled paced (arc
  /// length over huge or tiny segments) and with rotationMode, in JSON and CSV.
  @Test func extremeGeometryIsSampled() {
    let api = ServiceHarness()
    for path in [
      "M-1e12,-1e12 L1e12,1e12 L-1e12,1e12", "M0,0 A1e-300,1e-300 0 0 1 5e-324,0",
      "M0,0 A1,1 0 1 1 5e-324,0", "M-1e12,-1e12 A1,1 0 0 1 1e12,1e12",
      "M0,0 A1e12,5e-324 45 1 1 10,0", "M0,0 L5e-324,5e-324 L0,1e-323",
    ] {
      for mode in ["linear", "paced", "cubicPaced", "discrete"] {
        let body = """
          {"layers": [{"name": "a", "animations": [
             {"type": "keyframe", "keyPath": "position", "path": "\(path)",
              "calculationMode": "\(mode)", "rotationMode": "auto", "duration": 1}]}],
           "sample": {"from": 0, "to": 1, "fps": 8}}
          """
        for target in ["/v1/timelines", "/v1/timelines?format=csv"] {
          let response = api.postJSON(target, body)
          let code = response.status
          #expect(
            code == 200 || code == 422,
            "\(code) for \(path) \(mode): \(response.text.prefix(400))")
        }
      }
    }
  }

  /// Limits are plain Ints an embedding can set to anything: the work cap maxTimelineValues × 4
  /// overflowed (and trapped) for values above Int.max / 4. With no cap, a small timeline
  /// answers; the preset route's frame count is compared as a double before it is converted.
  @Test func unlimitedConfigurationsDoNotOverflow() {
    var configuration = APIConfiguration()
    configuration.maxTimelineValues = .max
    configuration.maxPointsPerRequest = .max
    let api = ServiceHarness(configuration: configuration)
    let timeline = api.postJSON(
      "/v1/timelines",
      #"{"layers":[{"name":"a","properties":{"opacity":0.5}}],"sample":{"times":[0,1]}}"#)
    #expect(timeline.status == 200, "\(timeline.text.prefix(400))")
    let preset = api.get("/v1/presets/pop?duration=10000&delay=10000&fps=1")
    #expect(preset.status == 200 || preset.status == 422, "\(preset.text.prefix(400))")
  }

  /// The other numbers that become counts or indices: sampling ranges, cumulative transforms'
  /// cycle numbers, cubicPaced arc tables, contents ids, preset frame counts.
  @Test func extremesInCountsAndIndices() {
    let api = ServiceHarness()
    for number in Self.extremes {
      let bodies = [
        #"{"layers":[],"sample":{"from":\#(number),"to":1e9,"fps":1000}}"#,
        #"{"layers":[],"sample":{"from":-1e9,"to":\#(number),"fps":0.001}}"#,
        #"{"layers":[],"sample":{"from":0,"to":1,"fps":\#(number)}}"#,
        """
        {"layers": [{"name": "a", "animations": [
           {"type": "basic", "keyPath": "transform", "byValue": [{"rotate": 1}], "cumulative": true,
            "repeatCount": \(number), "duration": 1e-9}]}],
         "sample": {"times": [0, 1, 1e9]}}
        """,
        """
        {"layers": [{"name": "a", "animations": [
           {"type": "keyframe", "keyPath": "position",
            "values": [[0, 0], [\(number), 1], [1e12, -1e12]], "calculationMode": "cubicPaced", "tensionValues": [\(number), 0, 0], "duration": 1}]}],
         "sample": {"times": [0, 0.3, 0.7, 1]}}
        """,
        """
        {"layers": [{"name": "a", "animations": [
           {"type": "keyframe", "keyPath": "contents", "values": ["x", "y"],
            "keyTimes": [0, \(number), 1], "duration": \(number)}]}],
         "sample": {"times": [0, 0.5, 1]}}
        """,
      ]
      for body in bodies {
        for target in ["/v1/timelines", "/v1/timelines?format=csv"] {
          let response = api.postJSON(target, body)
          let code = response.status
          #expect(code == 200 || code == 422, "\(code) for \(body): \(response.text.prefix(400))")
        }
      }
      for parameter in ["duration", "delay", "fps", "width", "height"] {
        let response = api.get("/v1/presets/pop?\(parameter)=\(number)")
        let code = response.status
        #expect(
          code == 200 || code == 400 || code == 422, "\(code) for preset \(parameter)=\(number)")
      }
    }
  }
}
