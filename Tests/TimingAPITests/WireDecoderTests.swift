import HTTPTransport
import Testing

@testable import TimingAPI

/// The wire types read bodies and queries through one DecodingContext: each script event kind
/// takes its own members and refuses another kind's at its JSON Pointer, and query problems
/// name their parameter. Decoded in process, without a server.
@Suite struct WireDecoderTests {
  // MARK: Helpers

  /// The problems decoding a timeline body reports (none when it decodes).
  func problems(_ body: String) throws -> [Problem.FieldError] {
    let json = try JSONParser.parse(Array(body.utf8))
    var context = DecodingContext(budget: .unlimited)
    do throws(Problem) {
      _ = try TimelineRequest(json: json, limits: TimelineRequest.Limits(), in: &context)
      return []
    } catch {
      return error.errors
    }
  }

  /// A scene of layers `a` (with a custom property) and `b`, with one event.
  func scene(event: String) -> String {
    """
    {"layers": [{"name": "a", "properties": {"opacity": 1, "custom": 2}}, {"name": "b"}],
     "sample": {"times": [0, 1]},
     "events": [\(event)]}
    """
  }

  /// An event of each kind with every member it takes.
  static func fullEvent(_ kind: ScriptEventKind) -> String {
    let change = #"[{"layer": "a", "keyPath": "opacity", "value": 0.5}]"#
    return switch kind {
    case .set:
      #"{"time": 1, "set": \#(change), "transaction": {"animationDuration": 0.5, "completion": "t"}, "completion": "c"}"#
    case .animate:
      #"{"time": 1, "animate": {"duration": 0.3, "delay": 0.1, "options": ["curveLinear"], "spring": {"dampingRatio": 0.5, "velocity": 1}}, "set": \#(change), "completion": "c"}"#
    case .addAnimation:
      #"{"time": 1, "addAnimation": {"layer": "a", "key": "k", "animation": {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1}}}"#
    case .removeAnimation:
      #"{"time": 1, "removeAnimation": {"layer": "a", "key": "k"}}"#
    case .removeAllAnimations:
      #"{"time": 1, "removeAllAnimations": {"layer": "a"}}"#
    case .startCanvasAnimation:
      #"{"time": 1, "startCanvasAnimation": {"layer": "a"}}"#
    case .insertLayer:
      #"{"time": 1, "insertLayer": {"layer": {"name": "c"}, "parent": "a"}}"#
    case .removeLayer:
      #"{"time": 1, "removeLayer": {"layer": "b"}}"#
    case .replaceLayer:
      #"{"time": 1, "replaceLayer": {"layer": "b", "with": {"name": "d"}}}"#
    }
  }

  /// Every member some kind's object takes.
  static let objectMembers = Set(
    ScriptEventKind.allCases.compactMap(\.members).joined().map(\.rawValue))

  // MARK: Script events

  @Test(arguments: ScriptEventKind.allCases)
  func eachKindTakesItsMembers(_ kind: ScriptEventKind) throws {
    let found = try problems(scene(event: Self.fullEvent(kind)))
    #expect(found.isEmpty, "\(kind): \(found.map { "\($0.pointer ?? "") \($0.message)" })")
  }

