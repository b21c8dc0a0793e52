/// The timing function over a whole column of local times at once (`Column.apply`'s progress
/// pass), each value the one `evaluate` gives, bit for bit: Bézier curves through their column
/// solve (`CubicBezier+Column.swift`), other functions one by one.
extension CompiledTimingFunction {
  /// Progress at local time `lt` under an animation's timing function `f`, or the local time's
  /// fraction when it has none.
  @inline(__always) static func progress(_ f: CompiledTimingFunction?, _ lt: LocalTime) -> Double {
    f?.evaluate(lt.fraction, beforeFlag: lt.beforeFlag) ?? lt.fraction
  }

  /// Progress at each local time under an animation's timing function `f`, or the local time's
  /// fraction when it has none.
  static func progress(
    _ f: CompiledTimingFunction?, _ localTimes: UnsafePointer<LocalTime>, count: Int,
    into progress: UnsafeMutablePointer<Double>
  ) {
    guard let f else {
      for k in 0..<count { progress[k] = localTimes[k].fraction }
      return
    }
    f.evaluate(localTimes, count: count, into: progress)
  }

  func evaluate(
    _ localTimes: UnsafePointer<LocalTime>, count: Int, into progress: UnsafeMutablePointer<Double>
  ) {
    guard let bezier, let table else {
      for k in 0..<count {
        let lt = localTimes[k]
        progress[k] = function.evaluate(lt.fraction, beforeFlag: lt.beforeFlag)
      }
      return
    }
    bezier.solve(localTimes, count: count, table: table, extrapolates: extrapolates, into: progress)
  }

  /// `evaluate(lt.fraction)` at each local time, without its before flag (what a group's time
  /// warp asks, `CompiledAnimation.warpedTime`): Bézier curves, which have no use for the flag,
  /// through their column solve.
  func evaluateFractions(
    _ localTimes: UnsafePointer<LocalTime>, count: Int, into progress: UnsafeMutablePointer<Double>
  ) {
    guard bezier != nil else {
      for k in 0..<count { progress[k] = evaluate(localTimes[k].fraction) }
      return
    }
    evaluate(localTimes, count: count, into: progress)
  }
}
