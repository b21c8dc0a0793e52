/// Chooses keyframes among samples greedily by the vertical error of the browser's
/// interpolation (docs/export.md "Fitting"): from each kept sample, the farthest later sample
/// such that the browser's interpolation between the two is within the bound at every sample
/// between them. Vertical, not perpendicular as in Ramer–Douglas–Peucker, which lets a steep
/// segment pass a sample 10 px off when its distance to the chord is under the bound.
enum KeyframeFit {
  /// The indices of the kept samples, first and last included. `fits(i, j)` says whether the
  /// browser's interpolation from sample i to sample j is within the bound at every sample
  /// strictly between them (true for neighbours).
  ///
  /// The reach of a segment is searched by doubling and then bisection, so a segment of L
  /// samples costs about 2·log₂ L checks of at most L samples each instead of L checks: a
  /// 601-sample ease curve is 10–20 segments of 30–60 samples. A fit found is always checked
  /// sample by sample, so the result is within the bound even where the error is not monotonic
  /// in the segment's length; it may then keep a few more keyframes than the fewest possible.
  static func greedy(count n: Int, fits: (Int, Int) -> Bool) -> [Int] {
    guard n > 1 else { return [0] }
    var kept = [0]
    var i = 0
    while i < n - 1 {
      i = reach(from: i, count: n, fits: fits)
      kept.append(i)
    }
    return kept
  }

  /// The farthest sample after `i` that `fits` reaches from it, by doubling and then
  /// bisection (at least i + 1).
  static func reach(from i: Int, count n: Int, fits: (Int, Int) -> Bool) -> Int {
    var good = i + 1
    var step = 1
    var bad: Int? = nil
    // Doubling: the farthest reach that fits, until one does not.
    while good < n - 1 {
      let candidate = min(n - 1, i + step * 2)
      if fits(i, candidate) {
        good = candidate
        step *= 2
      } else {
        bad = candidate
        break
      }
    }
    // Bisection between the last reach that fits and the first that did not.
    if var high = bad {
      var low = good
      while high - low > 1 {
        let middle = (low + high) / 2
        if fits(i, middle) { low = middle } else { high = middle }
      }
      good = low
    }
    return good
  }
}
