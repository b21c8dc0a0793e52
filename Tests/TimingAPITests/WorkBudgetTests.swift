import TestSupport
import Testing
import TimingAPI
import TimingEngine

/// One work budget per request (issue 7): long scripts answer, and a request past the budget —
/// a small one configured here, never a timing — gets a 422 `too-much-work` naming the limit,
/// the stage and the part of the request that went over it. Parsing is charged by the byte, so
/// the bodies here are compact on purpose: long ones are split only in the source, with `+`.
@Suite struct WorkBudgetTests {
  /// The service with the default budget, or with `maxWorkUnits`.
  static func api(_ maxWorkUnits: Int? = nil) -> ServiceHarness {
    var configuration = APIConfiguration()
    if let maxWorkUnits { configuration.maxWorkUnits = maxWorkUnits }
    return ServiceHarness(configuration: configuration)
  }

  /// The problem's type slug, detail and first error's pointer or parameter.
  static func problem(_ response: RawClient.Response) -> (type: String, detail: String, at: String)
  {
    let error = (response.json["errors"] as? [[String: Any]])?.first ?? [:]
    return (
      response.problemType ?? "", response.json["detail"] as? String ?? "",
      (error["pointer"] as? String) ?? (error["parameter"] as? String) ?? "—"
    )
  }

