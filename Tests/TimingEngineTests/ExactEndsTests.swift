import Testing

@testable import TimingEngine

/// Ends come out as the values given, to the bit: an interpolation at progress 1 is its end
/// value (from + (to − from) can miss it in the last bit), and a curve at 0 and 1 is 0 and 1.
@Suite struct ExactEndsTests {
  /// Pairs where from + (to − from) ≠ to in doubles (checked by hand in Python:
  /// 0.2 + (0.9 − 0.2) = 0.8999999999999999, 1.1 + (0.3 − 1.1) = 0.30000000000000004,
  /// 3.3 + (0.45 − 3.3) = 0.4500000000000002).
  @Test(arguments: [(0.2, 0.9), (1.1, 0.3), (3.3, 0.45)])
  func interpolationEndsAreTheValues(_ from: Double, _ to: Double) {
    #expect(from + (to - from) != to)  // the case this guards
    let interpolator = Interpolator(type: .point, from: [from, to], to: [to, from])
    var out = [0.0, 0.0]
    out.withUnsafeMutableBufferPointer { interpolator.write(1, into: $0.baseAddress!) }
    #expect(out == [to, from])
    out.withUnsafeMutableBufferPointer { interpolator.write(0, into: $0.baseAddress!) }
    #expect(out == [from, to])
  }

  /// Every curve family at x = 0 and 1, compiled or not, including the near-vertical
  /// cubic-bezier(1, 0, 0, 1) and curves overshooting [0, 1].
  @Test(arguments: [
    "easeIn", "easeInEaseOut", "cubic-bezier(1,0,0,1)", "cubic-bezier(0.3,-0.5,0.7,1.5)",
    "linear(0, 0.3 40%, 1)", "steps(4, jump-end)",
  ])
  func curvesAreExactAtTheirEnds(_ text: String) throws {
    let function = try TimingFunction(parsing: text)
    let compiled = CompiledTimingFunction(function)
    #expect(function.evaluate(0) == 0 && function.evaluate(1) == 1, "\(text)")
    #expect(compiled.evaluate(0) == 0 && compiled.evaluate(1) == 1, "\(text)")
  }
}
