/// How many single-character edits turn one name into another, for "did you mean …?" hints.
public enum EditDistance {
  /// The optimal string alignment distance (Damerau–Levenshtein where no substring is edited
  /// twice): insertions, deletions, substitutions and swaps of two adjacent characters each
  /// cost 1, so `opacty` → `opacity` is 1 and `opaicty` → `opacity` is 1 (a swap), where plain
  /// Levenshtein says 2. Compared by Unicode scalar, case-sensitively (`Opacity` is 1 away).
  ///
  /// Only distances up to `limit` are computed exactly: anything farther answers `limit + 1`.
  /// Cells more than `limit` off the diagonal can never lead to a distance within it, so only
  /// the band of 2·limit + 1 cells per row is filled: about 5 × 20 cells for a limit of 2,
  /// instead of 20 × 20.
  public static func optimalStringAlignment(_ a: String, _ b: String, limit: Int) -> Int {
    optimalStringAlignment(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
  }

  /// The same, over scalars already taken apart (`NameSuggestion` keeps its names so).
  public static func optimalStringAlignment(
    _ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int
  ) -> Int {
    let far = limit + 1
    guard limit >= 0, abs(a.count - b.count) <= limit else { return far }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    let width = b.count + 1
    // Three rows: the one before the previous is needed for a swap.
    var before = [Int](repeating: far, count: width)
    var previous = (0..<width).map { min($0, far) }
    var current = [Int](repeating: far, count: width)
    for i in 1...a.count {
      let low = max(1, i - limit)
      let high = min(b.count, i + limit)
      current[0] = i <= limit ? i : far
      if low > 1 { current[low - 1] = far }
      var rowBest = current[0]
      for j in low...high {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var d = min(previous[j - 1] + cost, previous[j] + 1, current[j - 1] + 1)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d = min(d, before[j - 2] + 1)
        }
        current[j] = min(d, far)
        rowBest = min(rowBest, current[j])
      }
      if high < b.count { current[high + 1] = far }
      // Every path to the end goes through this row: none within the limit remains.
      if rowBest > limit { return far }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }
}
