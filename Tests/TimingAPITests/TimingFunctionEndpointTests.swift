import Foundation
import Testing

/// GET /v1/timing-functions… and POST /v1/timing-functions/evaluate, through the whole service
/// in process.
@Suite struct TimingFunctionEndpointTests {
  /// semantics.md §2's reference table over HTTP, by every alias of each name.
  @Test func namedCurvesMatchTheSpecTable() throws {
    let api = ServiceHarness()
    let table: [(String, [String], [Double])] = [
      ("easeIn", ["kCAMediaTimingFunctionEaseIn", "ease-in"], [0.093465, 0.315357, 0.621862]),
      ("easeOut", ["kCAMediaTimingFunctionEaseOut", "ease-out"], [0.378138, 0.684643, 0.906535]),
      (
        "easeInEaseOut", ["kCAMediaTimingFunctionEaseInEaseOut", "ease-in-out"],
        [0.129162, 0.5, 0.870838]
      ),
      ("default", ["kCAMediaTimingFunctionDefault", "ease"], [0.408511, 0.802403, 0.960459]),
    ]
    for (name, aliases, expected) in table {
      for alias in [name] + aliases {
        let response = api.get("/v1/timing-functions/\(alias)?x=0.25&x=0.5&x=0.75")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        #expect((response.json["function"] as? [String: Any])?["name"] as? String == name)
        let ys = response.points.map(\.y)
        #expect(ys.count == 3)
        for (y, e) in zip(ys, expected) { #expect(abs(y - e) <= 5e-7, "\(alias)") }
      }
    }
  }

  /// Default sampling: 11 points from 0 to 1 with exact ends.
  @Test func defaultSamplesAndRange() throws {
    let api = ServiceHarness()
    let points = api.get("/v1/timing-functions/easeInEaseOut").points
    #expect(points.count == 11)
    #expect(points.first!.x == 0 && points.first!.y == 0)
    #expect(points.last!.x == 1 && points.last!.y == 1)
    #expect(abs(points[5].y - 0.5) <= 1e-12)
    let ranged = api.get("/v1/timing-functions/linear?samples=3&from=0.5&to=1").points
    #expect(ranged.map(\.x) == [0.5, 0.75, 1])
  }

  @Test func cssFormsURLEncoded() throws {
    let api = ServiceHarness()
    // linear(0, 0.5 25%, 1) at 0.125 → 0.25 (hand calculation)
    let linear = api.get("/v1/timing-functions/linear(0,%200.5%2025%25,%201)?x=0.125&x=0.25")
      .points
    #expect(linear.map(\.y) == [0.25, 0.5])
    let steps = api.get("/v1/timing-functions/steps(4,jump-end)?x=0.5&beforeFlag=true").points
    #expect(steps.map(\.y) == [0.25])
    let stepsAfter = api.get("/v1/timing-functions/steps(4,jump-end)?x=0.5").points
    #expect(stepsAfter.map(\.y) == [0.5])
    let described =
      api.get("/v1/timing-functions/steps(4,%20end)?x=0").json["function"] as? [String: Any]
    #expect(described?["canonical"] as? String == "steps(4)")
    #expect(described?["position"] as? String == "jump-end")
  }

  /// Near-vertical tangent over HTTP: mpmath gives y(0.500000001) = 0.500944940278513.
  @Test func nearVerticalTangentOverHTTP() throws {
    let api = ServiceHarness()
    let points = api.get(
      "/v1/timing-functions/cubic-bezier(1,0,0,1)?x=0.500000001&x=0.5&slope=true"
    ).points
    #expect(abs(points[0].y - 0.50094494027851291873) <= 1e-9)
    #expect(points[1].y == 0.5)
    #expect(points[1].slope == nil)  // vertical tangent → null
  }

  /// semantics.md §3.5: the default spring at 0.1 s is 0.340300; the samples default to its
  /// settling.
  @Test func springOverHTTP() throws {
    let api = ServiceHarness()
    let response = api.get("/v1/timing-functions/spring(1,100,10,0)?x=0.1&x=0.25")
    #expect(abs(response.points[0].y - 0.340300) <= 5e-7)
    #expect(abs(response.points[1].y - 1.023360) <= 5e-7)
    let function = response.json["function"] as? [String: Any]
    #expect(function?["input"] as? String == "seconds")
    #expect(abs((function?["dampingRatio"] as? Double ?? 0) - 0.5) <= 1e-12)
    let sampled = api.get("/v1/timing-functions/spring()?samples=2").points
    #expect(abs(sampled[1].x - 1.7478) <= 2e-4)
    let undamped = api.get("/v1/timing-functions/spring(1,100,0,0)?samples=5")
    #expect(undamped.status == 422)
    #expect(undamped.errorParameters == ["to"])
  }

  @Test func slopesOverHTTP() throws {
    let api = ServiceHarness()
    // linear(0, 1 50%, 1): slope 2 on the first half, 0 on the second.
    let points = api.get("/v1/timing-functions/linear(0,%201%2050%25,%201)?x=0.25&x=0.75&slope")
      .points
    #expect(points.map(\.slope) == [2, 0])
  }

  @Test func catalogueListsEveryNamedFunction() throws {
    let api = ServiceHarness()
    let json = api.get("/v1/timing-functions").json
    let functions = json["functions"] as? [[String: Any]] ?? []
    #expect(
      functions.compactMap { $0["name"] as? String } == [
        "linear", "easeIn", "easeOut", "easeInEaseOut", "default",
      ])
    let easeOut = functions.first { $0["name"] as? String == "easeOut" }
    #expect((easeOut?["controlPoints"] as? [Double]) == [0, 0, 0.58, 1])
  }

  @Test func batchEvaluate() throws {
    let api = ServiceHarness()
    let response = api.postJSON(
      "/v1/timing-functions/evaluate",
      #"{"function": {"controlPoints": [0.42, 0, 0.58, 1]}, "x": [-1, 0.5, 2], "slope": true}"#)
    #expect(response.status == 200)
    // controlPoints clamp like Core Animation.
    #expect(response.points.map(\.y) == [0, 0.5, 1])
    let spring = api.postJSON(
      "/v1/timing-functions/evaluate",
      #"{"function": {"type": "spring", "perceptualDuration": 0.5, "bounce": 0.2}, "x": [0]}"#)
    let described = spring.json["function"] as? [String: Any]
    #expect(abs((described?["dampingRatio"] as? Double ?? 0) - 0.8) <= 1e-12)
    #expect(abs((described?["stiffness"] as? Double ?? 0) - 16 * Double.pi * Double.pi) <= 1e-9)
  }

  @Test func svgPlot() throws {
    let api = ServiceHarness()
    let bySuffix = api.get("/v1/timing-functions/easeIn.svg")
    #expect(bySuffix.status == 200)
    #expect(bySuffix.header("Content-Type") == "image/svg+xml")
    #expect(bySuffix.text.hasPrefix("<svg"))
    #expect(bySuffix.text.contains("<title>easeIn</title>"))
    let byAccept = api.get(
      "/v1/timing-functions/easeIn", headers: [("Accept", "image/svg+xml")])
    #expect(byAccept.header("Content-Type") == "image/svg+xml")
    #expect(byAccept.header("Vary") == "Accept")
    let preferJSON = api.get(
      "/v1/timing-functions/easeIn", headers: [("Accept", "image/svg+xml;q=0.5, application/json")])
    #expect(preferJSON.header("Content-Type") == "application/json")
  }
}
