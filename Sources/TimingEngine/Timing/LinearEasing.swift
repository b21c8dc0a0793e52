/// CSS `linear(…)`: a piecewise-linear curve through control points (CSS Easing Level 2,
/// "linear easing functions").
public struct LinearEasing: Sendable, Hashable {
  /// One stop as written: an output and zero, one or two input positions in percent (`25%` is
  /// 25). Percent is kept as written so that serialising gives back the same text.
  public struct Stop: Sendable, Hashable {
    public var output: Double
    public var inputPercents: [Double]
    public init(output: Double, inputPercents: [Double] = []) {
      self.output = output
      self.inputPercents = inputPercents
    }
  }

  public struct Point: Sendable, Hashable {
    public let inputPercent: Double
    public let output: Double
    /// The input as a fraction of the duration.
    public var input: Double { inputPercent / 100 }
  }

  /// The canonical control points: every input filled in and non-decreasing.
  public let points: [Point]

  /// Canonicalises the stops with CSS's exact rules. Needs at least two stops.
  public init(stops: [Stop]) {
    precondition(stops.count >= 2, "validated by the parser")
    // A stop with two inputs is two points with the same output.
    var outputs: [Double] = []
    var inputs: [Double?] = []
    for stop in stops {
      if stop.inputPercents.isEmpty {
        outputs.append(stop.output)
        inputs.append(nil)
      }
      for input in stop.inputPercents {
        outputs.append(stop.output)
        inputs.append(input)
      }
    }
    // 1. Missing input on the first point is 0, on the last 1.
    if inputs[0] == nil { inputs[0] = 0 }
    if inputs[inputs.count - 1] == nil { inputs[inputs.count - 1] = 100 }
    // 2. An input smaller than a preceding one becomes the largest preceding one.
    var largest = -Double.infinity
    for i in inputs.indices {
      guard let input = inputs[i] else { continue }
      if input < largest { inputs[i] = largest } else { largest = input }
    }
    // 3. Runs of points without input are spaced evenly between their neighbours.
    var i = 0
    while i < inputs.count {
      guard inputs[i] == nil else {
        i += 1
        continue
      }
      let runStart = i
      while inputs[i] == nil { i += 1 }
      let before = inputs[runStart - 1]!
      let after = inputs[i]!
      let gaps = Double(i - runStart + 1)
      for j in runStart..<i {
        inputs[j] = before + (after - before) * Double(j - runStart + 1) / gaps
      }
    }
    points = zip(inputs, outputs).map { Point(inputPercent: $0!, output: $1) }
  }

  /// CSS's "calculate linear easing output progress": the segment of the last point at or
  /// before x (the first segment before the first point, the last one after the last point),
  /// extended linearly.
  public func evaluate(_ x: Double) -> Double {
    var a = lastPointIndex(atOrBefore: x) ?? 0
    if a == points.count - 1 { a -= 1 }
    let pointA = points[a]
    let pointB = points[a + 1]
    if pointA.input == pointB.input { return pointB.output }
    let fraction = (x - pointA.input) / (pointB.input - pointA.input)
    let output = pointA.output + fraction * (pointB.output - pointA.output)
    // Only an end segment extended past its points can get here: one whose inputs differ by so
    // little (1e-320% and 0%) that the extension overflows, or is NaN (∞ × 0) on a flat one.
    // It is vertical as far as doubles can tell, so it gets CSS's answer for equal inputs.
    return output.isFinite ? output : pointB.output
  }

  /// The slope of the segment `evaluate` would use.
  public func slope(_ x: Double) -> Double {
    var a = lastPointIndex(atOrBefore: x) ?? 0
    if a == points.count - 1 { a -= 1 }
    let pointA = points[a]
    let pointB = points[a + 1]
    if pointA.input == pointB.input { return 0 }
    return (pointB.output - pointA.output) / (pointB.input - pointA.input)
  }

  /// Binary search: inputs are non-decreasing.
  private func lastPointIndex(atOrBefore x: Double) -> Int? {
    var lo = 0
    var hi = points.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if points[mid].input <= x { lo = mid + 1 } else { hi = mid }
    }
    return lo == 0 ? nil : lo - 1
  }
}
