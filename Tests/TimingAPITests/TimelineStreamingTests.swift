import Foundation
import HTTPTransport
import Testing

@testable import TimingAPI

/// Large timelines are streamed: the values sampled in one go, in the same bytes, tagged from
/// the request (in process; on the wire, chunked and beside light requests: APISocketTests).
@Suite struct TimelineStreamingTests {
  /// A scene with every column shape: scalars, vectors, sub-paths of one track (position.x and
  /// position.y read from the same track), a transform, a bool and a script change.
  static let scene = """
    {"layers": [
      {"name": "a", "properties": {"opacity": 1, "position": {"x": 0, "y": 0}, "hidden": false},
       "animations": [
         {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 2,
          "repeatCount": 3, "autoreverses": true},
         {"type": "keyframe", "keyPath": "position", "values": [{"x": 0, "y": 0}, {"x": 100, "y": 50},
          {"x": 30, "y": 200}], "duration": 3, "calculationMode": "cubic"},
         {"type": "spring", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 3.14,
          "duration": 2}]},
      {"name": "b", "properties": {"bounds": {"x": 0, "y": 0, "width": 10, "height": 10}},
       "animations": [{"type": "basic", "keyPath": "bounds.size.width", "toValue": 300,
         "duration": 4, "timingFunction": "easeInEaseOut"}]}],
     "events": [{"time": 1, "set": [{"layer": "a", "keyPath": "hidden", "value": true}]}],
     KEYPATHS"sample": {"from": 0, "to": 60, "fps": FPS}}
    """

  static func request(fps: Int, keyPaths: String? = nil) -> String {
    scene.replacingOccurrences(of: "KEYPATHS", with: keyPaths.map { "\"keyPaths\": \($0), " } ?? "")
      .replacingOccurrences(of: "FPS", with: String(fps))
  }

  /// The streamed document, sampled a block at a time (blocks of 32 768 numbers split the
  /// columns at 600 fps over 60 s), holds what the plan samples in one go, in the same bytes:
  /// its times and every layer's columns, read back and written again, are the samples' own
  /// JSON (`TimelineColumn.write`), with no column more. The CSV pieces put together are the
  /// whole-answer CSV encoder's output. In JSON and CSV, with default and requested key paths.
  @Test(arguments: [nil, #"["position.x", "position.y", "opacity", "transform", "hidden"]"#])
  func streamedBytesEqualWholeSampling(keyPaths: String?) throws {
    let body = Array(Self.request(fps: 600, keyPaths: keyPaths).utf8)
    let prepared = try PreparedTimeline(json: body, configuration: APIConfiguration())
    #expect(prepared.numberCount > TimelineStream.blockValues)
    let samples = prepared.sample()
    let document = try JSONParser.parse(prepared.json())
    func json(_ write: (inout JSONWriter) -> Void) -> [UInt8] {
      var w = JSONWriter()
      write(&w)
      return w.bytes
    }
    #expect(
      json { $0.value(document[SampleRequest.TimesMember.times] ?? .null) }
        == json { $0.numberArray(samples.times) })
    guard case .object(let layers)? = document[TimelineDocument.Member.layers] else {
      Issue.record("no layers object")
      return
    }
    #expect(layers.map(\.0) == samples.layers.map(\.name))
    for layer in samples.layers {
      guard case .object(let columns)? = document[TimelineDocument.Member.layers]?[layer.name]
      else {
        Issue.record("no columns for layer \(layer.name)")
        continue
      }
      #expect(columns.map(\.0) == layer.columns.map(\.keyPath))
      for (column, (_, streamed)) in zip(layer.columns, columns) {
        #expect(
          json { $0.value(streamed) }
            == json { column.write(names: prepared.plan.contentsNames, to: &$0) })
      }
    }
    let csv = TimelineCSVEncoder.encode(samples, plan: prepared.plan)
    #expect(TimelineStream(prepared, format: .csv).collect() == csv)
  }

  /// A large answer is streamed (the small one is not), parses as the same document as a small
  /// one sampled at the same times, carries an ETag, and a repeat with If-None-Match gets 412.
  /// That it goes out chunked and arrives whole over a socket: APISocketTests.
  @Test func largeTimelineIsStreamedAndTagged() throws {
    let api = ServiceHarness()
    let large = api.postJSON("/v1/timelines", Self.request(fps: 600))
    #expect(large.status == 200)
    #expect(api.answer(postingJSON: Self.request(fps: 600), to: "/v1/timelines").stream != nil)
    let document = large.json  // parsed once: 36 001 samples of every column
    let times = document["times"] as? [Double] ?? []
    #expect(times.count == 36_001)
    #expect(abs((times.last ?? 0) - 60) < 1e-12)
    let layers = document["layers"] as? [String: [String: [Any]]] ?? [:]
    #expect(layers["a"]?["opacity"]?.count == 36_001)
    // The same instant (t = 1.5 s: sample 3 at 2 fps, 900 at 600 fps) from a small, unstreamed
    // request: the same value.
    let small = api.postJSON("/v1/timelines", Self.request(fps: 2))
    #expect(api.answer(postingJSON: Self.request(fps: 2), to: "/v1/timelines").stream == nil)
    let smallLayers = small.json["layers"] as? [String: [String: [Any]]] ?? [:]
    let smallOpacity = (smallLayers["a"]?["opacity"]?[3] as? NSNumber)?.doubleValue
    let largeOpacity = (layers["a"]?["opacity"]?[900] as? NSNumber)?.doubleValue
    #expect(smallOpacity != nil && smallOpacity == largeOpacity)
    // The tag is on the head, known before any sample: the repeats' streams are not run.
    let tag = try #require(large.header("ETag"))
    let again = api.answer(postingJSON: Self.request(fps: 600), to: "/v1/timelines")
    #expect(again.headers["ETag"] == tag)
    let csv = api.answer(
      postingJSON: Self.request(fps: 600), to: "/v1/timelines", headers: [("Accept", "text/csv")])
    #expect(csv.headers["ETag"] != tag)
    let conditional = api.postJSON(
      "/v1/timelines", Self.request(fps: 600), headers: [("If-None-Match", tag)])
    #expect(conditional.status == 412)
  }
}
