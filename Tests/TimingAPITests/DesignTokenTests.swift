import Foundation
import Testing
import TimingEngine

@testable import TimingAPI

/// The DTCG 2025.10 reader (`Tokens/`): the specification's own examples and IBM Carbon's
/// motion file read as they state their values, and references, `$extends`, `$root` and
/// `$type` inheritance as the format's text defines them; bad documents give a problem at each
/// place, naming both ends of a cycle.
@Suite struct DesignTokenTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/tokens")

  /// The motion tokens of a document by name, or the problems reading it found.
  static func read(_ value: JSONValue) -> (
    tokens: [String: MotionToken.Meaning], problems: [Problem.FieldError]
  ) {
    var context = DecodingContext(budget: .unlimited)
    var motion: [String: MotionToken.Meaning] = [:]
    for token in DesignTokenDocument(json: value, in: &context).tokens {
      if let meaning = MotionToken(token, in: &context)?.meaning { motion[token.name] = meaning }
    }
    return (motion, context.problems)
  }

  static func read(file: String) throws -> (
    tokens: [String: MotionToken.Meaning], problems: [Problem.FieldError]
  ) {
    read(try JSONParser.parse(Array(try Data(contentsOf: fixtures.appendingPathComponent(file)))))
  }

  static func read(_ text: String) throws -> (
    tokens: [String: MotionToken.Meaning], problems: [Problem.FieldError]
  ) {
    read(try JSONParser.parse(Array(text.utf8)))
  }

  static func seconds(_ meaning: MotionToken.Meaning?) -> Double? {
    if case .duration(let s)? = meaning { return s }
    return nil
  }

  static func bezier(_ meaning: MotionToken.Meaning?) -> [Double]? {
    if case .cubicBezier(let b)? = meaning { return [b.x1, b.y1, b.x2, b.y2] }
    return nil
  }

  /// The specification's examples: 100 ms and 1.5 s; [0.5, 0, 1, 1] and [0, 0, 0.5, 1]; a
  /// transition of 200 ms, no delay, [0.5, 0, 1, 1].
  @Test func theSpecificationsExamples() throws {
    let durations = try Self.read(file: "duration.tokens.json")
    #expect(durations.problems.isEmpty, "\(durations.problems)")
    #expect(Self.seconds(durations.tokens["Duration-Quick"]) == 0.1)
    #expect(Self.seconds(durations.tokens["Duration-Long"]) == 1.5)
    let curves = try Self.read(file: "cubicBezier.tokens.json")
    #expect(Self.bezier(curves.tokens["Accelerate"]) == [0.5, 0, 1, 1])
    #expect(Self.bezier(curves.tokens["Decelerate"]) == [0, 0, 0.5, 1])
    let transitions = try Self.read(file: "transition.tokens.json")
    guard
      case .transition(let duration, let delay, let function)? =
        transitions.tokens["transition.emphasis"]
    else {
      Issue.record("no transition: \(transitions)")
      return
    }
    #expect(duration == 0.2 && delay == 0)
    #expect([function.x1, function.y1, function.x2, function.y2] == [0.5, 0, 1, 1])
  }

  /// Carbon's motion file (its `$schema` is the older draft's; its names "01", "02" are valid):
  /// six durations and six easings, as the file states them.
  @Test func carbonsMotionTokens() throws {
    let carbon = try Self.read(file: "carbon-motion.json")
    #expect(carbon.problems.isEmpty, "\(carbon.problems)")
    #expect(carbon.tokens.count == 12)
    #expect(Self.seconds(carbon.tokens["duration.fast.01"]) == 0.07)
    #expect(Self.seconds(carbon.tokens["duration.slow.02"]) == 0.7)
    #expect(Self.bezier(carbon.tokens["easing.standard.productive"]) == [0.2, 0, 0.38, 0.9])
    #expect(Self.bezier(carbon.tokens["easing.exit.expressive"]) == [0.4, 0.14, 1, 1])
  }

  /// An alias takes the value and, without a `$type` of its own, the type of what it names;
  /// a transition's members may be aliases; `$ref` points into another token's value; the
  /// older "200ms" form reads as 0.2 s.
  @Test func referencesResolve() throws {
    let result = try Self.read(
      #"""
      {"duration": {"$type": "duration", "quick": {"$value": "200ms"},
                    "same": {"$value": "{duration.quick}"}},
       "curve": {"standard": {"$type": "cubicBezier", "$value": [0.2, 0, 0, 1]}},
       "alias": {"$value": "{duration.same}"},
       "pointer": {"$type": "duration", "$ref": "#/duration/quick/$value"},
       "x1": {"$type": "number", "$value": {"$ref": "#/curve/standard/$value/0"}},
       "move": {"$type": "transition", "$value": {"duration": "{alias}", "delay": {"value": 1, "unit": "s"},
                "timingFunction": "{curve.standard}"}}}
      """#)
    #expect(result.problems.isEmpty, "\(result.problems)")
    #expect(Self.seconds(result.tokens["duration.same"]) == 0.2)
    #expect(Self.seconds(result.tokens["alias"]) == 0.2)
    #expect(Self.seconds(result.tokens["pointer"]) == 0.2)
    guard case .transition(let duration, let delay, let function)? = result.tokens["move"] else {
      Issue.record("no transition: \(result)")
      return
    }
    #expect(duration == 0.2 && delay == 1 && function.x1 == 0.2 && function.y2 == 1)
  }

  /// `$extends` inherits a group's tokens and type, its own members winning; `$root` is the
  /// group's own token, named `group.$root`.
  @Test func extendsAndRoot() throws {
    let result = try Self.read(
      #"""
      {"base": {"$type": "duration", "short": {"$value": {"value": 100, "unit": "ms"}},
                "long": {"$value": {"value": 1, "unit": "s"}}},
       "brand": {"$extends": "{base}", "long": {"$value": {"value": 2, "unit": "s"}},
                 "$root": {"$value": {"value": 300, "unit": "ms"}}}}
      """#)
    #expect(result.problems.isEmpty, "\(result.problems)")
    #expect(Self.seconds(result.tokens["brand.short"]) == 0.1)
    #expect(Self.seconds(result.tokens["brand.long"]) == 2)
    #expect(Self.seconds(result.tokens["brand.$root"]) == 0.3)
  }

  /// A cycle names both ends; a reference to nothing names it; each bad member is a problem
  /// at its own pointer, and the rest are still read.
  @Test func badDocumentsNameEachPlace() throws {
    let cycle = try Self.read(
      #"{"a": {"$type": "duration", "$value": "{b}"}, "b": {"$type": "duration", "$value": "{a}"}}"#
    )
    #expect(cycle.problems.count == 1, "\(cycle.problems)")
    #expect(cycle.problems.first?.message.contains("{a} → {b} → {a}") == true, "\(cycle.problems)")
    let bad = try Self.read(
      #"""
      {"missing": {"$type": "duration", "$value": "{nowhere.token}"},
       "unit": {"$type": "duration", "$value": {"value": 2, "unit": "min"}},
       "curve": {"$type": "cubicBezier", "$value": [1.5, 0, 0.5, 1]},
       "kind": {"$type": "durration", "$value": "1s"},
       "a.b": {"$value": 1},
       "both": {"$type": "duration", "$value": "1s", "$ref": "#/unit/$value"},
       "spring": {"$type": "duration", "$value": "1s",
                  "$extensions": {"dev.animation-timing.spring": {"swiftUI": {}, "android": {}}}},
       "loop": {"$extends": "{loop}"}}
      """#)
    #expect(
      Set(bad.problems.compactMap(\.pointer)) == [
        "/missing/$value", "/unit/$value/unit", "/curve/$value/0", "/kind/$type", "/a.b",
        "/both/$ref", "/spring/$extensions/dev.animation-timing.spring/android", "/loop/$extends",
      ], "\(bad.problems)")
    #expect(bad.problems.contains { $0.message.contains("did you mean duration?") })
  }

  /// A spring is given in the service's own extension, in any API of `POST /v1/springs`, with
  /// the token's own value kept as its stand-in.
  @Test func aSpringInTheServicesExtension() throws {
    let result = try Self.read(
      #"""
      {"bouncy": {"$type": "cubicBezier", "$value": [0.3, 1.3, 0.6, 1],
                  "$extensions": {"dev.animation-timing.spring": {"swiftUIDurationBounce": {"duration": 0.5, "bounce": 0.3}}}}}
      """#)
    #expect(result.problems.isEmpty, "\(result.problems)")
    guard case .spring(let spring, let standIn)? = result.tokens["bouncy"] else {
      Issue.record("no spring: \(result)")
      return
    }
    // SwiftUI's bounce 0.3 is a damping ratio of 0.7 (docs/springs.md).
    #expect(abs(spring.curve.dampingRatio - 0.7) < 1e-12)
    #expect(Self.bezier(standIn) == [0.3, 1.3, 0.6, 1])
  }
}
