import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `POST /v1/timelines` as an SVG plot: parsed with Foundation's XMLParser (so it is well-formed
/// XML), its panels, axes and markers checked against values known from the scene itself.
@Suite struct TimelinePlotTests {
  /// Every element of a document with its attributes, and the text inside each `text`.
  final class SVGReader: NSObject, XMLParserDelegate {
    struct Element {
      let name: String
      let attributes: [String: String]
      var text = ""
    }
    var elements: [Element] = []
    private var open: [Int] = []

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      elements.append(Element(name: name, attributes: attributes))
      open.append(elements.count - 1)
    }
    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
      qualifiedName: String?
    ) { open.removeLast() }
    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if let last = open.last { elements[last].text += string }
    }

    /// Parsed, or nil when the bytes are not well-formed XML.
    static func read(_ bytes: [UInt8]) -> SVGReader? {
      let reader = SVGReader()
      let parser = XMLParser(data: Data(bytes))
      parser.delegate = reader
      return parser.parse() ? reader : nil
    }

    func all(_ name: String, class value: String? = nil) -> [Element] {
      elements.filter { $0.name == name && (value == nil || $0.attributes["class"] == value) }
    }
  }

  let fade = """
    {"key": "fade", "type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1,
     "duration": 1, "beginTime": 0.5, "repeatCount": 2, "fillMode": "both",
     "removedOnCompletion": false}
    """
  let slide = """
    {"key": "slide", "type": "basic", "keyPath": "position", "fromValue": [0, 0],
     "toValue": [200, 100], "duration": 2}
    """

  func scene(layers: String, from: Double = 0, to: Double, fps: Double, keyPaths: String) -> String
  {
    """
    {"layers": [\(layers)], "sample": {"from": \(from), "to": \(to), "fps": \(fps)},
     "keyPaths": \(keyPaths)}
    """
  }

  func plot(_ api: ServiceHarness, _ body: String, target: String = "/v1/timelines?format=svg")
    -> (RawClient.Response, SVGReader?)
  {
    let response = api.postJSON(target, body)
    return (response, SVGReader.read(response.body))
  }

  func number(_ element: SVGReader.Element, _ attribute: String) -> Double {
    Double(element.attributes[attribute] ?? "") ?? .nan
  }

  @Test func panelsAxesAndMarkersComeFromTheScene() throws {
    let api = ServiceHarness()
    let body = scene(
      layers: #"{"name": "card", "animations": [\#(fade), \#(slide)]}"#, to: 3, fps: 100,
      keyPaths: #"["opacity", "position"]"#)
    let (response, parsed) = plot(api, body)
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "image/svg+xml")
    let svg = try #require(parsed, "not well-formed XML")
    let panels = svg.all("g", class: "panel")
    // opacity is one panel; position, a point, is two (x and y).
    #expect(
      panels.map { $0.attributes["data-title"] ?? "" } == [
        "card · opacity (fraction)", "card · position.x (px)", "card · position.y (px)",
      ])
    // Known ranges: opacity 0…1, position.x 0…200, position.y 0…100. The axis covers each,
    // widened to round ticks by at most half of the range on either side.
    for (panel, range) in zip(panels, [(0.0, 1.0), (0, 200), (0, 100)]) {
      let low = number(panel, "data-y-min")
      let high = number(panel, "data-y-max")
      #expect(low <= range.0 && high >= range.1)
      #expect(low >= range.0 - (range.1 - range.0) / 2 && high <= range.1 + (range.1 - range.0) / 2)
    }
    let root = try #require(svg.all("svg").first)
    #expect(number(root, "data-time-min") <= 0 && number(root, "data-time-max") >= 3)
    #expect(number(root, "width") == 800)
    // The fade repeats once: its second iteration begins at 0.5 + 1 = 1.5 s. The slide has one.
    let iterations = svg.all("line", class: "iteration").map { number($0, "data-time") }
    #expect(iterations.count == 1 && abs(iterations[0] - 1.5) < 1e-9)
    // Delegate events: the slide 0 → 2 s, the fade 0.5 → 2.5 s.
    let starts = svg.all("line", class: "didStart").map { number($0, "data-time") }.sorted()
    let stops = svg.all("line", class: "didStop").map { number($0, "data-time") }.sorted()
    #expect(starts == [0, 0.5] && stops == [2, 2.5])
    #expect(svg.all("text").contains { $0.text == "didStart fade" })
    // Labelled with units: seconds on the time axis, each panel's unit by its value axis.
    #expect(svg.all("text").contains { $0.text == "time (s)" })
    #expect(svg.all("text").contains { $0.text == "px" })
    // Readable at 800 px: no text smaller than 11 px.
    for text in svg.all("text") {
      let size = Double(text.attributes["font-size"] ?? "13") ?? 0
      #expect(size >= 11)
    }
  }

  @Test func sameRequestSameBytesAndTag() {
    let api = ServiceHarness()
    let body = scene(
      layers: #"{"name": "card", "animations": [\#(fade)]}"#, to: 3, fps: 30,
      keyPaths: #"["opacity"]"#)
    let a = api.postJSON("/v1/timelines?format=svg", body)
    let b = api.postJSON("/v1/timelines", body, headers: [("Accept", "image/svg+xml")])
    #expect(a.status == 200 && b.status == 200)
    #expect(a.body == b.body)
    #expect(a.header("ETag") != nil && a.header("ETag") == b.header("ETag"))
    // JSON stays the default for any other Accept.
    let json = api.postJSON("/v1/timelines", body, headers: [("Accept", "*/*")])
    #expect(json.header("Content-Type")?.hasPrefix("application/json") == true)
  }

  @Test func aHundredThousandSamplesDrawAsAtMostFourPointsAPixel() throws {
    let api = ServiceHarness()
    // 0…99.9 s at 1000 fps: 99 901 samples of a spring ringing around 100.
    let body = scene(
      layers: #"""
        {"name": "s", "animations": [{"type": "spring", "keyPath": "position.x",
          "fromValue": 0, "toValue": 100, "damping": 0.5, "stiffness": 100, "duration": 100,
          "repeatCount": 1}]}
        """#, to: 99.9, fps: 1000, keyPaths: #"["position.x"]"#)
    let (response, parsed) = plot(api, body)
    #expect(response.status == 200, "\(response.text.prefix(400))")
    let svg = try #require(parsed)
    // 712 pixel columns × 4 points × about 15 bytes, plus the frame: well under 100 KB, where
    // the JSON of the same timeline is about 2 MB.
    #expect(response.body.count < 100_000)
    let path = try #require(svg.all("path").first?.attributes["d"])
    let points = path.filter { $0 == "M" || $0 == "L" }.count
    #expect(points <= 4 * 712 && points > 712)
    // A lightly damped spring from 0 overshoots 100 (semantics.md §3.5): the axis holds it.
    let panel = try #require(svg.all("g", class: "panel").first)
    #expect(number(panel, "data-y-min") <= 0 && number(panel, "data-y-max") > 100)
  }

  @Test func panelsBeyondTheLimitAreNamedInANote() throws {
    let api = ServiceHarness()
    let layers = (0..<30).map { #"{"name": "l\#($0)", "properties": {"opacity": 0.5}}"# }
    let body = scene(
      layers: layers.joined(separator: ","), to: 1, fps: 10, keyPaths: #"["opacity"]"#)
    let (response, parsed) = plot(api, body)
    #expect(response.status == 200)
    let svg = try #require(parsed)
    #expect(svg.all("g", class: "panel").count == 24)
    #expect(
      svg.all("text", class: "omitted").first?.text.hasPrefix("6 more key paths not shown") == true)
  }

  @Test func transformsShowTheComponentsThatChangeAndAnglesInDegrees() throws {
    let api = ServiceHarness()
    let spin = """
      {"name": "r", "animations": [{"type": "basic", "keyPath": "transform.rotation.z",
        "fromValue": 0, "toValue": 3.141592653589793, "duration": 1}]}
      """
    let (_, whole) = plot(
      api, scene(layers: spin, to: 1, fps: 20, keyPaths: #"["transform"]"#))
    // A rotation about z changes m11, m12, m21 and m22 (cos θ, sin θ, −sin θ, cos θ) only.
    let wholeSVG = try #require(whole)
    let titles = wholeSVG.all("g", class: "panel").compactMap {
      $0.attributes["data-title"]
    }
    #expect(
      titles == [
        "r · transform.m11 (number)", "r · transform.m12 (number)",
        "r · transform.m21 (number)", "r · transform.m22 (number)",
      ])
    let (_, angle) = plot(
      api, scene(layers: spin, to: 1, fps: 20, keyPaths: #"["transform.rotation.z"]"#))
    let angleSVG = try #require(angle)
    let panel = try #require(angleSVG.all("g", class: "panel").first)
    #expect(panel.attributes["data-unit"] == "°")
    // 0 → π rad is 0 → 180°, the axis widened to round ticks by at most half the range.
    #expect(number(panel, "data-y-min") == 0)
    #expect(number(panel, "data-y-max") >= 180 && number(panel, "data-y-max") <= 270)
  }

  @Test func aLongCustomArrayIsFollowedInItsFirst16Entries() throws {
    let api = ServiceHarness()
    // 40 numbers; entries 2 and 30 change. Entry 30 is past the 16 followed.
    let from = Array(repeating: "0", count: 40)
    var to = from
    to[2] = "5"
    to[30] = "7"
    let layer = """
      {"name": "a", "animations": [{"type": "basic", "keyPath": "weights",
        "fromValue": [\(from.joined(separator: ","))], "toValue": [\(to.joined(separator: ","))],
        "duration": 1}]}
      """
    let (response, parsed) = plot(
      api, scene(layers: layer, to: 1, fps: 10, keyPaths: #"["weights"]"#))
    #expect(response.status == 200, "\(response.text.prefix(400))")
    let svg = try #require(parsed)
    #expect(
      svg.all("g", class: "panel").map { $0.attributes["data-title"] ?? "" } == [
        "a · weights.2 (number)"
      ])
  }

  @Test func namesAreEscapedIntoWellFormedXML() throws {
    let api = ServiceHarness()
    let body = scene(
      layers: #"{"name": "<a & \"b\">\u0001", "properties": {"opacity": 1}}"#, to: 1, fps: 4,
      keyPaths: #"["opacity"]"#)
    let (response, parsed) = plot(api, body)
    #expect(response.status == 200)
    let svg = try #require(parsed)
    #expect(
      svg.all("g", class: "panel").first?.attributes["data-title"]?.hasPrefix("<a & \"b\">") == true
    )
  }

  @Test func presetsArePlottedToo() throws {
    let api = ServiceHarness()
    let response = api.get("/v1/presets/fadeIn?format=svg&duration=1")
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "image/svg+xml")
    let svg = try #require(SVGReader.read(response.body))
    // fadeIn changes opacity 0 → 1 over its duration (semantics.md §7); its transform stays
    // the identity, drawn as its first entry.
    let panels = svg.all("g", class: "panel")
    #expect(
      panels.map { $0.attributes["data-title"] ?? "" } == [
        "view · transform.m11 (number)", "view · opacity (fraction)",
      ])
    let opacity = try #require(panels.last)
    #expect(number(opacity, "data-y-min") == 0 && number(opacity, "data-y-max") == 1)
    let root = try #require(svg.all("svg").first)
    #expect(number(root, "data-time-max") >= 1)
    let accepted = api.get("/v1/presets/fadeIn?duration=1", headers: [("Accept", "image/svg+xml")])
    #expect(accepted.body == response.body)
    #expect(api.get("/v1/presets/fadeIn?format=gif").status == 422)
  }

  @Test func anUnknownFormatIsNamed() {
    let api = ServiceHarness()
    let response = api.postJSON(
      "/v1/timelines?format=png", #"{"layers": [], "sample": {"times": [0]}}"#)
    #expect(response.status == 422)
    #expect(response.text.contains("format"))
  }
}
