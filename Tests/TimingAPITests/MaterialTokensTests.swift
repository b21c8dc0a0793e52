import Testing
import TimingEngine

@testable import TimingAPI

/// Material 3's motion tokens as Material publishes them: durations, a cubic easing, the
/// emphasized two-segment path (against `scripts/material-emphasized-reference.py`, which
/// solves the path in exact rational arithmetic), and springs as damping ratio and stiffness.
@Suite struct MaterialTokensTests {
  static func read(_ text: String) throws -> (MaterialTokens, [Problem.FieldError]) {
    var context = DecodingContext(budget: .unlimited)
    let tokens = MaterialTokens(json: try JSONParser.parse(Array(text.utf8)), in: &context)
    return (tokens, context.problems)
  }

  static let emphasized =
    "M 0,0 C 0.05,0 0.133333,0.06 0.166666,0.4 C 0.208333,0.82 0.25,1 1,1"

  @Test func materialsMotionTokens() throws {
    let (material, problems) = try Self.read(
      #"""
      {"md.sys.motion.duration.short2": "100ms", "md.sys.motion.duration.medium2": "300ms",
       "md.sys.motion.easing.standard": "cubic-bezier(0.2, 0, 0, 1)",
       "md.sys.motion.easing.emphasized": "\#(Self.emphasized)",
       "md.sys.motion.spring.default.spatial": {"damping": 0.9, "stiffness": 700},
       "md.sys.color.primary": "#6750A4"}
      """#)
    #expect(problems.isEmpty, "\(problems)")
    #expect(material.otherCount == 1)
    var byName: [String: MotionToken.Meaning] = [:]
    for token in material.tokens { byName[token.path.joined(separator: ".")] = token.meaning }
    guard case .duration(let medium)? = byName["md.sys.motion.duration.medium2"],
      case .cubicBezier(let standard)? = byName["md.sys.motion.easing.standard"],
      case .pathEasing? = byName["md.sys.motion.easing.emphasized"],
      case .spring(let spatial, _)? = byName["md.sys.motion.spring.default.spatial"]
    else {
      Issue.record("\(byName)")
      return
    }
    #expect(medium == 0.3)
    #expect([standard.x1, standard.y1, standard.x2, standard.y2] == [0.2, 0, 0, 1])
    #expect(abs(spatial.curve.dampingRatio - 0.9) < 1e-12)
    // Compose's stiffness is k with mass 1: ω₀ = √700.
    #expect(abs(spatial.curve.undampedFrequency - 700.0.squareRoot()) < 1e-9)
  }

  /// The emphasized path at ten times, against the exact rational solution of its definition
  /// (`scripts/material-emphasized-reference.py`), within 1e-15 (bisection to the last bit).
  @Test(arguments: [
    (0.05, 0.020608488606031473), (0.1, 0.093479871432052081), (0.166666, 0.40000000000000002),
    (0.2, 0.63570144911939042), (0.3, 0.84046856648159507), (0.5, 0.95061246262844079),
    (0.75, 0.99140042787236682), (0.9, 0.99882884667348515), (1, 1),
  ])
  func theEmphasizedPath(x: Double, y: Double) throws {
    let path = try EasingPath(svg: Self.emphasized)
    #expect(abs(path.progress(x) - y) <= 1e-15, "\(path.progress(x)) vs \(y)")
  }

  /// A path that does not run from 0,0 to 1,1, or goes back in time, and a spring with a
  /// member Material does not have, are problems at their tokens.
  @Test func badTokensAreProblems() throws {
    let (_, problems) = try Self.read(
      #"""
      {"md.sys.motion.easing.a": "M 0,0 C 0.5,0 0.5,1 1,0.9",
       "md.sys.motion.easing.b": "M 0,0 C 0.9,0 -0.5,1 1,1",
       "md.sys.motion.easing.c": "cubic-bezier(2, 0, 0, 1)",
       "md.sys.motion.spring.d": {"damping": 0.9, "stiffness": 700, "mass": 2}}
      """#)
    #expect(
      Set(problems.compactMap(\.pointer)) == [
        "/md.sys.motion.easing.a", "/md.sys.motion.easing.b", "/md.sys.motion.easing.c",
        "/md.sys.motion.spring.d/mass",
      ], "\(problems)")
  }

  /// A signed duration is read as a duration: "-5ms" is refused as one (not as "not an
  /// easing"), and "-0ms" is 0 s, positive zero, so that its CSS is "0ms".
  @Test func signedDurations() throws {
    let (material, problems) = try Self.read(
      #"{"md.sys.motion.duration.a": "-5ms", "md.sys.motion.duration.b": "-0ms"}"#)
    #expect(problems.map(\.pointer) == ["/md.sys.motion.duration.a"])
    #expect(problems.first?.message.contains("is not a duration") == true, "\(problems)")
    guard case .duration(let zero)? = material.tokens.first?.meaning else {
      Issue.record("\(material.tokens)")
      return
    }
    #expect(zero == 0 && zero.sign == .plus)
  }
}
