import Foundation
import TestSupport
import Testing

@testable import TimingAPI

/// Every JSON answer ends with a line break, and `?pretty` indents it (README, api.md "JSON
/// layout"): held whole or streamed, answers and problems alike, on every route that answers
/// JSON; the indented text is the same document, with its own ETag.
@Suite struct JSONLayoutTests {
  static let smallScene = """
    {"layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "opacity",
      "fromValue": 0, "toValue": 1, "duration": 1}]}], "sample": {"from": 0, "to": 1, "fps": 4}}
    """
  /// 36 001 samples of a point and a scalar: over the 65 536 numbers that make it stream.
  static let largeScene = """
    {"layers": [{"name": "a", "properties": {"position": [0, 0]}, "animations": [
      {"type": "basic", "keyPath": "position", "toValue": [100, 50], "duration": 60},
      {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 60}]}],
     "sample": {"from": 0, "to": 60, "fps": 600}}
    """

  /// Each (method, path, body) of the routes that answer JSON.
  static let jsonRoutes: [(String, String, String?)] = [
    ("GET", "/v1/timing-functions", nil),
    ("GET", "/v1/timing-functions/easeIn?x=0.5", nil),
    ("POST", "/v1/timing-functions/evaluate", #"{"function": "easeIn", "x": [0.5]}"#),
    ("POST", "/v1/timelines", smallScene),
    ("POST", "/v1/actions/resolve", #"{"keys": ["opacity"]}"#),
    ("GET", "/v1/presets", nil),
    ("GET", "/v1/presets/pop?fps=10", nil),
    ("GET", "/version", nil),
  ]

  func send(_ api: ServiceHarness, _ method: String, _ path: String, _ body: String?)
    -> RawClient.Response
  {
    body.map { api.postJSON(path, $0) } ?? api.request(method, path)
  }

  @Test func everyJSONAnswerEndsWithALineBreak() {
    let api = ServiceHarness()
    for (method, path, body) in Self.jsonRoutes {
      let response = send(api, method, path, body)
      #expect(response.status == 200, "\(path)")
      #expect(response.body.last == UInt8(ascii: "\n"), "\(path)")
      #expect(response.body.dropLast().last == UInt8(ascii: "}"), "\(path): compact by default")
      #expect(!response.json.isEmpty, "\(path)")
    }
    for problem in [
      api.get("/nowhere"), api.get("/v1/timing-functions/bogus"),
      api.postJSON("/v1/timelines", "{}"), api.postJSON("/v1/timelines", "{"),
    ] {
      #expect(problem.body.last == UInt8(ascii: "\n"), "\(problem.status)")
      #expect(problem.json["status"] as? Int == problem.status)
    }
    let streamed = api.postJSON("/v1/timelines", Self.largeScene)
    #expect(streamed.body.suffix(2) == [UInt8(ascii: "}"), UInt8(ascii: "\n")])
    #expect((streamed.json["times"] as? [Any])?.count == 36_001)
  }

  /// The ETag names the bytes sent, line break included: a revalidation with it is a 304.
  @Test func entityTagsCoverTheLineBreak() {
    let api = ServiceHarness()
    let first = api.get("/v1/timing-functions/easeIn?x=0.5")
    let tag = first.headers.first { $0.0 == "ETag" }?.1 ?? ""
    #expect(tag == EntityTag.of(first.body))
    let again = api.get("/v1/timing-functions/easeIn?x=0.5", headers: [("If-None-Match", tag)])
    #expect(again.status == 304)
  }

  /// The exact indented text of a small answer, written out by hand.
  @Test func prettyIndentsByTwoSpaces() {
    let response = ServiceHarness().get("/version?pretty")
    #expect(
      response.text
        == "{\n  \"name\": \"animation-timing\",\n  \"version\": \"\(ServiceVersion.current)\"\n}\n"
    )
    let problem = ServiceHarness().get("/v1/timing-functions/bogus?pretty=1")
    #expect(problem.status == 404)
    #expect(problem.text.hasPrefix("{\n  \"type\": \"https://animation-timing.dev/problems/"))
    #expect(problem.text.hasSuffix("\n  ]\n}\n"))
  }

  /// `?pretty` on every JSON route: accepted, and the same document as the compact answer.
  @Test func prettyIsTheSameDocumentOnEveryJSONRoute() throws {
    let api = ServiceHarness()
    for (method, path, body) in Self.jsonRoutes {
      let compact = send(api, method, path, body)
      let separator = path.contains("?") ? "&" : "?"
      let pretty = send(api, method, path + separator + "pretty", body)
      #expect(pretty.status == 200, "\(path): \(pretty.text.prefix(300))")
      #expect(pretty.text.hasPrefix("{\n  \""), "\(path)")
      #expect(pretty.text.hasSuffix("\n}\n"), "\(path)")
      #expect(NSDictionary(dictionary: pretty.json) == NSDictionary(dictionary: compact.json))
      // Every line is indented by a whole number of levels.
      for line in pretty.text.split(separator: "\n") {
        #expect(line.prefix { $0 == " " }.count % 2 == 0, "\(path): \(line)")
      }
    }
    // Empty containers stay on their line.
    let timeline = api.postJSON("/v1/timelines?pretty", Self.smallScene)
    #expect(timeline.text.contains("\n  \"actions\": [],\n  \"warnings\": []\n}\n"))
    // A plot is not JSON: the parameter is refused there.
    let svg = api.get("/v1/timing-functions/easeIn.svg?pretty")
    #expect(svg.status == 422)
    #expect(svg.errorParameters == ["pretty"])
  }

  /// A streamed timeline is indented piece by piece: the same document, a different tag.
  @Test func streamedTimelinesArePrettyToo() {
    let api = ServiceHarness()
    let compactHead = api.answer(postingJSON: Self.largeScene, to: "/v1/timelines")
    let prettyHead = api.answer(postingJSON: Self.largeScene, to: "/v1/timelines?pretty")
    #expect(compactHead.stream != nil && prettyHead.stream != nil)
    let compactTag = compactHead.headers["ETag"]
    #expect(compactTag != nil && compactTag != prettyHead.headers["ETag"])
    let pretty = api.postJSON("/v1/timelines?pretty", Self.largeScene)
    let compact = api.postJSON("/v1/timelines", Self.largeScene)
    #expect(pretty.text.hasPrefix("{\n  \"times\": [\n    0,\n    "))
    #expect(pretty.text.hasSuffix("\n  \"warnings\": []\n}\n"))
    #expect(NSDictionary(dictionary: pretty.json) == NSDictionary(dictionary: compact.json))
  }

  /// The indenter by itself: strings with brackets, commas, colons and escaped quotes pass
  /// through untouched, and input split anywhere (here, every byte alone) indents the same.
  @Test func indenterLeavesStringsAloneAndStreams() {
    let input = Array(#"{"a":"x{,:}\"[y","b":[],"c":{},"d":[1,{"e":null}]}"#.utf8)
    let expected = """
      {
        "a": "x{,:}\\"[y",
        "b": [],
        "c": {},
        "d": [
          1,
          {
            "e": null
          }
        ]
      }
      """
    var whole = JSONIndenter()
    var out: [UInt8] = []
    whole.indent(input, into: &out)
    #expect(String(decoding: out, as: UTF8.self) == expected)
    var piecewise = JSONIndenter()
    var pieces: [UInt8] = []
    for byte in input { piecewise.indent([byte], into: &pieces) }
    #expect(pieces == out)
    // Indenting indented text changes nothing.
    var again = JSONIndenter()
    var twice: [UInt8] = []
    again.indent(out, into: &twice)
    #expect(twice == out)
  }
}
