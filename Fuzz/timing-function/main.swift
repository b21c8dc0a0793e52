import FuzzSupport
import TimingEngine

// Timing-function texts (the `{function}` path parameter and every `timingFunction` field):
// whatever parses must write back out as text that parses to the same function, and must give
// finite progress over its whole input range, the same from the sampler's compiled form as from
// the direct solver.

/// Inputs in the function's domain: a fraction of the duration, or seconds for a spring. Both
/// ends, the middle, points next to the ends (where a Bézier's x′ can vanish) and a denormal.
let fractions: [Double] = [
  0, Double.leastNonzeroMagnitude, 1e-9, 0.25, 0.5, 0.75, 1 - 1e-9, 1.nextDown, 1,
]
let seconds: [Double] = [0, 1e-9, 0.5, 1, 10, 1e3, 1e6]

runFuzzer { input in
  let text = String(decoding: input, as: UTF8.self)
  let function: TimingFunction
  do {
    function = try TimingFunction(parsing: text)
  } catch {
    return
  }
  if let canonical = function.canonicalText {
    let reparsed = try? TimingFunction(parsing: canonical)
    require(reparsed == function, "'\(canonical)' reads back as \(String(describing: reparsed))")
  }
  let css = function.cssText
  require((try? TimingFunction(parsing: css)) != nil, "cssText '\(css)' does not parse")

  let compiled = CompiledTimingFunction(function)
  for x in function.inputIsSeconds ? seconds : fractions {
    let y = function.evaluate(x)
    require(y.isFinite, "\(css) at \(x) gives \(y)")
    require(!function.slope(x).isNaN, "\(css) has a NaN slope at \(x)")
    let fast = compiled.evaluate(x)
    // Both claim 1e-9 in y (CompiledTimingFunction's comment); 1e-8 relative leaves room for
    // curves whose y runs to the 1e6 that control points may reach.
    require(
      abs(fast - y) <= 1e-8 * max(1, abs(y)), "\(css) at \(x): compiled \(fast), direct \(y)")
    for beforeFlag in [false, true] {
      let z = function.evaluate(x, beforeFlag: beforeFlag)
      require(!z.isNaN, "\(css) at \(x), beforeFlag \(beforeFlag) gives NaN")
    }
  }
}
