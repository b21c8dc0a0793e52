/// The curve over a column of inputs (`CompiledTimingFunction.evaluate` over local times): the
/// same answer as `solve(_:table:)` (or `solveExtrapolating`) for each, bit for bit, two at a
/// time.
///
/// `solveParameter` from the table's guess almost always stops after its first Newton step (the
/// guess is within ~1e-8 of the root). Here that first step — the same operations in the same
/// order, so the same rounding — runs on two inputs at once in `SIMD2<Double>`, with no loop
/// and no call; an input whose step does not pass `solveParameter`'s own stopping test (a
/// near-vertical tangent, a guess the table marks as untrustworthy, an end or outside [0, 1])
/// takes the scalar `solve`, which repeats that step and goes on. Measured with `perf` on
/// `timing-bench profile-sampling`, the standard scene's three curves went from 24 % of sampling
/// (the scalar solve called per sample, not inlined) to 18 % of a shorter run.
extension CubicBezier {
  func solve(
    _ localTimes: UnsafePointer<LocalTime>, count: Int, table: ParameterTable, extrapolates: Bool,
    into progress: UnsafeMutablePointer<Double>
  ) {
    table.entries.withUnsafeBufferPointer { entries in
      let g = entries.baseAddress!
      var k = 0
      while k + 1 < count {
        let x = SIMD2(localTimes[k].fraction, localTimes[k + 1].fraction)
        let (y, solved) = firstNewtonStep(x, g)
        progress[k] = solved[0] ? y.x : scalar(x.x, table, extrapolates)
        progress[k + 1] = solved[1] ? y.y : scalar(x.y, table, extrapolates)
        k += 2
      }
      if k < count { progress[k] = scalar(localTimes[k].fraction, table, extrapolates) }
    }
  }

  /// What `CompiledTimingFunction.evaluate` does with one input.
  @inline(never) private func scalar(_ x: Double, _ table: ParameterTable, _ extrapolates: Bool)
    -> Double
  {
    if x.isNaN { return 0 }
    return extrapolates ? solveExtrapolating(x, table: table) : solve(x, table: table)
  }

  /// `solveParameter`'s first step from `ParameterTable.guess`, then Y; `solved` is false in
  /// each lane that needs the scalar path (x outside (0, 1) or NaN, a linear guess, or a step
  /// that does not stop inside [0, 1]).
  @inline(__always) private func firstNewtonStep(
    _ x: SIMD2<Double>, _ g: UnsafePointer<Double>
  ) -> (y: SIMD2<Double>, solved: SIMDMask<SIMD2<Int64>>) {
    // Only 0 < x < 1 may use the table (NaN fails both tests).
    let inside = (x .> 0) .& (x .< 1)
    let xs = x.replacing(with: 0.5, where: .!inside)
    // ParameterTable.guess, lane by lane for the table reads. 0 ≤ position < 64, so its floor
    // is exact and the index is that floor's bits above 2⁵²'s: no conversion with a range check
    // per lane (`Int(_:)` traps out of range), and the index is the one `Int(position)` gives.
    let position = xs * Double(ParameterTable.intervals)
    let whole = fastFloor(position)
    let shift = SIMD2<Double>(repeating: 4_503_599_627_370_496)
    let biased: SIMD2<Double> = whole + shift
    let index =
      unsafeBitCast(biased, to: SIMD2<UInt64>.self) &- unsafeBitCast(shift, to: SIMD2<UInt64>.self)
    let (i0, i1) = (2 &* Int(truncatingIfNeeded: index.x), 2 &* Int(truncatingIfNeeded: index.y))
    let t = position - whole
    let s0 = SIMD2(g[i0], g[i1])
    let m0 = SIMD2(g[i0 &+ 1], g[i1 &+ 1])
    let s1 = SIMD2(g[i0 &+ 2], g[i1 &+ 2])
    let m1 = SIMD2(g[i0 &+ 3], g[i1 &+ 3])
    // NaN slopes mark a guess the table does not trust; the scalar path takes the linear one.
    // (`m .== m` is the scalar `isFinite` because the table holds no infinite slope: at most
    // 1 000 / 64, from X′ > 1e-3.)
    let hermite = (m0 .== m0) .& (m1 .== m1)
    let t2 = t * t
    let t3 = t2 * t
    let a: SIMD2<Double> = (2 * t3 - 3 * t2 + 1) * s0
    let b: SIMD2<Double> = (t3 - 2 * t2 + t) * m0
    let c: SIMD2<Double> = (-2 * t3 + 3 * t2) * s1
    let e: SIMD2<Double> = (t3 - t2) * m1
    let s = a + b + c + e
    // solveParameter's first iteration.
    let d = (3 * ax * s + 2 * bx) * s + cx
    let trusted = d * Self.yTolerance .> residualNoise * yDerivativeBound
    let step = (((ax * s + bx) * s + cx) * s - xs) / d
    let next = s - step
    // |step| by selection: `pointwiseMax` is a branch per lane (it orders NaN). The sign of a
    // zero and a NaN compare below as `abs` leaves them.
    let negative: SIMDMask<SIMD2<Int64>> = step .< 0
    let magnitude: SIMD2<Double> = step.replacing(with: -step, where: negative)
    let converged =
      (curvatureBound * magnitude .< 0.5 * d)
      .& (2 * curvatureBound * magnitude * magnitude * yDerivativeBound .< Self.yTolerance * d)
    let solved = inside .& hermite .& trusted .& converged .& (next .>= 0) .& (next .<= 1)
    let y = ((ay * next + by) * next + cy) * next
    return (y, solved)
  }
}