  /// A member of another kind's object, put in this kind's, is refused where it stands.
  @Test(arguments: ScriptEventKind.allCases.filter { $0.members != nil })
  func eachKindRefusesAnotherKindsMember(_ kind: ScriptEventKind) throws {
    let members = try #require(kind.members).map(\.rawValue)
    let foreign = try #require(Self.objectMembers.subtracting(members).sorted().first)
    let event = Self.fullEvent(kind).replacingOccurrences(
      of: "\"\(kind.rawValue)\": {", with: "\"\(kind.rawValue)\": {\"\(foreign)\": 1, ")
    let found = try problems(scene(event: event))
    let error = try #require(found.first { $0.pointer == "/events/0/\(kind.rawValue)/\(foreign)" })
    #expect(
      error.message == "unknown member; expected one of \(members.sorted().joined(separator: ", "))"
    )
  }

  /// `animate`'s block and `set`'s changes have members of their own, and refuse a kind's.
  @Test func blockAndChangesRefuseAKindsMember() throws {
    let animate = Self.fullEvent(.animate).replacingOccurrences(
      of: #""animate": {"#, with: #""animate": {"layer": "a", "#)
    #expect(
      try problems(scene(event: animate)).map(\.pointer) == ["/events/0/animate/layer"])
    let set = Self.fullEvent(.set).replacingOccurrences(
      of: #"[{"layer": "a", "#, with: #"[{"key": "k", "layer": "a", "#)
    #expect(try problems(scene(event: set)).map(\.pointer) == ["/events/0/set/0/key"])
  }

  /// An event names one kind; `animate` alone may come with another's member (`set`).
  @Test func oneKindPerEvent() throws {
    #expect(
      try problems(scene(event: #"{"time": 1}"#)).map(\.message) == [
        "names no action: give one of set, animate, addAnimation, removeAnimation, "
          + "removeAllAnimations, startCanvasAnimation, insertLayer, removeLayer, replaceLayer"
      ])
    let two = #"{"time": 1, "set": [], "removeLayer": {"layer": "b"}}"#
    let found = try problems(scene(event: two))
    #expect(found.map(\.pointer) == ["/events/0"])
    #expect(found.map(\.message) == ["give one action per event, not set and removeLayer"])
  }

  @Test func eventMembersAreEveryKindsAndTime() {
    #expect(
      ScriptEventKind.eventMembers
        == Set(
          ["time", "transaction", "completion"] + ScriptEventKind.allCases.map(\.rawValue)))
  }

  // MARK: Layers, samples, action requests

  @Test func sampleRangeAndTimes() throws {
    var context = DecodingContext(budget: .unlimited)
    let range = try JSONParser.parse(Array(#"{"from": 0, "to": 1, "fps": 4}"#.utf8))
    #expect(
      SampleRequest(json: range, at: JSONPointer() / "sample", maxSamples: 100, in: &context)
        .times == [0, 0.25, 0.5, 0.75, 1])
    let backwards = try JSONParser.parse(Array(#"{"from": 2, "to": 1}"#.utf8))
    _ = SampleRequest(json: backwards, at: JSONPointer() / "sample", maxSamples: 100, in: &context)
    #expect(context.problems.map(\.pointer) == ["/sample/to"])
  }

  @Test func layerMembersAreChecked() throws {
    let found = try problems(
      #"{"layers": [{"name": "a", "colour": 1, "delegate": 3}], "sample": {"times": [0]}}"#)
    #expect(found.map(\.pointer) == ["/layers/0/colour", "/layers/0/delegate"])
  }

  @Test(arguments: AnimationBlockOption.allCases)
  func everyBlockOptionIsAccepted(_ option: AnimationBlockOption) throws {
    var context = DecodingContext(budget: .unlimited)
    let body = try JSONParser.parse(
      Array(#"{"animate": {"options": ["\#(option.rawValue)"]}, "keys": ["opacity"]}"#.utf8))
    #expect(throws: Never.self) { try ActionRequest(json: body, in: &context) }
  }

  @Test func unknownBlockOptionIsRefusedAtItsPointer() throws {
    var context = DecodingContext(budget: .unlimited)
    let body = try JSONParser.parse(
      Array(#"{"animate": {"options": ["curveLinear", "bounce"]}, "keys": ["opacity"]}"#.utf8))
    do throws(Problem) {
      _ = try ActionRequest(json: body, in: &context)
      Issue.record("an unknown option was accepted")
    } catch {
      #expect(error.errors.map(\.pointer) == ["/animate/options/1"])
    }
  }

  // MARK: Query parameters

  /// The `errors` of a request's problem as (parameter, message) pairs.
  func parameterErrors(_ target: String) throws -> [(String?, String)] {
    let response = TimingService().handle(HTTPRequest(method: .get, target: target))
    #expect(response.status.code == 422)
    let json = try JSONParser.parse(response.collectedBody())
    guard case .array(let errors)? = json["errors"] else { return [] }
    return errors.map { error in
      let parameter: String? =
        if case .string(let name)? = error["parameter"] { name } else { nil }
      let message: String = if case .string(let text)? = error["message"] { text } else { "" }
      return (parameter, message)
    }
  }

  @Test func presetQueryProblemsNameTheirParameters() throws {
    let errors = try parameterErrors("/v1/presets/fadeIn?q=1&width=x&fps=2000&duration=%2B1")
    #expect(errors.map(\.0) == ["q", "duration", "width", "fps"])
    #expect(
      errors.map(\.1) == [
        "unknown query parameter; expected colorBound, delay, duration, factorBound, format, fps, "
          + "height, lengthBound, precision, pretty, viewHeight, viewWidth, width",
        "must be a number in [0.001, 10000]", "must be a number in [1, 100000]",
        "must be a number in [0.001, 1000]",
      ])
  }

  @Test func timingFunctionQueryProblemsNameTheirParameters() throws {
    let errors = try parameterErrors("/v1/timing-functions/easeIn?x=nan&x=0.5&slope=maybe")
    #expect(errors.map(\.0) == ["slope", "x"])
    #expect(
      errors.map(\.1) == [
        "must be true or false", "x[0] = 'nan' must be a finite number in [-1e6, 1e6]",
      ])
    #expect(
      try parameterErrors("/v1/timing-functions/easeIn?samples=0").map(\.1) == [
        "must be a whole number ≥ 1; got '0'"
      ])
    #expect(
      try parameterErrors("/v1/timing-functions/easeIn?from=2&to=1").map(\.0) == ["to"])
  }

  @Test func formatIsOneOfTheTimelineRepresentations() throws {
    var context = DecodingContext.query()
    let query = try #require(QueryString("format=xml"))
    #expect(TimelineRoutes.offer.named(in: query, problems: &context) == nil)
    #expect(
      context.problems == [
        .parameter("format", "must be json or csv or svg or waapi or css or lottie")
      ])
  }
}
