import Testing
import TimingEngine

@testable import TimingAPI

/// Wire/: an animation or timing function decoded, written and decoded again is the same, and
/// each animation type takes exactly its own members.
@Suite struct AnimationWireTests {
  /// One of each type, with every member `Animation.write` carries. Not contents values: they
  /// are written in the timeline's output form (ids, not names; semantics.md §3.1), which a
  /// request cannot give back.
  static let animations: [String] = [
    """
    {"type": "basic", "key": "fade", "keyPath": "opacity", "fromValue": 0, "toValue": 1,
     "duration": 2, "beginTime": 0.5, "speed": 2, "timeOffset": 0.25, "repeatCount": "infinity",
     "repeatDuration": 3, "autoreverses": true, "fillMode": "kCAFillModeBoth",
     "removedOnCompletion": false, "additive": true, "cumulative": true,
     "timingFunction": "easeIn"}
    """,
    """
    {"type": "basic", "keyPath": "position", "byValue": {"x": 10, "y": -5}, "repeatCount": 2.5,
     "timingFunction": {"controlPoints": [0.1, 0.2, 0.3, 1]}}
    """,
    """
    {"type": "spring", "keyPath": "bounds", "fromValue": [0, 0, 10, 10],
     "toValue": {"x": 0, "y": 0, "width": 20, "height": 40}, "mass": 2, "stiffness": 300,
     "damping": 20, "initialVelocity": 1, "duration": 1.5}
    """,
    """
    {"type": "spring", "keyPath": "transform", "toValue": [{"rotate": 1, "axis": [0, 1, 0]},
     {"translate": [1, 2, 3]}, {"scale": 2}, {"perspective": 500}],
     "perceptualDuration": 0.5, "bounce": 0.25}
    """,
    """
    {"type": "keyframe", "keyPath": "backgroundColor", "calculationMode": "kCAAnimationDiscrete",
     "values": ["#ff0000", {"r": 0, "g": 1, "b": 0}, [0, 0, 1, 0.5], "#11223344"],
     "duration": 1, "fillMode": "forwards"}
    """,
    """
    {"type": "keyframe", "keyPath": "myCustom", "values": [[1, 2], [3, 4]],
     "calculationMode": "cubicPaced", "timingFunction": "steps(3, jump-start)"}
    """,
    """
    {"type": "group", "key": "together", "duration": 3, "animations": [
      {"type": "basic", "keyPath": "hidden", "fromValue": false, "toValue": true},
      {"type": "transition", "transitionType": "kCATransitionPush", "subtype": "fromTop"},
      {"type": "group", "animations": [
        {"type": "keyframe", "keyPath": "transform.rotation.z", "values": [0, 3.14]}]}]}
    """,
    """
    {"type": "transition", "transitionType": "reveal", "subtype": "kCATransitionFromBottom",
     "duration": 0.3, "timingFunction": "linear(0, 0.25 30%, 1)"}
    """,
  ]

  @Test func animationsRoundTrip() throws {
    var types: Set<AnimationType> = []
    for text in Self.animations {
      let first = try #require(try decode(text).animation, "\(text)")
      let written = write(first)
      let second = try #require(try decode(written).animation, "\(written)")
      #expect(write(second) == written)
      #expect(AnimationType(second.kind) == AnimationType(first.kind))
      #expect(second.key == first.key)
      #expect(second.keyPath?.text == first.keyPath?.text)
      #expect(second.timing == first.timing)
      #expect(second.timingFunction == first.timingFunction)
      types.insert(AnimationType(first.kind))
    }
    #expect(types == Set(AnimationType.allCases))
  }

