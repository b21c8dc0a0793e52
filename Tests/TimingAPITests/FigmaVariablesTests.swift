import Testing
import TimingEngine

@testable import TimingAPI

/// Figma's variables (the REST API's `GET …/variables/local` shape): timings in seconds with
/// Float32 noise read back as the decimal Figma was given, easings as Bézier or spring, aliases
/// followed in the same mode, other types passed through, and the named curves Figma publishes
/// no numbers for refused, naming the custom forms.
@Suite struct FigmaVariablesTests {
  /// 0.15 and 0.2 as Figma hands them over: Float32 values widened to doubles.
  static let document = #"""
    {"status": 200, "error": false, "meta": {
      "variableCollections": {"c": {"id": "c", "name": "Motion", "modes": [{"modeId": "1:0", "name": "Default"}]}},
      "variables": {
        "a": {"id": "a", "name": "motion/duration/short", "resolvedType": "TIMING", "variableCollectionId": "c",
              "valuesByMode": {"1:0": 0.15000000596046448}},
        "b": {"id": "b", "name": "motion/easing/enter", "resolvedType": "EASING", "variableCollectionId": "c",
              "valuesByMode": {"1:0": {"type": "CUSTOM_CUBIC_BEZIER",
                "easingFunctionCubicBezier": {"x1": 0.20000000298023224, "y1": 0, "x2": 0, "y2": 1}}}},
        "s": {"id": "s", "name": "motion/spring/card", "resolvedType": "EASING", "variableCollectionId": "c",
              "valuesByMode": {"1:0": {"type": "CUSTOM_SPRING",
                "easingFunctionSpring": {"mass": 1, "stiffness": 300, "damping": 20, "initialVelocity": 0}}}},
        "p": {"id": "p", "name": "motion/spring/playful", "resolvedType": "EASING", "variableCollectionId": "c",
              "valuesByMode": {"1:0": {"type": "CUSTOM_SPRING", "easingFunctionSpring": {"bounce": 0.3499999940395355}}}},
        "d": {"id": "d", "name": "motion/duration/default", "resolvedType": "TIMING", "variableCollectionId": "c",
              "valuesByMode": {"1:0": {"type": "VARIABLE_ALIAS", "id": "a"}}},
        "g": {"id": "g", "name": "space/gap", "resolvedType": "FLOAT", "variableCollectionId": "c",
              "valuesByMode": {"1:0": 12}}}}}
    """#

  static func read(_ text: String) throws -> (FigmaVariables, [Problem.FieldError]) {
    var context = DecodingContext(budget: .unlimited)
    let variables = FigmaVariables(json: try JSONParser.parse(Array(text.utf8)), in: &context)
    return (variables, context.problems)
  }

  @Test func motionVariablesInSeconds() throws {
    let (figma, problems) = try Self.read(Self.document)
    #expect(problems.isEmpty, "\(problems)")
    #expect(figma.otherCount == 1)
    var byName: [String: ReadToken] = [:]
    for variable in figma.variables { byName[variable.path.joined(separator: "/")] = variable }
    // Float(0.15) widened is 0.15000000596046448; Float32 prints it as 0.15.
    guard case .duration(let short)? = byName["motion/duration/short"]?.meaning else {
      Issue.record("\(figma.variables)")
      return
    }
    #expect(short == 0.15)
    #expect(byName["motion/duration/short"]?.notes.first?.contains("0.15") == true)
    guard case .duration(let aliased)? = byName["motion/duration/default"]?.meaning else {
      Issue.record("no alias")
      return
    }
    #expect(aliased == 0.15)
    guard case .cubicBezier(let enter)? = byName["motion/easing/enter"]?.meaning else {
      Issue.record("no curve")
      return
    }
    #expect([enter.x1, enter.y1, enter.x2, enter.y2] == [0.2, 0, 0, 1])
    guard case .physicalSpring(let card)? = byName["motion/spring/card"]?.meaning else {
      Issue.record("no spring")
      return
    }
    // ζ = c / (2√(km)) = 20 / (2√300).
    #expect(abs(card.dampingRatio - 20 / (2 * 300.0.squareRoot())) < 1e-12)
    guard case .bounce(let bounce)? = byName["motion/spring/playful"]?.meaning else {
      Issue.record("no bounce")
      return
    }
    #expect(bounce == 0.35)
  }

  /// A preset's numbers are not published: a problem at its type naming the custom forms; an
  /// alias cycle and an x outside [0, 1] are problems where they are.
  @Test func whatFigmaDoesNotPublishIsRefused() throws {
    let (_, problems) = try Self.read(
      #"""
      {"meta": {"variables": {
        "q": {"name": "motion/quick", "resolvedType": "EASING", "valuesByMode": {"m": {"type": "QUICK"}}},
        "x": {"name": "motion/x", "resolvedType": "EASING", "valuesByMode": {"m": {"type": "CUSTOM_CUBIC_BEZIER",
              "easingFunctionCubicBezier": {"x1": 1.5, "y1": 0, "x2": 0, "y2": 1}}}},
        "l": {"name": "motion/loop", "resolvedType": "TIMING", "valuesByMode": {"m": {"type": "VARIABLE_ALIAS", "id": "k"}}},
        "k": {"name": "motion/back", "resolvedType": "TIMING", "valuesByMode": {"m": {"type": "VARIABLE_ALIAS", "id": "l"}}}}}}
      """#)
    let pointers = Set(problems.compactMap(\.pointer))
    #expect(pointers.contains("/meta/variables/q/valuesByMode/m/type"), "\(problems)")
    #expect(
      pointers.contains("/meta/variables/x/valuesByMode/m/easingFunctionCubicBezier/x1"),
      "\(problems)")
    #expect(pointers.contains("/meta/variables/l/valuesByMode/m"), "\(problems)")
    #expect(problems.contains { $0.message.contains("CUSTOM_SPRING") })
  }
}