  /// Issue 7: 8 000 changes of one key path (879 KB) took 73 s. Each is an implicit animation
  /// of 0.25 s (linear) every 0.125 s (times exact in binary), so each starts from the one
  /// before it half-way: p(i+1) = (p(i) + v(i)) / 2 with v alternating 0, 1 from p(0) = 1.
  /// That settles on p = 2/3 at even i (going to 0) and 1/3 at odd i (going to 1); at
  /// t(i) + 1/16 (a quarter of the way) both read 2/3 − 2/3 · 1/4 = 1/3 + 2/3 · 1/4 = 0.5;
  /// after the last (i = 7999, to 1) the model value 1. Under the default budget.
  @Test func eightThousandChangesOnOneKeyPath() throws {
    let events = (0..<8000).map { i in
      #"{"time":\#(Double(i) / 8),"transaction":{"animationTimingFunction":"linear"},"#
        + #""set":[{"layer":"a","keyPath":"opacity","value":\#(i % 2)}]}"#
    }
    let indices = [100, 101, 4000, 4001, 7998, 7999]
    var times: [Double] = []
    for i in indices { times += [Double(i) / 8, Double(i) / 8 + 1.0 / 16] }
    times.append(1001)
    let body =
      #"{"layers":[{"name":"a","properties":{"opacity":1}}],"#
      + #""events":[\#(events.joined(separator: ","))],"#
      + #""sample":{"times":[\#(times.map { "\($0)" }.joined(separator: ","))]},"#
      + #""keyPaths":["opacity"]}"#
    #expect(body.utf8.count < 1 << 20)
    let response = Self.api().postJSON("/v1/timelines", body)
    #expect(response.status == 200, "\(Self.problem(response).detail)")
    let object = response.json
    let values =
      ((object["layers"] as? [String: Any])?["a"] as? [String: Any])?["opacity"] as? [Double] ?? []
    var expected: [Double] = []
    for i in indices { expected += [i % 2 == 0 ? 2.0 / 3 : 1.0 / 3, 0.5] }
    expected.append(1)
    #expect(values.count == expected.count)
    for (value, hand) in zip(values, expected) { #expect(abs(value - hand) <= 1e-9, "\(values)") }
    #expect((object["actions"] as? [Any])?.count == 8000)
  }

  /// A script whose changes each compose thousands of active animations (UIKit blocks from the
  /// current state, stacking): past a budget of 1 000 000 units in the script stage, at the
  /// event that went over; decoding the 1 000 events costs a few tens of thousands.
  @Test func scriptPastTheBudget() {
    let events = (0..<1000).map { i in
      #"{"time":\#(i),"animate":{"duration":1e6,"options":["beginFromCurrentState"]},"#
        + #""set":[{"layer":"v","keyPath":"opacity","value":\#(i % 2)}]}"#
    }
    let response = Self.api(1_000_000).postJSON(
      "/v1/timelines",
      #"{"layers":[{"name":"v","delegate":"view"}],"#
        + #""events":[\#(events.joined(separator: ","))],"sample":{"times":[0]}}"#)
    let problem = Self.problem(response)
    #expect(response.status == 422)
    #expect(problem.type == "too-much-work")
    #expect(problem.detail.contains("budget of 1000000 units"), "\(problem.detail)")
    #expect(problem.detail.contains("--max-work-units"))
    #expect(problem.detail.contains("script"))
    #expect(problem.at.hasPrefix("/events/"), "\(problem.at)")
  }

  /// 100 000 samples of one animation: refused before sampling starts, at /sample.
  @Test func samplingPastTheBudget() {
    let response = Self.api(100_000).postJSON(
      "/v1/timelines",
      #"{"layers":[{"name":"a","animations":[{"type":"basic","keyPath":"opacity","fromValue":0,"#
        + #""toValue":1,"duration":1e3}]}],"sample":{"from":0,"to":99.999,"fps":1000}}"#)
    let problem = Self.problem(response)
    #expect(response.status == 422)
    #expect(problem.type == "too-much-work")
    #expect(problem.detail.contains("budget of 100000 units"), "\(problem.detail)")
    #expect(problem.detail.contains("sampling 1 animations"))
    #expect(problem.at == "/sample")
  }

  /// Many numbers that are cheap to sample (a model value, no animation): refused in export.
  @Test func exportPastTheBudget() {
    let response = Self.api(300_000).postJSON(
      "/v1/timelines",
      #"{"layers":[{"name":"a","properties":{"transform":[]}}],"#
        + #""sample":{"from":0,"to":9.999,"fps":1000}}"#)
    let problem = Self.problem(response)
    #expect(response.status == 422)
    #expect(problem.detail.contains("(decoding"), "\(problem.detail)")
    #expect(problem.detail.contains("export"))
    #expect(problem.at == "/sample")
  }

  /// An export samples every exported layer property, whatever `keyPaths` reports: a body
  /// reporting only opacity while 1 000 additive rotations run at 99 901 times took 79 s to
  /// export (debug build) under the default budget, which had charged opacity alone. Now the
  /// exports' own sampling is charged first, for each keyframe format.
  @Test(arguments: ["waapi", "css", "lottie"])
  func exportSamplingPastTheBudget(format: String) {
    let rotations = (0..<1000).map { i in
      #"{"type":"basic","keyPath":"transform.rotation.z","fromValue":0,"toValue":\#(i),"#
        + #""duration":10,"additive":true}"#
    }
    let response = Self.api().postJSON(
      "/v1/timelines?format=\(format)",
      #"{"layers":[{"name":"a","animations":["# + rotations.joined(separator: ",")
        + #"]}],"keyPaths":["opacity"],"sample":{"from":0,"to":99.9,"fps":1000}}"#)
    let problem = Self.problem(response)
    #expect(response.status == 422)
    #expect(problem.type == "too-much-work")
    #expect(problem.detail.contains("exporting samples 1000 animations"), "\(problem.detail)")
    #expect(problem.at == "/sample")
  }

  /// Every export format at the edge of its budget: the units a request is charged (`/metrics`'
  /// work units, measured with the default budget) are exactly what it needs — with that budget
  /// it is answered, with one unit less it is refused at its last charge, the fit of its
  /// exported columns (the format's `fitCost`: for Web Animations and CSS `WorkCost
  /// .fittedNumber` a number of what moves, the transform's 16 × 201 samples here; for Lottie
  /// `WorkCost.lottieNumber` for each of a layer's 32 numbers). Each export
  /// is charged once: a timeline's key paths (`opacity` alone) are not sampled or written by an
  /// export, so they are not charged either.
  @Test(arguments: [
    "/v1/timelines?format=waapi", "/v1/timelines?format=css", "/v1/timelines?format=lottie",
    "/v1/presets/shake?fps=60&format=waapi", "/v1/presets/shake?fps=60&format=css",
    "/v1/presets/shake?fps=60&format=lottie",
  ])
  func everyExportFormatAtTheBudgetsEdge(target: String) throws {
    let rotations = (0..<10).map { i in
      #"{"type":"basic","keyPath":"transform.rotation.z","fromValue":0,"toValue":\#(i),"#
        + #""duration":1,"additive":true}"#
    }
    let body =
      #"{"layers":[{"name":"a","animations":["# + rotations.joined(separator: ",")
      + #"]}],"keyPaths":["opacity"],"sample":{"from":0,"to":0.2,"fps":1000}}"#
    func send(_ api: ServiceHarness) -> RawClient.Response {
      target.hasPrefix("/v1/presets") ? api.get(target) : api.postJSON(target, body)
    }
    let metrics = Metrics()
    #expect(send(ServiceHarness(metrics: metrics)).status == 200)
    let units = try #require(
      metrics.exposition().split(separator: "\n").first {
        $0.hasPrefix("animation_timing_work_units_total{")
          && $0.contains(target.hasPrefix("/v1/presets") ? "/v1/presets/{type}" : "/v1/timelines")
      }.flatMap { Int(Double($0.split(separator: " ").last ?? "") ?? -1) })
    if !target.hasPrefix("/v1/presets") {
      // At least the fit of 201 samples × the transform's 16 numbers (Lottie: all 32).
      let fit =
        target.hasSuffix("lottie")
        ? 201 * 32 * WorkCost.lottieNumber : 201 * 16 * WorkCost.fittedNumber
      #expect(units >= fit, "\(units)")
    }
    #expect(send(Self.api(units)).status == 200)
    let refused = send(Self.api(units - 1))
    let problem = Self.problem(refused)
    #expect(refused.status == 422)
    #expect(problem.type == "too-much-work")
    #expect(problem.detail.contains("brings it to \(units) units"), "\(problem.detail)")
    #expect(problem.detail.contains("keyframes to"), "\(problem.detail)")
    #expect(problem.detail.hasPrefix("this request needs more work"), "\(problem.detail)")
  }

  /// A long array stops the decoders where it is: the pointer names it. (Parsing the 24 KB
  /// body is charged ~72 000 units, the 5 000 times 50 000.)
  @Test func decodingPastTheBudget() {
    let times = (0..<5000).map(String.init).joined(separator: ",")
    let response = Self.api(100_000).postJSON(
      "/v1/timelines", #"{"layers":[{"name":"a"}],"sample":{"times":[\#(times)]}}"#)
    let problem = Self.problem(response)
    #expect(response.status == 422)
    #expect(problem.type == "too-much-work")
    #expect(problem.detail.contains("decoding"), "\(problem.detail)")
    #expect(problem.at == "/sample/times")
  }

  /// The other routes that do engine work charge the same budget: here 5 000 units, where
  /// 200 points cost 6 000 (and parsing the 1.2 KB body 3 600).
  @Test func otherRoutes() {
    let api = Self.api(5_000)
    let xs = (0..<200).map { "\(Double($0) / 200)" }.joined(separator: ",")
    let evaluate = api.postJSON(
      "/v1/timing-functions/evaluate", #"{"function":"easeIn","x":[\#(xs)]}"#)
    #expect(evaluate.status == 422)
    #expect(Self.problem(evaluate).at == "/x")
    #expect(Self.problem(evaluate).detail.contains("budget of 5000 units"))
    let lookUp = api.get("/v1/timing-functions/easeIn?samples=1000")
    #expect(lookUp.status == 422)
    #expect(Self.problem(lookUp).at == "samples")
    let preset = api.get("/v1/presets/shake?fps=60")
    #expect(preset.status == 422)
    #expect(Self.problem(preset).type == "too-much-work")
    let keys = (0..<20).map { "\"k\($0)\"" }.joined(separator: ",")
    let actions = api.postJSON("/v1/actions/resolve", #"{"layer":{},"keys":[\#(keys)]}"#)
    #expect(actions.status == 422)
    #expect(Self.problem(actions).type == "too-much-work")
    // Within the budget the same routes answer.
    #expect(api.get("/v1/timing-functions/easeIn?x=0.5").status == 200)
  }
}
