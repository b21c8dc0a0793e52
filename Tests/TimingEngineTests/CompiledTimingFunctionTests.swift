import Testing

@testable import TimingEngine

/// The sampler's path (`CompiledTimingFunction`) against `TimingFunction.evaluate` over dense
/// inputs, for every kind of function: 10 001 points in [0, 1], both ends, and inputs just and
/// far outside, with both before flags.
///
/// Bézier curves: both paths are the curve's own `solve`, Newton from a different first guess
/// (the table's Hermite guess, or s = x), so they may stop at different s. Each answer is within
/// ~3e-12 of the true y (`CubicBezier.solveParameter`: the solver's tolerance 1e-12 times the
/// up-to-3× underestimate near a vertical tangent), so two answers differ by at most ~6e-12
/// times the curve's scale; 1e-11 × max(1, |y|) allows that and nothing more (measured: at
/// most 2.5e-13, on the degenerate curve; 4e-14 on the named ones). Outside [0, 1]
/// both take the same branch (clamp or end tangent), so there they are bit-identical. Every
/// other kind calls `TimingFunction.evaluate` itself: bit-identical everywhere.
@Suite struct CompiledTimingFunctionTests {
  static let inputs: [Double] =
    (0...10_000).map { Double($0) / 10_000 } + [
      -0.0, -Double.leastNonzeroMagnitude, -1e-9, -0.25, -2, 1.0.nextUp, 1 + 1e-9, 1.25, 3,
    ]

  static let curves: [(String, TimingFunction)] =
    NamedTimingFunction.allCases.map { ("\($0)", .named($0)) } + [
      ("controlPoints near-vertical", .controlPoints(CubicBezier(1, 0, 0, 1))),
      ("controlPoints flat ends", .controlPoints(CubicBezier(0, 0, 1, 1))),
      ("controlPoints overshoot", .controlPoints(CubicBezier(0.3, -0.6, 0.7, 1.6))),
      ("cubic-bezier easeInOutBack", .cubicBezier(CubicBezier(0.68, -0.55, 0.265, 1.55))),
      ("cubic-bezier easeOutBack", .cubicBezier(CubicBezier(0.34, 1.56, 0.64, 1))),
      ("cubic-bezier large y", .cubicBezier(CubicBezier(0.5, 1000, 0.5, -1000))),
      ("cubic-bezier degenerate", .cubicBezier(CubicBezier(0, 0, 0, 0))),
      ("cubic-bezier vertical start", .cubicBezier(CubicBezier(0, 1, 1, 0))),
    ]

  static func others() throws -> [(String, TimingFunction)] {
    var functions: [(String, TimingFunction)] = []
    for position in Steps.JumpPosition.allCases {
      for count in (position == .jumpNone ? 2 : 1)...5 {
        functions.append(
          ("steps(\(count), \(position))", .steps(Steps(count: count, position: position))))
      }
    }
    for text in [
      "linear(0, 1)", "linear(0, 0.25 25% 75%, 1)", "linear(0, 1.2 40%, 0.9 60%, 1)",
      "linear(-0.5 -20%, 0.3, 1.4 120%)", "linear(0 10%, 0.5 10%, 0.5 90%, 1 90%)",
    ] {
      functions.append((text, try TimingFunction(parsing: text)))
    }
    functions += [
      (
        "spring underdamped",
        .spring(SpringCurve(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0))
      ),
      (
        "spring critical",
        .spring(SpringCurve(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0))
      ),
      (
        "spring overdamped",
        .spring(SpringCurve(mass: 2, stiffness: 50, damping: 40, initialVelocity: -3))
      ),
    ]
    return functions
  }

  @Test func beziersAgreeToTheSolversAccuracy() {
    for (name, function) in Self.curves {
      let compiled = CompiledTimingFunction(function)
      var worst = 0.0
      for x in Self.inputs {
        for beforeFlag in [false, true] {
          let direct = function.evaluate(x, beforeFlag: beforeFlag)
          let fast = compiled.evaluate(x, beforeFlag: beforeFlag)
          if x < 0 || x > 1 {
            #expect(fast.bitPattern == direct.bitPattern, "\(name) at \(x): \(fast) vs \(direct)")
          }
          worst = max(worst, abs(fast - direct) / max(1, abs(direct)))
        }
      }
      #expect(worst <= 1e-11, "\(name): compiled and direct differ by \(worst)")
    }
  }

  @Test func otherKindsAreBitIdentical() throws {
    for (name, function) in try Self.others() {
      let compiled = CompiledTimingFunction(function)
      // Springs take seconds: the same inputs, and the settling tail.
      let inputs = function.inputIsSeconds ? Self.inputs + Self.inputs.map { $0 * 4 } : Self.inputs
      var mismatches = 0
      for x in inputs {
        for beforeFlag in [false, true] {
          let direct = function.evaluate(x, beforeFlag: beforeFlag)
          let fast = compiled.evaluate(x, beforeFlag: beforeFlag)
          if fast.bitPattern != direct.bitPattern { mismatches += 1 }
        }
      }
      #expect(mismatches == 0, "\(name): \(mismatches) inputs differ")
    }
  }

  /// The column form (`CompiledTimingFunction.evaluate(_:count:into:)`, used by the sampler)
  /// against the one-input form, for every kind of function: the same bits at every input —
  /// the Bézier column solve runs the scalar solver's first Newton step two inputs at a time
  /// and hands every input that step does not settle to the scalar solver, so any divergence
  /// is a bug. An odd count exercises the lone last input.
  @Test func columnAgreesBitForBitWithOneInputAtATime() throws {
    let inputs = Self.inputs + [.nan, 0.4999999, 0.500000001, 1e-6, 0.999999, 1.0.nextDown, 0.3]
    #expect(inputs.count % 2 == 1)
    for (name, function) in try Self.curves + Self.others() {
      let compiled = CompiledTimingFunction(function)
      for beforeFlag in [false, true] {
        let localTimes = inputs.map { x in
          LocalTime(
            phase: beforeFlag ? .before : .active, basic: x, fraction: x, cycle: 0,
            reversed: false)
        }
        var column = [Double](repeating: -7, count: inputs.count)
        localTimes.withUnsafeBufferPointer { times in
          column.withUnsafeMutableBufferPointer { out in
            compiled.evaluate(times.baseAddress!, count: times.count, into: out.baseAddress!)
          }
        }
        var mismatches: [Double] = []
        for (k, lt) in localTimes.enumerated() {
          let one = compiled.evaluate(lt.fraction, beforeFlag: lt.beforeFlag)
          if column[k].bitPattern != one.bitPattern { mismatches.append(lt.fraction) }
        }
        #expect(mismatches.isEmpty, "\(name): the column differs at \(mismatches.prefix(5))")
      }
    }
  }
}
