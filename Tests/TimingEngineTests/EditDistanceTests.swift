import TestSupport
import Testing

@testable import TimingEngine

/// The optimal string alignment distance, against values worked by hand (and, for random
/// strings, against the textbook full-matrix recurrence written out here independently of the
/// banded one), and the "did you mean" suggestions built on it.
@Suite struct EditDistanceTests {
  /// Each distance by hand: an insertion, a swap (1, where Levenshtein says 2), the textbook
  /// `kitten` → `sitting` (3), and `ca` → `abc`, which is 3 under optimal string alignment (the
  /// swapped pair cannot then be edited again) but 2 under unrestricted Damerau–Levenshtein.
  @Test(arguments: [
    ("opacty", "opacity", 1), ("opaicty", "opacity", 1), ("kitten", "sitting", 3),
    ("ca", "abc", 3), ("", "abc", 3), ("abc", "", 3), ("abc", "abc", 0), ("flaw", "lawn", 2),
    ("Opacity", "opacity", 1), ("cornerRaduis", "cornerRadius", 1),
  ])
  func distancesByHand(_ a: String, _ b: String, _ expected: Int) {
    #expect(EditDistance.optimalStringAlignment(a, b, limit: 3) == expected, "\(a) → \(b)")
    #expect(EditDistance.optimalStringAlignment(b, a, limit: 3) == expected, "\(b) → \(a)")
  }

  /// Past the limit the answer is limit + 1, whatever the true distance.
  @Test func beyondTheLimitIsLimitPlusOne() {
    #expect(EditDistance.optimalStringAlignment("kitten", "sitting", limit: 2) == 3)
    #expect(EditDistance.optimalStringAlignment("a", "abcdefgh", limit: 2) == 3)
    #expect(EditDistance.optimalStringAlignment("position", "transform", limit: 2) == 3)
    #expect(EditDistance.optimalStringAlignment("ab", "ba", limit: 0) == 1)
  }