  @Test func timingFunctionsRoundTrip() throws {
    let forms: [String] = [
      #""easeInEaseOut""#, #""kCAMediaTimingFunctionDefault""#, #"{"name": "ease-out"}"#,
      #"{"controlPoints": [0.25, 0.1, 0.25, 1]}"#, #""cubic-bezier(0.1, -0.5, 0.3, 1.5)""#,
      #""steps(4, jump-both)""#, #""step-end""#, #""linear(0, 0.25 30%, 1)""#,
      #""spring(1, 100, 10, 0)""#, #"{"type": "spring", "mass": 2, "damping": 12}"#,
      #"{"type": "spring", "perceptualDuration": 0.5, "bounce": 0.3}"#,
    ]
    var kinds: Set<TimingFunction.Kind> = []
    for text in forms {
      var context = DecodingContext(budget: .unlimited)
      let first = try #require(
        TimingFunction(json: try parse(text), at: JSONPointer(), in: &context), "\(text)")
      var w = JSONWriter()
      first.write(to: &w)
      let written = String(decoding: w.take(), as: UTF8.self)
      let second = TimingFunction(json: try parse(written), at: JSONPointer(), in: &context)
      #expect(second == first, "\(text) → \(written)")
      #expect(context.problems.isEmpty)
      kinds.insert(first.kind)
    }
    #expect(kinds == Set(TimingFunction.Kind.allCases))
  }

  /// Each type takes every one of its members (a wrong value is another problem, not an
  /// unknown member), and rejects any other type's member at the member's pointer, listing its
  /// own members (and then, for a member near one of them, a "did you mean": SuggestionTests).
  @Test func eachTypeTakesExactlyItsMembers() throws {
    let all = AnimationType.allCases.reduce(into: Set<String>()) { $0.formUnion($1.members) }
    for type in AnimationType.allCases {
      let expected =
        "unknown member; expected one of \(type.members.sorted().joined(separator: ", "))"
      for member in all.sorted() where member != "type" {
        let problems = try decode(#"{"type": "\#(type.rawValue)", "\#(member)": null}"#).problems
        let unknown = problems.filter {
          $0.pointer == "/animation/\(member)" && $0.message.hasPrefix(expected)
        }
        #expect(unknown.count == (type.members.contains(member) ? 0 : 1), "\(type) \(member)")
      }
    }
  }

  /// The fields the engine's warnings point at are members the API takes under the same
  /// name, so a warning's pointer names what the client wrote: each animation field is a member
  /// of the types that have it, each layer field a layer member.
  @Test func engineFieldsAreWireMembers() {
    let animationMembers = AnimationType.allCases.reduce(into: Set<String>()) {
      $0.formUnion($1.members)
    }
    for field in Animation.Field.allCases {
      #expect(animationMembers.contains(field.rawValue), "\(field)")
    }
    #expect(AnimationType.basic.members.contains(Animation.Field.byValue.rawValue))
    for field in TimingEngine.Layer.Field.allCases {
      #expect(TimingEngine.Layer.members.contains(field.rawValue), "\(field)")
    }
  }

  /// Messages that list names keep the names and order they had before the enums.
  @Test func namesInMessages() throws {
    let cases: [(String, String, String)] = [
      (
        #"{"type": "bogus"}"#, "/animation/type",
        "'bogus' is not one of basic, group, keyframe, spring, transition"
      ),
      (
        #"{"type": "basic", "keyPath": "opacity", "fillMode": "none"}"#, "/animation/fillMode",
        "'none' is not one of backwards, both, forwards, kCAFillModeBackwards, kCAFillModeBoth, "
          + "kCAFillModeForwards, kCAFillModeRemoved, removed"
      ),
      (
        #"{"type": "keyframe", "keyPath": "position", "path": "M0 0 L1 1", "rotationMode": "x"}"#,
        "/animation/rotationMode",
        "'x' is not one of auto, autoReverse, kCAAnimationRotateAuto, kCAAnimationRotateAutoReverse"
      ),
      (
        #"{"type": "keyframe", "keyPath": "opacity", "values": [1], "calculationMode": "x"}"#,
        "/animation/calculationMode",
        "'x' is not one of cubic, cubicPaced, discrete, kCAAnimationCubic, kCAAnimationCubicPaced, "
          + "kCAAnimationDiscrete, kCAAnimationLinear, kCAAnimationPaced, linear, paced"
      ),
      (
        #"{"type": "basic", "keyPath": "transform", "valueFunction": "x"}"#,
        "/animation/valueFunction",
        "'x' is not one of rotateX, rotateY, rotateZ, scale, scaleX, scaleY, scaleZ, translate, "
          + "translateX, translateY, translateZ"
      ),
      (
        #"{"type": "transition", "subtype": "x"}"#, "/animation/subtype",
        "'x' is not one of fromBottom, fromLeft, fromRight, fromTop, kCATransitionFromBottom, "
          + "kCATransitionFromLeft, kCATransitionFromRight, kCATransitionFromTop"
      ),
      (
        #"{"type": "basic", "keyPath": "transform", "toValue": [{"skew": 1}]}"#,
        "/animation/toValue/0/skew",
        "unknown operation; use translate, scale, rotate, perspective or matrix"
      ),
      (
        #"{"type": "basic", "keyPath": "opacity", "timingFunction": {"name": "bogus"}}"#,
        "/animation/timingFunction/name",
        "unknown name 'bogus': use linear, easeIn, easeOut, easeInEaseOut or default"
      ),
      (
        #"{"type": "spring", "keyPath": "opacity", "mass": "x", "damping": "y"}"#,
        "/animation/damping", "must be a number"
      ),
    ]
    for (text, pointer, message) in cases {
      let problems = try decode(text).problems
      #expect(
        problems.contains { $0.pointer == pointer && $0.message == message },
        "\(text): \(problems)")
    }
  }

  /// An action without keyPath animates its key.
  @Test func defaultKeyPath() throws {
    let animation = try #require(
      try decode(#"{"type": "basic", "toValue": 1}"#, defaultKeyPath: "opacity").animation)
    #expect(animation.keyPath?.text == "opacity")
  }

  // MARK: Helpers

  private func parse(_ text: String) throws -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
  }

  private func decode(_ text: String, defaultKeyPath: String? = nil) throws -> (
    animation: Animation?, problems: [Problem.FieldError]
  ) {
    var context = DecodingContext(budget: .unlimited)
    var customTypes: [String: ValueType] = [:]
    var contents = ContentsNames()
    let animation = Animation(
      json: try parse(text), at: JSONPointer() / "animation", in: &context,
      customTypes: &customTypes, contents: &contents, defaultKeyPath: defaultKeyPath)
    return (animation, context.problems)
  }

  private func write(_ animation: Animation) -> String {
    var w = JSONWriter()
    animation.write(to: &w)
    return String(decoding: w.take(), as: UTF8.self)
  }
}
