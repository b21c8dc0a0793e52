import Foundation
import HTTPTransport
import TestSupport
import Testing
import TimingAPI

/// `animation-timing sample|curve|spring|presets|tokens`: the arguments parsed, and the output —
/// which must be the HTTP API's answer to the same request, byte for byte, errors included.
@Suite struct OfflineCommandTests {
  let scene = """
    {"layers": [{"name": "card", "animations": [{"key": "fade", "type": "basic",
      "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1}]}],
     "sample": {"from": 0, "to": 1, "fps": 4}, "keyPaths": ["opacity"]}
    """

  func command(_ arguments: [String]) -> OfflineCommand? {
    if case .run(let command) = OfflineCommand.parse(arguments) { return command }
    return nil
  }

  /// The problem of a usage error, decoded.
  func problem(_ arguments: [String]) -> [String: Any]? {
    guard case .invalid(let bytes) = OfflineCommand.parse(arguments) else { return nil }
    return try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
  }

  func parameter(_ problem: [String: Any]?) -> String? {
    ((problem?["errors"] as? [[String: Any]])?.first)?["parameter"] as? String
  }

  @Test func argumentsInEitherOrderAndForm() throws {
    let a = try #require(command(["sample", "scene.json", "--format", "csv", "-o", "out.csv"]))
    let b = try #require(command(["sample", "--format=csv", "--output", "out.csv", "scene.json"]))
    #expect(a == b)
    #expect(a.subcommand == .sample && a.format == .csv && a.input == "scene.json")
    #expect(a.output == "out.csv")
    let stdin = try #require(command(["sample", "-"]))
    #expect(stdin.input == "-" && stdin.format == .json && stdin.output == nil)
    let curve = try #require(command(["curve", "easeIn", "--samples", "5"]))
    #expect(curve.function == "easeIn" && curve.samples == 5)
    #expect(command(["curve", "easeIn"])?.samples == OfflineCommand.defaultSamples)
  }

  @Test func usageErrorsAreProblemsNamingTheArgument() {
    #expect(parameter(problem(["sample", "a.json", "--format", "png"])) == "--format")
    #expect(parameter(problem(["sample", "a.json", "--format"])) == "--format")
    #expect(parameter(problem(["sample"])) == "SCENE")
    #expect(parameter(problem(["sample", "a.json", "b.json"])) == "SCENE")
    #expect(parameter(problem(["sample", "a.json", "--samples", "3"])) == "--samples")
    #expect(parameter(problem(["curve", "easeIn", "--samples", "many"])) == "--samples")
    #expect(parameter(problem(["curve"])) == "FUNCTION")
    #expect(parameter(problem(["sample", "a.json", "--bogus"])) == "--bogus")
    #expect(parameter(problem(["sample", "a.json", "-o"])) == "-o")
    #expect(problem(["sample", "a.json", "-o"])?["status"] as? Int == 422)
    guard case .help(let text) = OfflineCommand.parse(["curve", "--help"]) else {
      Issue.record("--help is not help")
      return
    }
    #expect(text.contains("animation-timing sample SCENE.json"))
    #expect(text.contains("animation-timing curve FUNCTION"))
  }

  @Test(arguments: ["json", "csv", "svg", "waapi", "css", "lottie"])
  func sampleIsTheHTTPAnswerByteForByte(format: String) throws {
    let api = ServiceHarness()
    let http = api.postJSON("/v1/timelines?format=\(format)", scene)
    #expect(http.status == 200)
    let offline = try #require(command(["sample", "scene.json", "--format", format]))
    let outcome = offline.run(body: Array(scene.utf8), in: TimingService())
    #expect(outcome.status == 0)
    #expect(outcome.bytes == http.body)
  }

