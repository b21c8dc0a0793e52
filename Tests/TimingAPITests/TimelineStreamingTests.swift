import Dispatch
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import TimingAPI

/// Large timelines are streamed: the same bytes as the whole-answer encoders, chunked, tagged
/// from the request, while light requests stay fast.
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
    let whole = TimelineJSONEncoder.encode(samples, plan: prepared.plan)
    #expect(TimelineStream(prepared, format: .json).collect() == whole)
    let csv = TimelineCSVEncoder.encode(samples, plan: prepared.plan)
    #expect(TimelineStream(prepared, format: .csv).collect() == csv)
  }

  /// Over HTTP: a large answer comes chunked, parses as the same document as a small one
  /// sampled at the same times, carries an ETag, and a repeat with If-None-Match gets 304.
  @Test func largeTimelineIsStreamedAndTagged() throws {
    let api = try APITestHarness()
    let large = try api.postJSON("/v1/timelines", Self.request(fps: 600))
    #expect(large.status == 200)
    #expect(large.header("Transfer-Encoding") == "chunked")
    let times = large.json["times"] as? [Double] ?? []
    #expect(times.count == 36_001)
    #expect(abs((times.last ?? 0) - 60) < 1e-12)
    let layers = large.json["layers"] as? [String: [String: [Any]]] ?? [:]
    #expect(layers["a"]?["opacity"]?.count == 36_001)
    // The same instant (t = 1.5 s: sample 3 at 2 fps, 900 at 600 fps) from a small, unstreamed
    // request: the same value.
    let small = try api.postJSON("/v1/timelines", Self.request(fps: 2))
    #expect(small.header("Transfer-Encoding") == nil)
    let smallLayers = small.json["layers"] as? [String: [String: [Any]]] ?? [:]
    let smallOpacity = (smallLayers["a"]?["opacity"]?[3] as? NSNumber)?.doubleValue
    let largeOpacity = (layers["a"]?["opacity"]?[900] as? NSNumber)?.doubleValue
    #expect(smallOpacity != nil && smallOpacity == largeOpacity)
    let tag = try #require(large.header("ETag"))
    let again = try api.postJSON("/v1/timelines", Self.request(fps: 600))
    #expect(again.header("ETag") == tag)
    let csv = try api.postJSON(
      "/v1/timelines", Self.request(fps: 600), headers: [("Accept", "text/csv")])
    #expect(csv.header("ETag") != tag)
    let conditional = try api.postJSON(
      "/v1/timelines", Self.request(fps: 600), headers: [("If-None-Match", tag)])
    #expect(conditional.status == 412)
  }

  /// JSON is UTF-8 only: another declared charset is refused with 415, UTF-8 spelled either
  /// way is accepted.
  @Test func nonUTF8CharsetIsRefused() throws {
    let api = try APITestHarness()
    let body = #"{"function": "easeIn", "x": [0.5]}"#
    for (type, status) in [
      ("application/json; charset=utf-16", 415), ("application/json;charset=\"UTF-16LE\"", 415),
      ("application/json; charset=iso-8859-1", 415), ("application/json; charset=UTF-8", 200),
      ("application/json; charset=\"utf8\"", 200),
    ] {
      let response = try api.request(
        "POST", "/v1/timing-functions/evaluate", headers: [("Content-Type", type)],
        body: Array(body.utf8))
      #expect(response.status == status, "\(type)")
    }
  }

  /// While four large timelines are computed and streamed, /healthz, /readyz, /metrics and a
  /// curve lookup on other connections each answer within 50 ms.
  @Test func operationsAnswerFastUnderHeavyWork() throws {
    let api = try APITestHarness()
    let port = api.server.port
    let group = DispatchGroup()
    for _ in 0..<4 {
      DispatchQueue.global().async(group: group) {
        let client = try? RawClient(port: port)
        let body = Array(Self.request(fps: 200).utf8)
        client?.send(
          Array(
            "POST /v1/timelines HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
              .utf8) + body)
        _ = try? client?.readResponse(timeout: 30)
      }
    }
    usleep(20_000)
    var slowest = 0.0
    for path in ["/healthz", "/readyz", "/metrics", "/v1/timing-functions/easeIn?x=0.5"] {
      for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        #expect(try api.get(path).status == 200)
        slowest = max(slowest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
      }
    }
    #expect(slowest < 0.05)
    group.wait()
  }
}

/// What the work budget charges for writing contents names, which the number limit does not
/// see.
@Suite struct ContentsExportBudgetTests {
  /// 16 layers crossfading between 256-byte names, sampled 100 000 times: 4.8 million numbers,
  /// within the number limit, but ~890 MB of JSON (each sample writes both names). Refused
  /// before sampling; the same scene at 1 000 samples (~9 MB) answers.
  @Test func longContentsNamesAreCharged() throws {
    func scene(samples: Int) -> [UInt8] {
      let a = String(repeating: "a", count: 256)
      let b = String(repeating: "b", count: 256)
      let layers = (0..<16).map {
        #"{"name": "layer\#($0)", "properties": {"contents": "\#(a)"}, "animations": [{"type": "basic", "keyPath": "contents", "fromValue": "\#(a)", "toValue": "\#(b)", "duration": 1000}]}"#
      }
      return Array(
        #"{"layers": [\#(layers.joined(separator: ","))], "sample": {"from": 0, "to": \#(Double(samples - 1) / 1000), "fps": 1000}, "keyPaths": ["contents"]}"#
          .utf8)
    }
    let service = TimingService()
    func post(_ body: [UInt8]) -> HTTPResponse {
      service.handle(
        HTTPRequest(
          method: "POST", target: "/v1/timelines",
          headers: HTTPFields([("Content-Type", "application/json")]), body: body))
    }
    let huge = post(scene(samples: 100_000))
    #expect(huge.status.code == 422)
    let problem = String(decoding: huge.body, as: UTF8.self)
    #expect(problem.contains("too-much-work"))
    let modest = post(scene(samples: 1_000))
    #expect(modest.status.code == 200)
  }
}
