import Foundation
import HTTPTransport
import TestSupport
import Testing

@testable import TimingAPI

/// `POST /v1/batch` in process (api.md "Batch"): every line's body is exactly what the same
/// request alone answers (its JSON as it is, its text as a string), in input order; a bad line
/// is its own problem line between good ones; the batch's caps (lines, time, media type) and a
/// line's limits (no batch in a batch, GET without a body, Accept only). The socket tests
/// (APISocketTests) cover the body limit and a client that goes away mid-stream.
@Suite struct BatchTests {
  let api = ServiceHarness()

  static func ndjson(_ lines: [String]) -> [UInt8] {
    Array(lines.joined(separator: "\n").utf8) + [UInt8(ascii: "\n")]
  }

  func batch(_ lines: [String], service: ServiceHarness? = nil) -> RawClient.Response {
    (service ?? api).request(
      "POST", "/v1/batch", headers: [("Content-Type", "application/x-ndjson")],
      body: Self.ndjson(lines))
  }

  /// The answer's lines, each `{"line", "status", "body"}`, parsed.
  static func lines(_ answer: RawClient.Response) -> [[String: Any]] {
    answer.text.split(separator: "\n").map {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8), options: [.fragmentsAllowed]))
        as? [String: Any] ?? [:]
    }
  }

  /// The `body` member's bytes as written in a line (`{"line":n,"status":s,"body":…}`).
  static func bodyText(_ line: Substring) -> Substring {
    let start = line.range(of: ",\"body\":")!.upperBound
    return line[start..<line.index(before: line.endIndex)]
  }

  static let spring = #"{"swiftUI": {"response": 0.5, "dampingFraction": 0.7}}"#
  static let tokens = #"{"d": {"$type": "duration", "$value": {"value": 70, "unit": "ms"}}}"#

  @Test func eachLineIsTheSingleRequestsAnswer() throws {
    let answer = batch([
      #"{"method": "GET", "path": "/v1/timing-functions/easeIn?x=0.25"}"#,
      #"{"method": "POST", "path": "/v1/springs", "body": \#(Self.spring)}"#,
      #"{"method": "POST", "path": "/v1/tokens?format=css", "body": \#(Self.tokens)}"#,
      #"{"method": "GET", "path": "/v1/timing-functions/nope"}"#,
    ])
    #expect(answer.status == 200)
    #expect(answer.header("Content-Type") == "application/x-ndjson")
    #expect(answer.header("ETag") == nil)
    let lines = answer.text.split(separator: "\n")
    #expect(lines.count == 4)
    let singles = [
      api.get("/v1/timing-functions/easeIn?x=0.25"),
      api.postJSON("/v1/springs", Self.spring),
      api.postJSON("/v1/tokens?format=css", Self.tokens),
      api.get("/v1/timing-functions/nope"),
    ]
    for (i, (line, single)) in zip(lines, singles).enumerated() {
      #expect(line.hasPrefix("{\"line\":\(i + 1),\"status\":\(single.status),\"body\":"))
      let body = Self.bodyText(line)
      if single.header("Content-Type")!.hasPrefix("text/") {
        // Text as a JSON string of exactly its bytes.
        let decoded = try JSONSerialization.jsonObject(
          with: Data(body.utf8), options: [.fragmentsAllowed])
        #expect(decoded as? String == single.text)
      } else {
        // JSON as it is, its closing line break aside (problems' instance ids differ).
        let text = single.text.dropLast()
        if single.status == 200 {
          #expect(body == text)
        } else {
          #expect(body.contains(#""status":404"#))
        }
      }
    }
  }

  /// 10 000 small lines, each the answer of its request alone, byte for byte.
  @Test func tenThousandLines() {
    let xs = (0..<10_000).map { Double($0) / 10_000 }
    let answer = batch(
      xs.map { #"{"method": "GET", "path": "/v1/timing-functions/ease?x=\#($0)"}"# })
    let lines = answer.text.split(separator: "\n")
    #expect(lines.count == 10_000)
    for i in stride(from: 0, to: 10_000, by: 997) {
      let single = api.get("/v1/timing-functions/ease?x=\(xs[i])")
      #expect(Self.bodyText(lines[i]) == single.text.dropLast())
      #expect(lines[i].hasPrefix("{\"line\":\(i + 1),\"status\":200,"))
    }
  }

  /// Not JSON, not a request, a nested batch, a GET with a body, a header a line may not set:
  /// each its own problem at its line, the good lines around them answered.
  @Test func badLinesAreTheirOwnProblems() {
    let answer = batch([
      #"{"method": "GET", "path": "/v1/timing-functions/linear?x=0.5"}"#,
      "not json",
      #"{"method": "DELETE", "path": "/v1/springs"}"#,
      #"{"method": "POST", "path": "/v1/batch", "body": {}}"#,
      #"{"method": "GET", "path": "/v1/presets", "body": {}}"#,
      #"{"method": "GET", "path": "/v1/presets", "headers": {"Content-Type": "text/plain"}}"#,
      #"{"method": "GET", "path": "v1/presets"}"#,
      "",
      #"{"method": "POST", "path": "/v1/springs", "body": {"swiftUI": {"response": -1}}}"#,
      #"{"method": "GET", "path": "/v1/timing-functions/linear?x=0.75"}"#,
    ])
    let lines = Self.lines(answer)
    #expect(lines.map { $0["line"] as? Int } == [1, 2, 3, 4, 5, 6, 7, 9, 10])
    #expect(lines.map { $0["status"] as? Int } == [200, 400, 422, 422, 422, 422, 422, 422, 200])
    func pointer(_ i: Int) -> String? {
      (((lines[i]["body"] as? [String: Any])?["errors"] as? [[String: Any]])?.first)?["pointer"]
        as? String
    }
    #expect(pointer(2) == "/method")
    #expect(pointer(3) == "/path")
    #expect(pointer(4) == "/body")
    #expect(pointer(5) == "/headers/Content-Type")
    #expect(pointer(6) == "/path")
    #expect(pointer(7) == "/swiftUI/response")
    let points = (lines[8]["body"] as? [String: Any])?["points"] as? [[String: Double]]
    #expect(points?.first?["x"] == 0.75)
  }

  /// `?pretty` answers JSON with line breaks: in a line they are gone, and it means the same.
  /// An answer the service streams (a timeline of more than 65 536 numbers) is copied whole.
  @Test func prettyAndStreamedAnswers() throws {
    let scene =
      #"{"layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "position", "fromValue": [0, 0], "toValue": [100, 50], "duration": 1}]}], "sample": {"from": 0, "to": 40, "fps": 1000}}"#
    let answer = batch([
      #"{"method": "POST", "path": "/v1/springs?pretty", "body": \#(Self.spring)}"#,
      #"{"method": "POST", "path": "/v1/timelines", "body": \#(scene)}"#,
      #"{"method": "POST", "path": "/v1/timelines?format=csv", "body": \#(scene)}"#,
    ])
    let lines = answer.text.split(separator: "\n")
    #expect(lines.count == 3)
    let pretty = api.postJSON("/v1/springs?pretty", Self.spring)
    #expect(pretty.text.contains("\n  "))
    #expect(
      Self.bodyText(lines[0]) == pretty.text.split(separator: "\n").joined()[...])
    let streamed = api.answer(postingJSON: scene, to: "/v1/timelines")
    #expect(streamed.stream != nil)
    let single = api.postJSON("/v1/timelines", scene)
    #expect(Self.bodyText(lines[1]) == single.text.dropLast())
    let csv = api.postJSON("/v1/timelines?format=csv", scene)
    let decoded = try JSONSerialization.jsonObject(
      with: Data(Self.bodyText(lines[2]).utf8), options: [.fragmentsAllowed])
    #expect(decoded as? String == csv.text)
  }

  /// Past its time, the lines left are 503 without running; a batch begun while the server
  /// drains has the shorter time.
  @Test func theBatchTime() {
    var configuration = APIConfiguration()
    configuration.batchSeconds = 0
    let line = #"{"method": "GET", "path": "/v1/timing-functions/ease?x=0.5"}"#
    let spent = batch([line, line], service: ServiceHarness(configuration: configuration))
    #expect(Self.lines(spent).map { $0["status"] as? Int } == [503, 503])
    #expect(spent.text.contains("batch-time-exhausted"))
    configuration.batchSeconds = 100
    configuration.drainingBatchSeconds = 0
    let draining = batch(
      [line], service: ServiceHarness(configuration: configuration, ready: { false }))
    #expect(Self.lines(draining).first?["status"] as? Int == 503)
    let ready = batch([line], service: ServiceHarness(configuration: configuration))
    #expect(Self.lines(ready).first?["status"] as? Int == 200)
  }

  @Test func theBatchsOwnLimits() {
    var configuration = APIConfiguration()
    configuration.maxBatchLines = 3
    let small = ServiceHarness(configuration: configuration)
    let line = #"{"method": "GET", "path": "/v1/presets"}"#
    let many = batch([line, line, line, line], service: small)
    #expect(many.status == 413)
    #expect(many.text.contains("at most 3 requests"))
    let json = api.postJSON("/v1/batch", line)
    #expect(json.status == 415)
    #expect(json.text.contains("application/x-ndjson"))
    let accept = api.request(
      "POST", "/v1/batch",
      headers: [("Content-Type", "application/x-ndjson"), ("Accept", "application/json")],
      body: Self.ndjson([line]))
    #expect(accept.status == 406)
    // Empty: no lines, no answer lines.
    let empty = api.request(
      "POST", "/v1/batch", headers: [("Content-Type", "application/x-ndjson")], body: [])
    #expect(empty.status == 200)
    #expect(empty.body.isEmpty)
  }

  /// The transport's limit for the batch path is its own (16 MiB by default), every other
  /// path keeps the single request's.
  @Test func theBatchPathsBodyLimit() {
    let limits = ServiceConfiguration().limits
    #expect(limits.maxBodyBytes(for: "/v1/batch") == 16 << 20)
    #expect(limits.maxBodyBytes(for: "/v1/batch?x=1") == 16 << 20)
    #expect(limits.maxBodyBytes(for: "/v1/tokens") == 1 << 20)
    #expect(limits.maxBodyBytes(for: "/v1/batch/x") == 1 << 20)
    guard
      case .run(let configured) = ServiceConfiguration.parse(
        arguments: ["--drain-timeout", "20"], environment: [:], processors: 2)
    else {
      Issue.record("not parsed")
      return
    }
    // docs/api.md "Batch": the drain timeout less the slowest line, and less the grace too
    // while draining.
    #expect(configured.api.batchSeconds == 19)
    #expect(configured.api.drainingBatchSeconds == 13)
  }

  /// A line's body is held to the single request's limit (an attacker's 15 MB line was run).
  @Test func aLinesBodyKeepsTheRequestsLimit() {
    var configuration = APIConfiguration()
    configuration.maxLineBodyBytes = 100
    let small = ServiceHarness(configuration: configuration)
    let long = String(repeating: "x", count: 200)
    let answer = batch(
      [
        #"{"method": "POST", "path": "/v1/springs", "body": {"note": "\#(long)"}}"#,
        #"{"method": "GET", "path": "/v1/presets"}"#,
      ], service: small)
    let lines = Self.lines(answer)
    #expect(lines.map { $0["status"] as? Int } == [413, 200])
    #expect(answer.text.contains(#""pointer":"/body""#))
  }
}
