import TimingEngine

/// An easing given as a path of cubic Bézier segments from (0, 0) to (1, 1), progress y as a
/// function of time x (Material 3's "emphasized": `M 0,0 C 0.05,0 0.133333,0.06 0.166666,0.4
/// C 0.208333,0.82 0.25,1 1,1`, which one `cubic-bezier()` cannot state): at x, the segment whose
/// x-range holds it, at the parameter where its x is x — found to the last bit by Newton's
/// method kept inside a bisection bracket, which the path's rule (x never goes back within a
/// segment) makes exact — gives y.
struct EasingPath: Sendable {
  let segments: [KeyframePath.Segment]
  /// The path data as given.
  let svg: String

  enum Failure: Error, Sendable {
    case invalid(String)
  }

  init(svg text: String) throws(Failure) {
    svg = text
    let path: KeyframePath
    do throws(KeyframePath.ParseError) {
      path = try KeyframePath(svg: text)
    } catch {
      throw .invalid(error.message)
    }
    segments = path.segments
    guard let first = segments.first, let last = segments.last else {
      throw .invalid("an easing path needs at least one segment")
    }
    guard first.p0 == SIMD2(0, 0), last.p3 == SIMD2(1, 1) else {
      throw .invalid("an easing path runs from 0,0 to 1,1")
    }
    for (i, segment) in segments.enumerated() {
      guard Self.isMonotoneInX(segment) else {
        throw .invalid("segment \(i + 1) goes back in x: an easing's time never runs backwards")
      }
      if i > 0, segments[i - 1].p3 != segment.p0 {
        throw .invalid("segment \(i + 1) does not start where segment \(i) ends")
      }
    }
  }

  /// Whether x(s) never decreases on [0, 1]: its derivative, a quadratic in s, is ≥ 0 at both
  /// ends and at its turning point.
  static func isMonotoneInX(_ segment: KeyframePath.Segment) -> Bool {
    let (a, b, c) = (
      segment.c1.x - segment.p0.x, segment.c2.x - segment.c1.x, segment.p3.x - segment.c2.x
    )
    // x′(s)/3 = a(1−s)² + 2b(1−s)s + c s².
    func slope(_ s: Double) -> Double { a * (1 - s) * (1 - s) + 2 * b * (1 - s) * s + c * s * s }
    let curvature = a - 2 * b + c
    var points = [0.0, 1.0]
    if curvature != 0 {
      let turn = (a - b) / curvature
      if turn > 0 && turn < 1 { points.append(turn) }
    }
    return points.allSatisfy { slope($0) >= -1e-12 }
  }

  /// y at x in [0, 1] (clamped outside it): the segment found by binary search on the ends'
  /// x, then its parameter by Newton's method kept inside a shrinking bracket by bisection
  /// (x(s) never decreases, so the bracket always holds the answer), to where a step no longer
  /// moves — a few steps, where bisection alone took 64 and a `linear()` fit with its measured
  /// error 4.5 million of them (2.5 s a path in a debug build).
  func progress(_ x: Double) -> Double {
    // At its ends a path is at its ends, whatever a vertical segment there does (`M 0,0 H 1 V 1`
    // is at 0 along its H and at 1 after its V).
    guard x > 0 else { return 0 }
    guard x < 1 else { return 1 }
    var (first, last) = (0, segments.count - 1)
    while first < last {
      let middle = (first + last) / 2
      if x <= segments[middle].p3.x { last = middle } else { first = middle + 1 }
    }
    let segment = segments[first]
    let (x0, x3) = (segment.p0.x, segment.p3.x)
    guard x3 > x0 else { return segment.p3.y }
    var (lo, hi) = (0.0, 1.0)
    var s = (x - x0) / (x3 - x0)
    for _ in 0..<200 {
      let error = segment.point(s).x - x
      if error == 0 { break }
      if error < 0 { lo = s } else { hi = s }
      let slope = segment.tangent(s).x
      var next = slope > 0 ? s - error / slope : 0.5 * (lo + hi)
      if !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
      guard next != s, next > lo, next < hi else { break }
      s = next
    }
    return segment.point(s).y
  }
}