  /// The banded computation equals the full matrix (Wagner–Fischer with the adjacent swap
  /// added) wherever the true distance is within the limit, on 2 000 random pairs over a
  /// three-letter alphabet (many near misses and swaps).
  @Test func bandEqualsFullMatrix() {
    var random = SplitMix(seed: 11)
    let letters: [Character] = ["a", "b", "c"]
    for _ in 0..<2_000 {
      let a = String((0..<Int(random.next() % 7)).map { _ in letters[Int(random.next() % 3)] })
      let b = String((0..<Int(random.next() % 7)).map { _ in letters[Int(random.next() % 3)] })
      let full = Self.fullMatrix(Array(a), Array(b))
      for limit in 0...3 {
        #expect(
          EditDistance.optimalStringAlignment(a, b, limit: limit) == min(full, limit + 1),
          "\(a) → \(b), limit \(limit)")
      }
    }
  }

  static func fullMatrix(_ a: [Character], _ b: [Character]) -> Int {
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }

  /// Typos of layer properties get the property; known names, and names far from every
  /// property or short ones two edits off, get nothing.
  @Test(arguments: [
    ("opacty", "opacity"), ("backgroundColr", "backgroundColor"), ("cornerRaduis", "cornerRadius"),
    ("Opacity", "opacity"), ("positon", "position"), ("frme", "frame"),
    ("trasnform", "transform"), ("shadowOfset", "shadowOffset"),
  ])
  func suggestsTheNearestProperty(_ typo: String, _ meant: String) {
    #expect(LayerProperties.suggestion(for: typo) == meant, "\(typo)")
  }

  @Test(arguments: ["opacity", "frame", "progress", "bond", "myCustomValue", "x", ""])
  func suggestsNothing(_ name: String) {
    #expect(LayerProperties.suggestion(for: name) == nil, "\(name)")
  }

  /// A case-insensitive (folded) match wins over a name as near as written: `abce` is 1 edit
  /// from `abcd` and 1 (a case change) from `aBce`, but 0 from `aBce` folded.
  @Test func foldedMatchIsPreferred() {
    #expect(NameSuggestion(["abcd", "aBce"]).nearest(to: "abce") == "aBce")
    #expect(NameSuggestion(["abcd", "aBce"]).nearest(to: "abcd") == nil)
    // Separators fold away: `damping_fraction` and `DAMPINGFRACTION` are dampingFraction.
    let spring = NameSuggestion(["response", "dampingFraction", "initialVelocity"])
    #expect(spring.nearest(to: "damping_fraction") == "dampingFraction")
    #expect(spring.nearest(to: "DAMPINGFRACTION") == "dampingFraction")
  }

  /// The limit is a third of the folded name, at most 2: 0 for 1–2 scalars, 1 for 3–5, 2 from
  /// 6 on; and a name longer than every spelling by more than that is near none.
  @Test func limitFollowsTheLength() {
    #expect((0...9).map(NameSuggestion.limit(forLength:)) == [0, 0, 0, 1, 1, 1, 2, 2, 2, 2])
    let names = NameSuggestion(["x", "y", "bounds", "duration"])
    #expect(names.nearest(to: "z") == nil)  // 1 edit from x, but 1 scalar: none
    #expect(names.nearest(to: "X") == "x")  // folded match
    #expect(names.nearest(to: "bond") == nil)  // 2 edits, 4 scalars: limit 1
    #expect(names.nearest(to: "durration") == "duration")
    #expect(names.nearest(to: "duratoinxx") == nil)  // swap + 2 insertions: 3 edits
    #expect(names.nearest(to: String(repeating: "duration", count: 100)) == nil)
  }

  /// An alias suggests the name it stands for: `easeInOut` folds to CSS's `ease-in-out`,
  /// whose Core Animation name is `easeInEaseOut`.
  @Test func aliasesSuggestTheirCanonicalName() {
    #expect(NamedTimingFunction.suggestion.nearest(to: "easeInOut") == "easeInEaseOut")
    #expect(NamedTimingFunction.suggestion.nearest(to: "EaseIn") == "easeIn")
    #expect(NamedTimingFunction.suggestion.nearest(to: "ease-in") == nil)
  }

  /// Key paths: the property by the layer-property rule, then the sub-path among its own.
  @Test(arguments: [
    ("trasnform.rotation.y", "transform.rotation.y"),
    ("transform.rotaton.y", "transform.rotation.y"),
    ("positon.x", "position.x"), ("opacty", "opacity"), ("bounds.size.widht", "bounds.size.width"),
  ])
  func keyPathSuggestions(_ typo: String, _ meant: String) {
    #expect(PropertyKeyPath.suggestion(for: typo) == meant, "\(typo)")
  }

  @Test(arguments: ["transform.rotation.y", "position", "myValue.x", "position.q", "opacity.x"])
  func keyPathsWithoutSuggestion(_ text: String) {
    #expect(PropertyKeyPath.suggestion(for: text) == nil, "\(text)")
  }

  /// A text that names no timing function is an unknown name (a 404 in a path); a known
  /// function with a bad parameter is not, and its message names the parameter.
  @Test func parseErrorsSayWhetherTheNameIsKnown() {
    func reason(_ text: String) -> TimingFunctionParseError? {
      do throws(TimingFunctionParseError) {
        _ = try TimingFunction(parsing: text)
        return nil
      } catch {
        return error
      }
    }
    #expect(reason("bouncy")?.reason == .unknownName)
    #expect(reason("cubic-bezeir(0,0,1,1)")?.reason == .unknownName)
    for text in ["cubic-bezier(1.5,0,0.5,1)", "steps(0)", "linear(1)", "spring(0,1,1,0)"] {
      #expect(reason(text)?.reason == .invalidParameters, "\(text)")
    }
    #expect(
      reason("cubic-bezier(1.5,0,-1,1)")?.message.hasPrefix(
        "x1 must lie in [0, 1]; got 1.5, and x2 must lie in [0, 1]; got -1: ") == true)
  }
}