  /// `spring API NAME=VALUE …` is `POST /v1/springs` with that body, byte for byte; a
  /// parameter the service refuses is its 422 with exit status 2.
  @Test func springIsTheHTTPAnswerByteForByte() throws {
    let api = ServiceHarness()
    let http = api.postJSON(
      "/v1/springs",
      #"{"android": {"stiffness": 400, "dampingRatio": 0.6, "velocity": 200}, "distance": 100}"#)
    #expect(http.status == 200)
    let offline = try #require(
      command([
        "spring", "android", "stiffness=400", "distance=100", "dampingRatio=0.6", "velocity=200",
      ]))
    let outcome = offline.run(body: [], in: TimingService())
    #expect(outcome.status == 0)
    #expect(outcome.bytes == http.body)
    // `spring compose …` is the same request with `compose`: Compose's name for android.
    let compose = try #require(command(["spring", "compose", "stiffness=400"]))
    let composeHTTP = api.postJSON("/v1/springs", #"{"compose": {"stiffness": 400}}"#)
    #expect(composeHTTP.status == 200)
    #expect(compose.run(body: [], in: TimingService()).bytes == composeHTTP.body)
    let refused = try #require(command(["spring", "swiftUI", "response=0"]))
    let problem = refused.run(body: [], in: TimingService())
    #expect(problem.status == 2)
    #expect(String(decoding: problem.bytes, as: UTF8.self).contains("/swiftUI/response"))
    #expect(parameter(self.problem(["spring"])) == "API")
    #expect(parameter(self.problem(["spring", "swiftUI", "response=fast"])) == "response=fast")
    #expect(parameter(self.problem(["spring", "swiftUI", "--format", "css"])) == "--format")
  }

  /// A timeline large enough to be streamed (more than 65 536 numbers) comes out whole, the
  /// same bytes as the streamed HTTP answer.
  @Test func aStreamedTimelineIsCollected() throws {
    let large = """
      {"layers": [{"name": "card", "animations": [{"type": "basic", "keyPath": "opacity",
        "fromValue": 0, "toValue": 1, "duration": 10}]}],
       "sample": {"from": 0, "to": 90, "fps": 1000}, "keyPaths": ["opacity"]}
      """
    let api = ServiceHarness()
    let http = api.postJSON("/v1/timelines", large)
    let offline = try #require(command(["sample", "-"]))
    let outcome = offline.run(body: Array(large.utf8), in: TimingService())
    #expect(outcome.status == 0)
    // 90 001 times and as many values (180 002 numbers, over the 65 536 streamed): about 1 MB.
    #expect(outcome.bytes.count > 400_000)
    #expect(outcome.bytes == http.body)
  }

  @Test func aBadSceneIsTheSameProblemWithStatus2() throws {
    let bad =
      #"{"layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "opacity", "duration": -1}]}], "sample": {"to": 1}}"#
    let api = ServiceHarness()
    let http = api.postJSON(
      "/v1/timelines?format=json", bad, headers: [("X-Request-ID", OfflineCommand.requestID)])
    #expect(http.status == 422)
    let outcome = try #require(command(["sample", "-"])).run(
      body: Array(bad.utf8), in: TimingService())
    #expect(outcome.status == 2)
    #expect(outcome.bytes == http.body)
    #expect(
      String(decoding: outcome.bytes, as: UTF8.self).contains("/layers/0/animations/0/duration"))
  }

  @Test func curvesAsJSONCSVAndSVG() throws {
    let api = ServiceHarness()
    let json = try #require(command(["curve", "easeIn", "--samples", "3"])).run(
      body: [], in: TimingService())
    #expect(json.status == 0)
    #expect(json.bytes == api.get("/v1/timing-functions/easeIn?samples=3").body)
    // CSS text with spaces and a percent sign is sent as one path segment.
    let csv = try #require(
      command(["curve", "linear(0, 0.5 25%, 1)", "--samples", "3", "--format", "csv"])
    ).run(body: [], in: TimingService())
    #expect(csv.status == 0)
    // linear(0, 0.5 25%, 1) at 0, 0.5, 1: 0; halfway from 0.5 at 25 % to 1 at 100 %, 2/3; 1.
    let rows = String(decoding: csv.bytes, as: UTF8.self).split(separator: "\r\n")
    #expect(rows.count == 4 && rows[0] == "x,y" && rows[1] == "0,0" && rows[3] == "1,1")
    let middle = rows[2].split(separator: ",").compactMap { Double($0) }
    #expect(middle.count == 2 && middle[0] == 0.5 && abs(middle[1] - 2.0 / 3.0) < 1e-12)
    let svg = try #require(command(["curve", "easeIn", "--format", "svg"])).run(
      body: [], in: TimingService())
    #expect(svg.bytes == api.get("/v1/timing-functions/easeIn.svg").body)
    let unknown = try #require(command(["curve", "bogus"])).run(body: [], in: TimingService())
    #expect(unknown.status == 2)
    // A curve's CSS easing is the route's; a curve has no keyframes, so waapi is its 422.
    let css = try #require(command(["curve", "easeIn", "--format", "css"])).run(
      body: [], in: TimingService())
    #expect(css.status == 0)
    #expect(css.bytes == api.get("/v1/timing-functions/easeIn?format=css").body)
    let waapi = try #require(command(["curve", "easeIn", "--format", "waapi"])).run(
      body: [], in: TimingService())
    #expect(waapi.status == 2)
    let refusal = try JSONSerialization.jsonObject(with: Data(waapi.bytes)) as? [String: Any]
    #expect(refusal?["status"] as? Int == 422)
    #expect(parameter(refusal) == "format")
  }

  /// `presets` is `GET /v1/presets`, and `presets TYPE --NAME N … --format F` is
  /// `GET /v1/presets/TYPE?NAME=N&…&format=F`, byte for byte in every format the route serves.
  @Test(arguments: [nil, "json", "svg", "waapi", "css", "lottie"])
  func presetsIsTheHTTPAnswerByteForByte(format: String?) throws {
    let api = ServiceHarness()
    let list = try #require(command(["presets"])).run(body: [], in: TimingService())
    #expect(list.status == 0)
    #expect(list.bytes == api.get("/v1/presets").body)
    let query = "duration=1&delay=0.2&fps=30" + (format.map { "&format=\($0)" } ?? "")
    let http = api.get("/v1/presets/bounceLeft?" + query)
    #expect(http.status == 200)
    let arguments =
      ["presets", "--fps", "30", "bounceLeft", "--duration=1", "--delay", "0.2"]
      + (format.map { ["--format", $0] } ?? [])
    let outcome = try #require(command(arguments)).run(body: [], in: TimingService())
    #expect(outcome.status == 0)
    #expect(outcome.bytes == http.body)
    #expect(!outcome.bytes.isEmpty)
  }

  /// What the service refuses is its problem, the same bytes with exit status 2; what cannot
  /// be a request at all is a usage problem naming the argument.
  @Test func presetsRefusedAsTheServiceRefuses() throws {
    let api = ServiceHarness()
    let id = [("X-Request-ID", OfflineCommand.requestID)]
    for (arguments, target) in [
      (["presets", "bogus"], "/v1/presets/bogus"),
      (["presets", "pop", "--duration", "-1"], "/v1/presets/pop?duration=-1"),
      (["presets", "pop", "--viewWidth", "100"], "/v1/presets/pop?viewWidth=100"),
      (["presets", "pop", "--format", "csv"], "/v1/presets/pop?format=csv"),
    ] {
      let http = api.get(target, headers: id)
      #expect((400..<500).contains(http.status), "\(target)")
      let outcome = try #require(command(arguments)).run(body: [], in: TimingService())
      #expect(outcome.status == 2, "\(arguments)")
      #expect(outcome.bytes == http.body, "\(arguments)")
    }
    #expect(parameter(problem(["presets", "pop", "fadeIn"])) == "TYPE")
    #expect(parameter(problem(["presets", "--duration", "1"])) == "--duration")
    #expect(parameter(problem(["presets", "--format", "svg"])) == "--format")
    #expect(parameter(problem(["presets", "pop", "--duration"])) == "--duration")
    #expect(parameter(problem(["presets", "pop", "--samples", "3"])) == "--samples")
    #expect(parameter(problem(["presets", "pop", "--pretty"])) == "--pretty")
    guard case .help(let text) = OfflineCommand.parse(["presets", "--help"]) else {
      Issue.record("--help is not help")
      return
    }
    #expect(text.contains("animation-timing presets TYPE"))
  }

  /// `tokens FILE --NAME V … --format F` is `POST /v1/tokens?NAME=V&…&format=F` with the file,
  /// byte for byte in every representation the route serves and without `--format` (JSON).
  @Test(arguments: [nil, "json", "css", "dtcg", "swift", "kotlin", "ts"])
  func tokensIsTheHTTPAnswerByteForByte(format: String?) throws {
    let api = ServiceHarness()
    let document = Array(TokenEndpointTests.document.utf8)
    let query = "maxError=0.0005&reducedMaxDuration=0.1" + (format.map { "&format=\($0)" } ?? "")
    let http = api.postJSON("/v1/tokens?" + query, document)
    #expect(http.status == 200)
    let arguments =
      ["tokens", "--maxError", "0.0005", "motion.tokens.json", "--reducedMaxDuration=0.1"]
      + (format.map { ["--format", $0] } ?? [])
    let parsed = try #require(command(arguments))
    #expect(parsed.input == "motion.tokens.json")
    let outcome = parsed.run(body: document, in: TimingService())
    #expect(outcome.status == 0)
    #expect(outcome.bytes == http.body)
    #expect(!outcome.bytes.isEmpty)
  }

  /// `batch` (standard input by default) is `POST /v1/batch` in process: the same lines, byte
  /// for byte, a bad one among them (its problem's instance the command's request id, as the
  /// service's with that X-Request-ID); exit 0 whatever the lines' statuses.
  @Test func batchIsTheHTTPAnswerByteForByte() throws {
    let api = ServiceHarness()
    let body = BatchTests.ndjson([
      #"{"method": "GET", "path": "/v1/timing-functions/ease?x=0.5"}"#,
      #"{"method": "POST", "path": "/v1/tokens?format=swift", "body": \#(BatchTests.tokens)}"#,
      #"{"method": "POST", "path": "/v1/batch"}"#,
    ])
    let http = api.request(
      "POST", "/v1/batch",
      headers: [
        ("Content-Type", "application/x-ndjson"), ("X-Request-ID", OfflineCommand.requestID),
      ], body: body)
    #expect(http.status == 200)
    let parsed = try #require(command(["batch"]))
    #expect(parsed.input == "-")
    let outcome = parsed.run(
      body: body, in: TimingService(configuration: OfflineCommand.configuration))
    #expect(outcome.status == 0)
    #expect(outcome.bytes == http.body)
    #expect(
      String(decoding: outcome.bytes, as: UTF8.self).contains(
        #""instance":"animation-timing-cli-3""#))
    #expect(command(["batch", "a", "b"]) == nil)
    #expect(command(["batch", "--format", "css"]) == nil)
  }

  /// `fit CURVE` is `POST /v1/fit` with the curve and the member options, `--models` its query;
  /// `fit` without CURVE reads samples as CSV (a header skipped) or JSON.
  @Test func fitIsTheHTTPAnswerByteForByte() throws {
    let api = ServiceHarness()
    let curve = "linear(0, 0.3 10%, 0.75 30%, 0.98 60%, 1)"
    let http = api.postJSON(
      "/v1/fit?models=spring", #"{"curve": "\#(curve)", "duration": 0.5}"#)
    #expect(http.status == 200)
    let parsed = try #require(
      command(["fit", curve, "--duration", "0.5", "--models", "spring"]))
    let outcome = parsed.run(body: [], in: TimingService())
    #expect(outcome.status == 0)
    #expect(outcome.bytes == http.body)
    let samples = #"{"samples": [[0, 0], [0.1, 40], [0.2, 80], [0.3, 100]], "to": 100}"#
    let fromJSON = api.postJSON("/v1/fit", samples)
    let csv = Array("t,x\n0,0\n0.1,40\n\n0.2,80\n0.3,100\n".utf8)
    let fromCSV = try #require(command(["fit", "--to", "100"])).run(body: csv, in: TimingService())
    #expect(fromCSV.bytes == fromJSON.body)
    let pairs = Array("[[0, 0], [0.1, 40], [0.2, 80], [0.3, 100]]".utf8)
    let fromPairs = try #require(command(["fit", "--to", "100"])).run(
      body: pairs, in: TimingService())
    #expect(fromPairs.bytes == fromJSON.body)
  }

  /// `lottie timeline FILE` is `POST /v1/lottie/timeline` byte for byte, its options the query;
  /// an action it does not have is a usage problem naming ACTION.
  @Test func lottieTimelineIsTheHTTPAnswerByteForByte() throws {
    let api = ServiceHarness()
    let file = Array(
      try Data(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
          .deletingLastPathComponent().appendingPathComponent("Fixtures/lottie/rlottie__heart.json")
      ))
    for format in ["json", "csv"] {
      let http = api.postJSON("/v1/lottie/timeline?frames=0..4&fps=60&format=\(format)", file)
      #expect(http.status == 200)
      let parsed = try #require(
        command([
          "lottie", "timeline", "heart.json", "--frames", "0..4", "--fps", "60", "--format", format,
        ]))
      let outcome = parsed.run(body: file, in: TimingService())
      #expect(outcome.status == 0)
      #expect(outcome.bytes == http.body, "\(format)")
    }
    guard case .invalid(let problem) = OfflineCommand.parse(["lottie", "render", "a.json"]) else {
      Issue.record("an unknown action was taken")
      return
    }
    #expect(String(decoding: problem, as: UTF8.self).contains("ACTION"))
  }

  /// `diff A B` is `POST /v1/diff` with `{"a": A, "b": B}` byte for byte, its options the
  /// query; its exit status 0 when the two are the same, 1 when they differ (as diff(1)), 2 for
  /// a problem; B missing is a usage problem naming B.
  @Test func diffExitsAsDiffDoes() throws {
    let api = ServiceHarness()
    let a = Array(MotionDiffTests.document().utf8)
    let b = Array(MotionDiffTests.document(x: 105).utf8)
    let body = OfflineCommand.diffBody(a, b)
    let http = api.postJSON("/v1/diff?tolerance=0.5", body)
    #expect(http.status == 200)
    let parsed = try #require(command(["diff", "a.json", "b.json", "--tolerance", "0.5"]))
    #expect(parsed.secondInput == "b.json")
    let differs = parsed.run(body: body, in: TimingService())
    #expect(differs.status == OfflineCommand.differentStatus && differs.answered)
    #expect(differs.bytes == http.body)
    let same = parsed.run(body: OfflineCommand.diffBody(a, a), in: TimingService())
    #expect(same.status == 0)
    let broken = parsed.run(body: OfflineCommand.diffBody(a, Array("{}".utf8)), in: TimingService())
    #expect(broken.status == 2 && !broken.answered)
    guard case .invalid(let problem) = OfflineCommand.parse(["diff", "a.json"]) else {
      Issue.record("diff ran with one file")
      return
    }
    #expect(String(decoding: problem, as: UTF8.self).contains(#""parameter":"B""#))
  }

  /// The service's refusals of a token document or an option are its problem with exit status
  /// 2; a missing file or an option of another command is a usage problem naming it.
  @Test func tokensRefusedAsTheServiceRefuses() throws {
    let api = ServiceHarness()
    let id = [("X-Request-ID", OfflineCommand.requestID)]
    let cycle = #"{"a": {"$type": "duration", "$value": "{a}"}}"#
    for (arguments, target, body) in [
      (["tokens", "t.json"], "/v1/tokens", cycle),
      (["tokens", "t.json", "--dialect", "sketch"], "/v1/tokens?dialect=sketch", "{}"),
      (["tokens", "t.json", "--maxError", "0"], "/v1/tokens?maxError=0", "{}"),
      (["tokens", "t.json", "--format", "svg"], "/v1/tokens?format=svg", "{}"),
    ] {
      let http = api.postJSON(target, body, headers: id)
      #expect((400..<500).contains(http.status), "\(target)")
      let outcome = try #require(command(arguments)).run(
        body: Array(body.utf8), in: TimingService())
      #expect(outcome.status == 2, "\(arguments)")
      #expect(outcome.bytes == http.body, "\(arguments)")
    }
    #expect(parameter(problem(["tokens"])) == "FILE")
    #expect(parameter(problem(["tokens", "a.json", "b.json"])) == "FILE")
    #expect(parameter(problem(["tokens", "a.json", "--dialect"])) == "--dialect")
    #expect(parameter(problem(["tokens", "a.json", "--duration", "1"])) == "--duration")
    #expect(parameter(problem(["presets", "pop", "--dialect", "dtcg"])) == "--dialect")
    guard case .help(let text) = OfflineCommand.parse(["tokens", "--help"]) else {
      Issue.record("--help is not help")
      return
    }
    #expect(text.contains("animation-timing tokens FILE"))
  }
}
