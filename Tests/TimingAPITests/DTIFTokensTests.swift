import Foundation
import Testing
import TimingEngine

@testable import TimingAPI

/// DTIF's animation example, read as it states its values: durations in frames (at 60 fps, said),
/// ms and s, a relative one passed through with a warning; easings as a CSS keyword, a Bézier, a
/// spring's four magnitudes and steps.
@Suite struct DTIFTokensTests {
  @Test func dtifsAnimationExample() throws {
    let url = DesignTokenTests.fixtures.appendingPathComponent("dtif-animation.tokens.json")
    let document = try JSONParser.parse(Array(try Data(contentsOf: url)))
    #expect(DTIFTokens.recognizes(document))
    var context = DecodingContext(budget: .unlimited)
    let dtif = DTIFTokens(json: document, in: &context)
    #expect(context.problems.isEmpty, "\(context.problems)")
    #expect(
      context.warnings.map { JSONPointer($0.source).description } == ["/duration/stagger/$value"])
    var byName: [String: ReadToken] = [:]
    for token in dtif.tokens { byName[token.path.joined(separator: ".")] = token }
    #expect(dtif.tokens.count == 7)
    func seconds(_ name: String) -> Double? {
      if case .duration(let s)? = byName[name]?.meaning { return s }
      return nil
    }
    // 6 frames at 60 fps, 320 ms, 0.2 s.
    #expect(seconds("duration.entry") == 0.1)
    #expect(byName["duration.entry"]?.notes == ["6 frames at 60 fps"])
    #expect(seconds("duration.long") == 0.32)
    #expect(seconds("duration.medium") == 0.2)
    guard case .easing(let ease)? = byName["easing.ease"]?.meaning,
      case .cubicBezier(let emphasized)? = byName["easing.emphasized"]?.meaning,
      case .physicalSpring(let springy)? = byName["easing.springy"]?.meaning,
      case .easing(.steps)? = byName["easing.stepped"]?.meaning
    else {
      Issue.record("\(dtif.tokens)")
      return
    }
    // CSS's `ease` is cubic-bezier(0.25, 0.1, 0.25, 1) (CSS Easing Functions 1 §2.2).
    #expect(ease.controlPoints.map { [$0.0, $0.1, $0.2, $0.3] } == [0.25, 0.1, 0.25, 1])
    #expect([emphasized.x1, emphasized.y1, emphasized.x2, emphasized.y2] == [0.4, 0, 0.2, 1])
    // Mass 1, stiffness 180, damping 24: ζ = 24 / (2√180).
    #expect(abs(springy.dampingRatio - 24 / (2 * 180.0.squareRoot())) < 1e-12)
  }
}
