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
}
