import Foundation
import Testing

@testable import TimingAPI

/// One home for output formats (docs/design.md, "An output format"): every resource chooses its
/// representation through `RepresentationOffer`, `?format=` over `Accept`, and names exactly
/// what it serves when it cannot.
@Suite struct RepresentationTests {
  let api = ServiceHarness()
  let scene = """
    {"layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "opacity",
      "fromValue": 0, "toValue": 1, "duration": 1}]}], "sample": {"from": 0, "to": 1, "fps": 10}}
    """

  /// Each representation of the timeline, asked by name and by media type, comes back as the
  /// same bytes under its own Content-Type.
  /// Each representation's Content-Type as api.md and openapi.yaml state it.
  static let contentTypes: [Representation: String] = [
    .json: "application/json", .csv: "text/csv; charset=utf-8; header=present",
    .svg: "image/svg+xml", .waapi: "application/vnd.waapi+json",
    .css: "text/css; charset=utf-8", .lottie: "video/lottie+json",
    .dtcg: "application/design-tokens+json", .swift: "text/x-swift; charset=utf-8",
    .kotlin: "text/x-kotlin; charset=utf-8", .ts: "application/typescript; charset=utf-8",
  ]

  @Test(arguments: TimelineRoutes.offer.named)
  func timelineServesEveryRepresentation(_ representation: Representation) {
    let named = api.postJSON("/v1/timelines?format=\(representation.rawValue)", scene)
    #expect(named.status == 200)
    #expect(named.header("Content-Type") == Self.contentTypes[representation])
    let accepted = api.postJSON(
      "/v1/timelines", scene, headers: [("Accept", representation.mediaType)])
    #expect(accepted.body == named.body)
    #expect(accepted.header("Vary") == "Accept")
  }

  @Test(arguments: PresetRoutes.Answer.allCases.map(\.representation))
  func presetServesItsRepresentations(_ representation: Representation) {
    let named = api.get("/v1/presets/pop?fps=10&format=\(representation.rawValue)")
    #expect(named.status == 200, "\(named.text.prefix(300))")
    #expect(named.header("Content-Type") == Self.contentTypes[representation])
    let accepted = api.get(
      "/v1/presets/pop?fps=10", headers: [("Accept", representation.mediaType)])
    #expect(accepted.body == named.body)
  }

  /// The errors list what each resource serves, in its order, and nothing it does not.
  @Test func unservedFormatsNameWhatIsServed() {
    let timeline = api.postJSON("/v1/timelines?format=gif", scene)
    #expect(timeline.status == 422)
    #expect(timeline.text.contains("must be json or csv or svg or waapi or css or lottie"))
    let preset = api.get("/v1/presets/pop?format=csv")
    #expect(preset.status == 422)
    #expect(preset.text.contains("must be json or svg or waapi or css or lottie"))
    let presetRefused = api.get("/v1/presets/pop", headers: [("Accept", "text/csv")])
    #expect(presetRefused.status == 406)
    let curve = api.get("/v1/timing-functions/easeIn?format=waapi")
    #expect(curve.status == 422)
    #expect(curve.errorParameters == ["format"])
    #expect(curve.text.contains("must be css (or absent, for points)"))
    let refused = api.get("/v1/timing-functions/easeIn", headers: [("Accept", "text/css")])
    #expect(refused.status == 406)
    #expect(refused.text.contains("application/json, image/svg+xml"))
  }
}
