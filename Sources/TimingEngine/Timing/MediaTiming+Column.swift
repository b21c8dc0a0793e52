/// Steps 1–4 of semantics.md §1.2 over a column of parent times (`Column.apply`'s first pass):
/// the local time `localTime(parentTime:activeDuration:inverseDuration:attached:)` gives each
/// one, bit for bit, two at a time.
///
/// Two samples inside the active interval whose iteration is found by the floor below take the
/// `SIMD2<Double>` path: the same operations in the same order as the scalar one, so the same
/// rounding, with the floor done by adding and taking away 2⁵² instead of a conversion to an
/// integer (x86-64's baseline has no packed one). Any pair with a sample outside it — before or
/// after the active interval, a NaN time, an iteration past 2⁵² — goes one by one through the
/// scalar path. On the standard scene most samples are active: the local-time passes were 39 %
/// of its sampling before.
extension MediaTiming {
  /// Keeps the samples with a local time: of the `count` entries, those that have one move down
  /// (in order) to the front of `shown` (the sample indices) with their local time in
  /// `localTimes`; returns how many. `parentTimes[k]` is entry k's parent time.
  @inline(__always) func localTimes(
    parentTimes: UnsafePointer<Double>, shown: UnsafeMutablePointer<Int>, count: Int,
    activeDuration ad: Double, inverseDuration inv: Double, attached: Bool,
    into localTimes: UnsafeMutablePointer<LocalTime>
  ) -> Int {
    var kept = 0
    @inline(__always) func scalar(_ k: Int) {
      guard
        let lt = localTime(
          parentTime: parentTimes[k], activeDuration: ad, inverseDuration: inv, attached: attached)
      else { return }
      shown[kept] = shown[k]
      localTimes[kept] = lt
      kept += 1
    }
    let d = duration
    var k = 0
    while k + 1 < count {
      let tp = SIMD2(parentTimes[k], parentTimes[k + 1])
      let e = (tp - beginTime) * speed
      let p = e + timeOffset
      let ratio = p * inv
      // Active (NaN fails) and an iteration the floor below is exact for (∞ and NaN fail).
      let active: SIMDMask<SIMD2<Int64>> = (e .>= 0) .& (e .< ad)
      let magnitude: SIMD2<Double> = ratio.replacing(with: -ratio, where: ratio .< 0)
      let exact: SIMDMask<SIMD2<Int64>> = magnitude .< 4_503_599_627_370_496
      guard all(active .& exact) else {
        scalar(k)
        scalar(k + 1)
        k += 2
        continue
      }
      // basicLocalTime's active case.
      let iteration = fastFloor(ratio)
      var r = p - iteration * d
      r.replace(with: 0, where: r .< 0)
      r.replace(with: d, where: r .> d)
      let half = iteration * 0.5
      let halfFloor = fastFloor(half)
      let reversed = autoreverses ? half .!= halfFloor : SIMDMask(repeating: false)
      r.replace(with: d - r, where: reversed)
      let cycle = autoreverses ? halfFloor : iteration
      var fraction = r * inv
      fraction.replace(with: 1, where: 1 .< fraction)
      fraction.replace(with: 1, where: r .== d)
      for lane in 0..<2 {
        shown[kept] = shown[k + lane]
        localTimes[kept] = LocalTime(
          phase: .active, basic: r[lane], fraction: fraction[lane], cycle: cycle[lane],
          reversed: reversed[lane])
        kept += 1
      }
      k += 2
    }
    if k < count { scalar(k) }
    return kept
  }
}
