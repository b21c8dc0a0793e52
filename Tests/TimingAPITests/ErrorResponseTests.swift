import Foundation
import Testing

/// Every error is problem+json with a stable type and the field named (the service in process;
/// the server's own transport errors are in APISocketTests).
@Suite struct ErrorResponseTests {
  @Test func unknownAndInvalidFunctions() throws {
    let api = ServiceHarness()
    let unknown = api.get("/v1/timing-functions/bouncy")
    #expect(unknown.status == 404)
    #expect(unknown.header("Content-Type") == "application/problem+json")
    #expect(unknown.problemType == "unknown-timing-function")
    #expect(unknown.errorParameters == ["function"])
    // A known function with a bad parameter is a request to change (422), not a missing
    // resource: the path parameter is named, and the message names x1.
    let steep = api.get("/v1/timing-functions/cubic-bezier(1.5,0,0.5,1)")
    #expect(steep.status == 422)
    #expect(steep.problemType == "invalid-request")
    #expect(steep.errorParameters == ["function"])
    #expect(
      (steep.json["detail"] as? String)?.hasPrefix("function: x1 must lie in [0, 1]; got 1.5")
        == true)
  }

  @Test func badQueryParameters() throws {
    let api = ServiceHarness()
    for (query, parameter) in [
      ("x=nan", "x"), ("x=inf", "x"), ("x=1e999", "x"), ("x=0x10", "x"), ("x=", "x"),
      ("x=2e6", "x"),
      ("samples=0", "samples"), ("samples=-3", "samples"), ("samples=abc", "samples"),
      ("slope=maybe", "slope"),
      ("sample=3", "sample"), ("from=2&to=1", "to"), ("x=0.5&samples=3", "x"),
    ] {
      let response = api.get("/v1/timing-functions/easeIn?\(query)")
      #expect(response.status == 422, "\(query)")
      #expect(response.problemType == "invalid-request", "\(query)")
      #expect(response.errorParameters.contains(parameter), "\(query): \(response.errorParameters)")
    }
    let badEscape = api.get("/v1/timing-functions/easeIn?x=%zz")
    #expect(badEscape.status == 422)
  }

  @Test func workCapIsAClear422() throws {
    let api = ServiceHarness()
    let many = api.get("/v1/timing-functions/easeIn?samples=10001")
    #expect(many.status == 422)
    #expect(many.problemType == "too-much-work")
    #expect((many.json["detail"] as? String)?.contains("10000") == true)
    let xs = (0...10_000).map { _ in "0.5" }.joined(separator: ",")
    let post = api.postJSON(
      "/v1/timing-functions/evaluate", "{\"function\": \"easeIn\", \"x\": [\(xs)]}")
    #expect(post.status == 422)
    #expect(post.problemType == "too-much-work")
    #expect(post.errorPointers == ["/x"])
    let atCap = api.get("/v1/timing-functions/easeIn?samples=10000")
    #expect(atCap.status == 200)
    #expect(atCap.points.count == 10_000)
  }

  /// JSON is UTF-8 only: another declared charset is refused with 415, UTF-8 spelled either
  /// way is accepted.
  @Test func nonUTF8CharsetIsRefused() throws {
    let api = ServiceHarness()
    let body = #"{"function": "easeIn", "x": [0.5]}"#
    for (type, status) in [
      ("application/json; charset=utf-16", 415), ("application/json;charset=\"UTF-16LE\"", 415),
      ("application/json; charset=iso-8859-1", 415), ("application/json; charset=UTF-8", 200),
      ("application/json; charset=\"utf8\"", 200),
    ] {
      let response = api.request(
        "POST", "/v1/timing-functions/evaluate", headers: [("Content-Type", type)],
        body: Array(body.utf8))
      #expect(response.status == status, "\(type)")
    }
  }

  /// Every problem in one 422, each with its JSON Pointer.
  @Test func everyBodyProblemIsListed() throws {
    let api = ServiceHarness()
    let response = api.postJSON(
      "/v1/timing-functions/evaluate",
      """
      {"function": {"controlPoints": [2, 0, 1, 1]}, "x": [0.5, "a", null, 1e7], "slope": "yes",
       "extra": 1}
      """)
    #expect(response.status == 422)
    #expect(
      Set(response.errorPointers) == [
        "/extra", "/function/controlPoints", "/x/1", "/x/2", "/x/3", "/slope",
      ])
    let missing = api.postJSON("/v1/timing-functions/evaluate", "{}")
    #expect(Set(missing.errorPointers) == ["/function", "/x"])
    let notObject = api.postJSON("/v1/timing-functions/evaluate", "[1]")
    #expect(notObject.errorPointers == [""])
  }

  @Test func malformedBodies() throws {
    let api = ServiceHarness()
    for body in [
      "{", "{\"a\": }", "[1,]", "{\"a\":1}x", "\"\\ud800\"", "{\"a\":1,\"a\":2}", "01", "NaN",
      "{\"x\": [1e400]}",
    ] {
      let response = api.postJSON("/v1/timing-functions/evaluate", body)
      #expect(response.status == 400, "\(body)")
      #expect(response.problemType == "malformed-json", "\(body)")
    }
    let duplicate = api.postJSON("/v1/timing-functions/evaluate", "{\"x\":[1],\"x\":[2]}")
    #expect(duplicate.errorPointers == ["/x"])
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let nested = api.postJSON("/v1/timing-functions/evaluate", deep)
    #expect(nested.status == 400)
    #expect((nested.json["detail"] as? String)?.contains("nested deeper") == true)
  }

  @Test func mediaTypesAndMethods() throws {
    let api = ServiceHarness()
    let form = api.request(
      "POST", "/v1/timing-functions/evaluate", headers: [("Content-Type", "text/plain")],
      body: Array("{}".utf8))
    #expect(form.status == 415)
    #expect(form.problemType == "unsupported-media-type")
    let html = api.get("/v1/timing-functions", headers: [("Accept", "text/html")])
    #expect(html.status == 406)
    let wrongMethod = api.request("POST", "/v1/timing-functions", body: [])
    #expect(wrongMethod.status == 405)
    #expect(wrongMethod.header("Allow") == "GET, HEAD, OPTIONS")
    let getEvaluate = api.get("/v1/timing-functions/evaluate")
    #expect(getEvaluate.status == 405)
    #expect(getEvaluate.header("Allow") == "POST, OPTIONS")
    let unknownMethod = api.request("BREW", "/v1/timing-functions")
    #expect(unknownMethod.status == 501)
    let missing = api.get("/v2/nothing")
    #expect(missing.status == 404)
    #expect(missing.problemType == "not-found")
  }
}
