import TestSupport
import Testing

@testable import TimingEngine

/// The sampler writes a column's values with one loop per source (`KeyframeSegments`,
/// `Interpolator.writeLinear`) where it used to call the per-sample writer for each sample.
/// Each value must have the bits the per-sample writer gives it: on random keyframe animations
/// (repeated and equal key times, segment functions, 1–4 components) and random ends, at
/// progress in and outside [0, 1], on key times exactly, NaN, in time order and shuffled — the
/// order matters because the segment is found from the previous sample's.
@Suite struct ColumnWriterTests {
  static func progressValues(_ keyTimes: [Double], _ random: inout SplitMix) -> [Double] {
    var u = (0..<300).map { _ in Double.random(in: -0.5...1.5, using: &random) }
    u += keyTimes + keyTimes.map { $0.nextUp } + keyTimes.map { $0.nextDown }
    u += [0, 1, .nan, -.infinity, .infinity, -0.0]
    let ordered = u.filter { !$0.isNaN }.sorted()
    return ordered + ordered.reversed() + u.shuffled(using: &random)
  }

  /// Writes each progress value into its own row (every other row, to check the stride), and
  /// compares the bits with `write` on one value; a row in between that was written counts as
  /// wrong too (its progress, the value before it).
  static func mismatches(
    _ progress: [Double], components: Int,
    column: (
      UnsafePointer<Double>, UnsafePointer<Int>,
      Int, UnsafeMutablePointer<Double>, Int
    ) -> Void,
    single: (Double, UnsafeMutablePointer<Double>) -> Void
  ) -> [Double] {
    let width = components + 1
    let rows = 2 * progress.count
    var out = [Double](repeating: -7, count: rows * width)
    let shown = (0..<progress.count).map { 2 * $0 }
    out.withUnsafeMutableBufferPointer { o in
      column(progress, shown, progress.count, o.baseAddress!, width)
    }
    var wrong: [Double] = []
    for (k, u) in progress.enumerated() {
      var expected = [Double](repeating: -7, count: width)
      single(u, &expected)
      let row = Array(out[(2 * k * width)..<((2 * k + 1) * width)])
      if row.map(\.bitPattern) != expected.map(\.bitPattern) { wrong.append(u) }
      let skipped = out[((2 * k + 1) * width)..<((2 * k + 2) * width)]
      if skipped.contains(where: { $0.bitPattern != (-7.0).bitPattern }) { wrong.append(u) }
    }
    return wrong
  }

  @Test func keyframeSegmentsWriteAsTheEvaluator() throws {
    var random = SplitMix(seed: 0x5E_6E17)
    var checked = 0
    for trial in 0..<200 {
      let n = Int.random(in: 2...6, using: &random)
      let components = Int.random(in: 1...4, using: &random)
      let type: ValueType = components == 1 ? .scalar : .array(components)
      var spec = KeyframeValues()
      spec.values = (0..<n).map { _ in
        AnimatableValue(
          type, (0..<components).map { _ in Double.random(in: -500...500, using: &random) })
      }
      if trial % 3 != 0 {
        // Sorted random key times from 0 to 1, some of them equal (a jump).
        var inner = (0..<(n - 2)).map { _ in Double.random(in: 0...1, using: &random) }.sorted()
        if inner.count >= 2 && trial % 2 == 0 { inner[1] = inner[0] }
        spec.keyTimes = [0] + inner + [1]
      }
      if trial % 4 == 1 {
        spec.timingFunctions = (0..<(n - 1)).map { i in
          i % 2 == 0
            ? .named(.easeInEaseOut) : .cubicBezier(CubicBezier(0.3, -0.4, 0.6, 1.5))
        }
      }
      if trial % 5 == 2 { spec.calculationMode = .paced }
      let evaluator = KeyframeEvaluator(spec, type: type)
      let segments = try #require(evaluator.segments)
      let wrong = Self.mismatches(
        Self.progressValues(evaluator.keyTimes, &random), components: components,
        column: { segments.write($0, shown: $1, count: $2, into: $3, width: $4) },
        single: { evaluator.write($0, into: $1) })
      #expect(wrong.isEmpty, "trial \(trial): \(wrong.prefix(5))")
      checked += 1
    }
    #expect(checked == 200)
  }

  /// Splines, paths, discrete values and transforms keep the per-sample writer.
  @Test func onlyStraightSegmentsAreLaidOut() {
    var spec = KeyframeValues()
    spec.values = [.scalar(0), .scalar(1), .scalar(3)]
    for (mode, laidOut) in [
      (KeyframeValues.CalculationMode.linear, true), (.paced, true), (.discrete, false),
      (.cubic, false), (.cubicPaced, false),
    ] {
      spec.calculationMode = mode
      #expect((KeyframeEvaluator(spec, type: .scalar).segments != nil) == laidOut, "\(mode)")
    }
    spec.calculationMode = .linear
    spec.values = [.transform(.identity), .transform(.rotation(1, 0, 0, 1))]
    #expect(KeyframeEvaluator(spec, type: .transform).segments == nil)
  }

  @Test func linearInterpolatorWritesAsOneValueAtATime() {
    var random = SplitMix(seed: 0x1_17E6)
    for components in 1...4 {
      let type: ValueType = components == 1 ? .scalar : .array(components)
      let values = (0..<2).map { _ in
        (0..<components).map { _ in Double.random(in: -1e3...1e3, using: &random) }
      }
      let interpolator = Interpolator(type: type, from: values[0], to: values[1])
      let wrong = Self.mismatches(
        Self.progressValues([0, 0.5, 1], &random), components: components,
        column: { interpolator.writeLinear($0, shown: $1, count: $2, into: $3, width: $4) },
        single: { interpolator.write($0, into: $1) })
      #expect(wrong.isEmpty, "\(components) components: \(wrong.prefix(5))")
    }
  }
}
