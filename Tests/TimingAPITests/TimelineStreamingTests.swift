import Foundation
import HTTPTransport
import Testing

@testable import TimingAPI

/// Large timelines are streamed: the same bytes as the whole-answer encoders, tagged from the
/// request (in process; on the wire, chunked and beside light requests: APISocketTests).
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

  /// The streamed pieces, put together, are byte for byte the whole-answer encoders' output,
  /// in JSON and CSV, with default and requested key paths (blocks of 32 768 numbers split the
  /// columns at 600 fps over 60 s).
  @Test(arguments: [nil, #"["position.x", "position.y", "opacity", "transform", "hidden"]"#])
  func streamedBytesEqualWholeEncoding(keyPaths: String?) throws {
    let body = Array(Self.request(fps: 600, keyPaths: keyPaths).utf8)
    let prepared = try PreparedTimeline(json: body, configuration: APIConfiguration())
    #expect(prepared.numberCount > TimelineStream.blockValues)
    let samples = prepared.sample()
    let whole = TimelineJSONEncoder.encode(
      samples, plan: prepared.plan, warnings: prepared.warnings)
    #expect(TimelineStream(prepared, format: .json).collect() == whole)
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
