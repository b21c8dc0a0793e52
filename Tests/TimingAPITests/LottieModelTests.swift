import Foundation
import Testing
import TimingEngine

@testable import TimingAPI

/// The Lottie model (docs/design.md "The API layer", `Lottie/`): real files read, written back
/// and compared with the original as JSON (members in any order, every value the same — a
/// number as a number, an array of one as an array), and the vocabulary read as the files
/// state it. The files are public ones, copied with their licences (Tests/Fixtures/lottie).
/// `LOTTIE_CORPUS` (a folder of .json files) adds a developer's own corpus to the round trip.
@Suite struct LottieModelTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/lottie")

  static func files() -> [URL] {
    var folders = [fixtures]
    if let corpus = ProcessInfo.processInfo.environment["LOTTIE_CORPUS"] {
      folders.append(URL(fileURLWithPath: corpus))
    }
    return folders.flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        .filter { $0.hasSuffix(".json") }.map { folder.appendingPathComponent($0) }
    }
  }

  static func json(_ url: URL) throws -> JSONValue {
    try JSONParser.parse(Array(try Data(contentsOf: url)))
  }

  /// The document read, or the problems reading it found.
  static func read(_ value: JSONValue) -> (LottieAnimation?, [Problem.FieldError]) {
    var context = DecodingContext(budget: .unlimited)
    let animation = LottieAnimation(json: value, at: JSONPointer(), in: &context)
    return (animation, context.problems)
  }

  static func written(_ animation: LottieAnimation) throws -> JSONValue {
    var w = JSONWriter()
    animation.write(to: &w)
    return try JSONParser.parse(w.take())
  }

  /// JSON equality with members in any order.
  static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.object(let x), .object(let y)):
      guard x.count == y.count else { return false }
      let sorted = { (m: [(String, JSONValue)]) in m.sorted { $0.0 < $1.0 } }
      return zip(sorted(x), sorted(y)).allSatisfy { $0.0 == $1.0 && same($0.1, $1.1) }
    case (.array(let x), .array(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
    case (.null, _), (.bool, _), (.number, _), (.string, _), (.array, _), (.object, _):
      return a == b
    }
  }

  /// The first place two documents differ, for the failure message.
  static func difference(_ a: JSONValue, _ b: JSONValue, at pointer: String = "") -> String? {
    switch (a, b) {
    case (.object(let x), .object(let y)):
      let names = Set(x.map(\.0)).union(y.map(\.0)).sorted()
      for name in names {
        guard let u = a[name], let v = b[name] else {
          return "\(pointer)/\(name): only on one side"
        }
        if let found = difference(u, v, at: pointer + "/" + name) { return found }
      }
      return nil
    case (.array(let x), .array(let y)):
      guard x.count == y.count else { return "\(pointer): \(x.count) vs \(y.count) entries" }
      for (i, (u, v)) in zip(x, y).enumerated() {
        if let found = difference(u, v, at: pointer + "/\(i)") { return found }
      }
      return nil
    case (.null, _), (.bool, _), (.number, _), (.string, _), (.array, _), (.object, _):
      return a == b ? nil : "\(pointer): \(a) vs \(b)"
    }
  }

  @Test(arguments: files().filter { !$0.lastPathComponent.contains("invalid") })
  func aFileReadAndWrittenIsTheSameFile(_ url: URL) throws {
    let original = try Self.json(url)
    let (animation, problems) = Self.read(original)
    #expect(problems.isEmpty, "\(url.lastPathComponent): \(problems.prefix(3))")
    let animationRead = try #require(animation)
    let again = try Self.written(animationRead)
    #expect(
      Self.same(original, again),
      "\(url.lastPathComponent): \(Self.difference(original, again) ?? "")")
  }

  /// Every member of every object has its field in the object's table (`LottieObject.fields`):
  /// a case added without one is kept as a member the model does not name, and this fails.
  @Test func everyMemberHasAField() {
    func missing<Object: LottieObject>(_: Object.Type) -> [String] {
      Object.Member.allCases.filter { Object.fields[$0] == nil }.map { "\(Object.self).\($0)" }
    }
    let gaps =
      missing(LottieAnimation.self) + missing(LottieAsset.self) + missing(LottieMarker.self)
      + missing(LottieLayer.self) + missing(LottieTransform.self)
      + missing(LottieSplitPosition.self) + missing(LottieShapeGroup.self)
      + missing(LottieRectangle.self) + missing(LottieEllipse.self)
      + missing(LottiePathShape.self) + missing(LottieFill.self) + missing(LottieStroke.self)
    #expect(gaps.isEmpty, "\(gaps)")
  }

  /// Every property the export animates is placed in a member that holds an animated
  /// property: a placement in any other (a rectangle's direction) would drop the track.
  @Test func everyExportedPropertyIsPlacedInAnAnimatedMember() {
    for property in LottieProperty.allCases {
      let animated: Bool
      switch property.placement {
      case .transform(let member): animated = LottieTransform.fields[member]?.animated != nil
      case .rectangle(let member): animated = LottieRectangle.fields[member]?.animated != nil
      case .fill(let member): animated = LottieFill.fields[member]?.animated != nil
      }
      #expect(animated, "\(property) is placed in \(property.placement)")
    }
  }

  /// An easing handle for no dimension, and a path without its points, are refused where they
  /// are (a handle of `[]` left a segment with no easing; a path without `v` was written back
  /// with an empty one).
  @Test func anEmptyHandleOrAPathWithoutPointsIsAProblem() throws {
    let text = #"""
      {"ks": {"r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [], "y": [0]}}, {"t": 1}]}},
       "shapes": [{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "i": [], "o": []}}}, 3]}
      """#
    var context = DecodingContext(budget: .unlimited)
    _ = LottieLayer(json: try JSONParser.parse(Array(text.utf8)), at: JSONPointer(), in: &context)
    #expect(
      Set(context.problems.map(\.pointer))
        == ["/ks/r/k/0/o/x", "/shapes/0/ks/k/v", "/shapes/1"], "\(context.problems)")
  }

  /// lottie-spec's own invalid file: `"a": 2` (its first layer's anchor) is neither a still
  /// value nor keyframes.
  @Test func anAnimatedFlagOtherThanZeroOrOneIsRefused() throws {
    let (_, problems) = Self.read(
      try Self.json(
        Self.fixtures.appendingPathComponent("spec__invalid__invalid-animated-val.json")))
    #expect(problems.map(\.pointer) == ["/layers/0/ks/a/a"], "\(problems)")
  }

  static func fixture(_ name: String) throws -> LottieAnimation {
    try #require(Self.read(try Self.json(Self.fixtures.appendingPathComponent(name))).0)
  }

  /// lottie-spec's split position: `{"s": true, "x": {"a": 0, "k": 256}, "y": …}`.
  @Test func aSplitPositionIsItsDimensions() throws {
    let layer = try #require(try Self.fixture("spec__valid__ellipse-xy-pos.json").layers?.first)
    guard case .split(let split)? = layer.transform?.position else {
      Issue.record("not split: \(String(describing: layer.transform?.position))")
      return
    }
    #expect(split.x?.content == .still(LottieNumbers(scalar: 256)))
    #expect(split.y?.content == .still(LottieNumbers(scalar: 256)))
    #expect(split.z == nil)
  }

  /// rlottie's heart: a position keyframe with spatial tangents and bodymovin's `e`, and a
  /// scale eased per dimension (x, y and z handles of their own).
  @Test func spatialTangentsAndPerDimensionEasing() throws {
    let animation = try Self.fixture("rlottie__heart.json")
    let layer = try #require(animation.assets?[1].layers?[0])
    guard case .combined(let position)? = layer.transform?.position,
      case .keyframes(let keyframes) = position.content
    else {
      Issue.record("position is not keyframed")
      return
    }
    let first = keyframes[0]
    #expect(first.time == 3)
    #expect(first.start?.values == [39.878, 39.582, 0])
    #expect(first.end?.values == [39.878, 22.253, 0])
    #expect(first.spatialOut?.values == [0, -0.83333331346512, 0])
    #expect(first.spatialIn?.values == [0, 2.48720121383667, 0])
    #expect(first.outHandle?.x == LottieNumbers(scalar: 0.333))
    #expect(first.name == .one("0p667_0p567_0p333_0p406"))
    guard case .keyframes(let scale)? = layer.transform?.scale?.content else {
      Issue.record("scale is not keyframed")
      return
    }
    let handle = try #require(scale[0].inHandle)
    #expect(handle.point(dimension: 0) == (0.667, 15.897))
    #expect(handle.point(dimension: 2) == (0.667, -17.409))
    #expect(
      scale[0].name
        == .perDimension(
          Array(repeating: "0p667_15p897_0p333_-44p172", count: 2) + ["0p667_-17p409_0p333_107p618"]
        ))
  }

  /// lottie-ios's time remap sample: precomposition layers with `refId`, a time remap whose
  /// last keyframe has only `t`, and a layer stretched to 0.2.
  @Test func precompositionsTimeRemapAndStretch() throws {
    let layers = try #require(try Self.fixture("ios__timeremap.json").layers)
    #expect(
      layers.map(\.kind) == [.precomposition, .precomposition, .precomposition, .precomposition])
    #expect(layers[3].timeStretch == 0.2)
    #expect(layers[3].referenceID == "comp_1")
    guard case .keyframes(let remap)? = layers[1].timeRemap?.content else {
      Issue.record("no keyframed time remap")
      return
    }
    #expect(remap.first?.start?.values == [2.044])
    #expect(remap.last?.time == 48.9999957589018)
    #expect(remap.last?.start == nil)
  }

  /// A hold: `"h": 1` on lottie-ios issue 2066's first layer's position.
  @Test func aHoldKeyframe() throws {
    let layer = try #require(try Self.fixture("ios__Issues__issue_2066.json").layers?.first)
    guard case .combined(let position)? = layer.transform?.position,
      case .keyframes(let keyframes) = position.content
    else {
      Issue.record("position is not keyframed")
      return
    }
    #expect(keyframes[1].isHold)
    #expect(keyframes[1].time == 10)
    #expect(keyframes[1].start?.values == [13.795, -28.425, 0])
    #expect(layer.kind == .null)
  }

  /// A shape of a type the model does not know, and members it does not name, come back as
  /// written.
  @Test func unknownTypesAndMembersAreKept() throws {
    let animation = try Self.fixture("spec__valid__unknown-shape.json")
    let shapes = try #require(animation.layers?.first?.shapes)
    guard case .unmodelled(let type, let value) = shapes[0].content else {
      Issue.record("modelled: \(shapes[0])")
      return
    }
    #expect(type == nil)
    #expect(value[LottieShape.Member.type] == .string("unknown"))
    // `mn` is named; a member of a newer spec or a tool is kept in order.
    var text = #"{"ty": 4, "ks": {}, "shapes": [], "zz": [1, {"q": true}], "nm": "x", "yy": null}"#
    var context = DecodingContext(budget: .unlimited)
    let layer = try #require(
      LottieLayer(
        json: try JSONParser.parse(Array(text.utf8)), at: JSONPointer(), in: &context))
    #expect(layer.others.members.map(\.0) == ["zz", "yy"])
    var w = JSONWriter()
    layer.write(to: &w)
    text = String(decoding: w.take(), as: UTF8.self)
    #expect(text == #"{"ty":4,"nm":"x","ks":{},"shapes":[],"zz":[1,{"q":true}],"yy":null}"#)
  }

  /// A split position without its `y` is a problem naming where it is missing.
  @Test func aSplitPositionNeedsBothDimensions() throws {
    let text = #"{"ks": {"p": {"s": true, "x": {"a": 0, "k": 1}}}}"#
    var context = DecodingContext(budget: .unlimited)
    _ = LottieLayer(json: try JSONParser.parse(Array(text.utf8)), at: JSONPointer(), in: &context)
    #expect(context.problems.map(\.pointer) == ["/ks/p/y"], "\(context.problems)")
  }

  /// A wrong type where a value goes is a problem naming its pointer; the rest is still read.
  @Test func aWrongTypeIsAProblemAtItsPointer() throws {
    let text = #"{"layers": [{"ty": "4", "ks": {"p": {"a": 1, "k": [{"t": "0"}]}}, "ip": 0}]}"#
    let (_, problems) = Self.read(try JSONParser.parse(Array(text.utf8)))
    #expect(Set(problems.map(\.pointer)) == ["/layers/0/ty", "/layers/0/ks/p/k/0/t"])
  }
}
