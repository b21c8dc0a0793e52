import TimingEngine

/// A Lottie property as `@keyframes` over the document's ip…op (docs/lottie-export.md
/// "Exact and baked"): exactly where Lottie's model is CSS's — each segment's `o`/`i` a
/// keyframe's `cubic-bezier`, a hold `steps(1, end)`, a layer's frames a linear map of the
/// root's (`st`, `sr`), a segment the window cuts a sub-curve of its own Bézier — else baked:
/// sampled and reduced to the fewest straight keyframes within a bound.
extension CSSKeyframes {
  /// A linear map from root frames F to a layer's own frames: f = scale · F + offset.
  struct FrameMap: Sendable {
    var scale: Double
    var offset: Double

    func frame(_ root: Double) -> Double { scale * root + offset }
    func root(_ frame: Double) -> Double { (frame - offset) / scale }
  }

  /// `track`'s dimensions `dimensions` (`defaults` where a value has fewer), each value through
  /// `value`, as keyframes over root
  /// frames `window` (the document's ip…op); nil where CSS cannot say it exactly: a spatial
  /// segment (its curve), a jump between a segment's end and the next one's start, dimensions
  /// eased differently (export them apart), a cut sub-curve whose ends have one value but not
  /// the middle.
  static func exact(
    _ track: LottieTrack, dimensions: [Int], defaults: [Double], map: FrameMap,
    window: ClosedRange<Double>, value: (Double) -> Double = { $0 }
  ) -> CSSKeyframes? {
    func pick(_ v: [Double]) -> [Double] {
      dimensions.map { value(Self.component(v, $0, defaults)) }
    }
    if let still = track.still {
      return CSSKeyframes(keyframes: [
        Keyframe(offset: 0, values: pick(still), easing: .linear),
        Keyframe(offset: 1, values: pick(still), easing: .linear),
      ])
    }
    let segments = track.segments
    return keyframes(
      track, map: map, window: window, along: false,
      first: pick(segments.first?.start ?? track.lastValue), last: pick(track.lastValue),
      easing: { segment in
        // One easing for every dimension exported.
        let easings = dimensions.map { segment.easings[min($0, segment.easings.count - 1)] }
        // (`? easings[0] : nil` would make the nil `.some(nil)`: straight.)
        guard easings.allSatisfy({ $0 == easings[0] }) else { return .none }
        return .some(easings[0])
      },
      at: { k, p in
        let segment = segments[k]
        let start = pick(segment.start)
        guard !segment.hold else { return start }
        let finish = pick(segment.end)
        return start.indices.map { start[$0] + (finish[$0] - start[$0]) * p }
      },
      joins: { k, next in segments[k].hold || segments[k].end == next })
  }

  /// The keyframes of a track's segments over root frames `window`, each segment's value at a
  /// progress p given by `at(k, p)` (linear in p: a keyframe pair interpolates it), `first`
  /// before the first keyframe and `last` from the last on; nil where CSS cannot play it
  /// exactly: a segment that does not `join` the next keyframe's value, dimensions eased
  /// differently (`easing` gives `.some(nil)` for a straight segment, nil for no one easing),
  /// a cut sub-curve whose ends have one value but not the middle, and — unless `along` a path
  /// (`offsetDistance`) — a spatial segment; along a path, an easing whose progress leaves
  /// 0…1 (Lottie stops at the curve's ends; a distance beyond would run onto the next piece).
  static func keyframes(
    _ track: LottieTrack, map: FrameMap, window: ClosedRange<Double>, along: Bool,
    first: [Double], last: [Double], easing: (LottieTrack.Segment) -> CubicBezier??,
    at: (_ segment: Int, _ progress: Double) -> [Double],
    joins: (_ segment: Int, _ next: [Double]) -> Bool
  ) -> CSSKeyframes? {
    precondition(map.scale > 0, "a time map that runs backwards is baked")
    let span = window.upperBound - window.lowerBound
    func offset(_ frame: Double) -> Double { (map.root(frame) - window.lowerBound) / span }
    let segments = track.segments
    var keyframes: [Keyframe] = []
    // Before the first keyframe: its value.
    let firstOffset = offset(segments.first?.time ?? track.lastTime)
    if firstOffset > 0 {
      keyframes.append(Keyframe(offset: 0, values: first, easing: .linear))
    }
    for (k, segment) in segments.enumerated() {
      let end = k + 1 < segments.count ? segments[k + 1].time : track.lastTime
      let (a, b) = (offset(segment.time), offset(end))
      let next = k + 1 < segments.count ? segments[k + 1].start : track.lastValue
      guard b > a else {
        // A keyframe at the same time as the next: never shown, but where it holds another
        // value than the next one the value jumps there, which keyframes would interpolate
        // across the segment before (0, 10, 10, 20 with values v0 v1 v2 v3 played v0 → v2 over
        // frames 0…10): baked, unless the jump is outside the window.
        guard segment.start == next || a <= 0 || a >= 1 else { return nil }
        continue
      }
      guard joins(k, next) else { return nil }  // a jump at `end`
      guard b > 0, a < 1 else { continue }
      guard along || segment.spatial == nil || segment.hold else { return nil }
      let (lo, hi) = (max(a, 0), min(b, 1))
      if segment.hold {
        let start = at(k, 0)
        keyframes.append(Keyframe(offset: lo, values: start, easing: .holdToEnd))
        if hi < b || b == 1 {
          keyframes.append(Keyframe(offset: hi, values: start, easing: .linear))
        }
        continue
      }
      guard let eased = easing(segment) else { return nil }
      guard let bezier = eased else {
        // Straight: cut where the window cuts it.
        let (p0, p1) = ((lo - a) / (b - a), (hi - a) / (b - a))
        keyframes.append(Keyframe(offset: lo, values: at(k, p0), easing: .linear))
        if hi < b || b == 1 {
          keyframes.append(Keyframe(offset: hi, values: at(k, p1), easing: .linear))
        }
        continue
      }
      // CSS takes no x outside 0…1 (Chromium drops the declaration and eases the segment
      // with `ease`); such a curve is baked.
      guard Self.takesX(bezier.x1, bezier.x2),
        !along || (0...1).contains(bezier.y1) && (0...1).contains(bezier.y2),
        let cut = Self.cut(bezier, from: (lo - a) / (b - a), to: (hi - a) / (b - a))
      else {
        return nil
      }
      keyframes.append(Keyframe(offset: lo, values: at(k, cut.y0), easing: cut.easing))
      if hi < b || b == 1 {
        keyframes.append(Keyframe(offset: hi, values: at(k, cut.y1), easing: .linear))
      }
    }
    // From the last keyframe on: its value.
    let lastOffset = offset(track.lastTime)
    if lastOffset <= 1 {
      keyframes.append(Keyframe(offset: max(lastOffset, 0), values: last, easing: .linear))
      if lastOffset < 0 || keyframes.last?.offset != 1 {
        keyframes.append(Keyframe(offset: 1, values: last, easing: .linear))
      }
    }
    // Keyframes before the window collapse to its start: the last of them there stands.
    var kept: [Keyframe] = []
    for keyframe in keyframes {
      if let last = kept.last, last.offset == keyframe.offset { kept.removeLast() }
      kept.append(keyframe)
    }
    // Every keyframe after the window: the first value throughout.
    if let last = kept.last, last.offset < 1 {
      kept.append(Keyframe(offset: 1, values: last.values, easing: .linear))
    }
    guard kept.first?.offset == 0 else { return nil }
    return CSSKeyframes(keyframes: kept)
  }

  /// The part of an easing curve between progress x0 and x1 of its segment, as a timing
  /// function of its own (de Casteljau: a cubic's piece is a cubic) with the progress y0 and
  /// y1 it runs between; nil where y0 = y1 but the piece moves between them (an overshoot
  /// cut at equal heights), which no keyframe pair says.
  static func cut(_ curve: CubicBezier, from x0: Double, to x1: Double)
    -> (easing: Easing, y0: Double, y1: Double)?
  {
    if x0 <= 0 && x1 >= 1 {
      return (.cubic(curve.x1, curve.y1, curve.x2, curve.y2), 0, 1)
    }
    let u0 = x0 <= 0 ? 0 : curve.solveParameter(forX: x0)
    let u1 = x1 >= 1 ? 1 : curve.solveParameter(forX: x1)
    let px = [0, curve.x1, curve.x2, 1]
    let py = [0, curve.y1, curve.y2, 1]
    let xs = Self.piece(px, u0, u1)
    let ys = Self.piece(py, u0, u1)
    let (dx, dy) = (xs[3] - xs[0], ys[3] - ys[0])
    guard dx > 0 else { return nil }
    // A piece's handles normalised can leave 0…1 in x where the whole curve's do not (a curve
    // with x1 0.9 cut near its start): such a piece is no CSS timing function. Off by rounding
    // only, it is put back.
    var x1 = (xs[1] - xs[0]) / dx
    var x2 = (xs[2] - xs[0]) / dx
    guard takesX(x1, x2, slack: 1e-9) else { return nil }
    (x1, x2) = (min(max(x1, 0), 1), min(max(x2, 0), 1))
    guard abs(dy) > 1e-12 else {
      // Flat at both ends: a keyframe pair holds one value, right only if the piece does.
      return ys.allSatisfy({ abs($0 - ys[0]) <= 1e-12 }) ? (.linear, ys[0], ys[3]) : nil
    }
    return (.cubic(x1, (ys[1] - ys[0]) / dy, x2, (ys[2] - ys[0]) / dy), ys[0], ys[3])
  }

  /// Dimension `d` of a value, or the property's default where the value has fewer (a scalar
  /// scale 50 is 50 %, 100 %, as the timeline reads it).
  static func component(_ v: [Double], _ d: Int, _ defaults: [Double]) -> Double {
    d < v.count ? v[d] : d < defaults.count ? defaults[d] : 0
  }

  /// Whether CSS takes a `cubic-bezier` with these x (CSS Easing 1: each in 0…1).
  static func takesX(_ x1: Double, _ x2: Double, slack: Double = 0) -> Bool {
    (-slack...(1 + slack)).contains(x1) && (-slack...(1 + slack)).contains(x2)
  }

  /// The control points of a cubic Bézier's piece between parameters u0 and u1.
  static func piece(_ p: [Double], _ u0: Double, _ u1: Double) -> [Double] {
    // Split at u1, keep the first part; split that at u0 / u1, keep the second.
    func split(_ q: [Double], _ t: Double) -> (left: [Double], right: [Double]) {
      let a = q[0] + (q[1] - q[0]) * t
      let b = q[1] + (q[2] - q[1]) * t
      let c = q[2] + (q[3] - q[2]) * t
      let d = a + (b - a) * t
      let e = b + (c - b) * t
      let f = d + (e - d) * t
      return ([q[0], a, d, f], [f, e, c, q[3]])
    }
    let first = u1 >= 1 ? p : split(p, u1).left
    guard u0 > 0, u1 > 0 else { return first }
    return split(first, u0 / u1).right
  }

  /// `value` at root frames over `window` as few straight keyframes as stay within
  /// `tolerance` (per number) of it at every sample `step` frames apart: each keyframe is a
  /// sample, each run as long as a doubling and halving search finds every sample it passes
  /// within the bound.
  static func baked(
    window: ClosedRange<Double>, step: Double, tolerance: [Double],
    value: (_ sample: Int, _ frame: Double) -> [Double]
  ) -> CSSKeyframes {
    let span = window.upperBound - window.lowerBound
    let frames = samples(window: window, step: step)
    let count = frames.count - 1
    let values = frames.enumerated().map { value($0.offset, $0.element) }
    var keyframes = [
      Keyframe(offset: 0, values: values[0], easing: .linear)
    ]
    var from = 0
    while from < count {
      // The farthest sample a straight run from `from` reaches within the bound: doubled
      // while straight, then halved between the last straight and the first not (a scan
      // sample by sample checked every run again: quadratic in a long still stretch).
      var good = from + 1
      var bad = count + 1
      var length = 2
      while from + length <= count {
        guard Self.straight(values, from, from + length, frames, tolerance) else {
          bad = from + length
          break
        }
        good = from + length
        length *= 2
      }
      if bad == count + 1 && good < count {
        if Self.straight(values, from, count, frames, tolerance) {
          good = count
        } else {
          bad = count
        }
      }
      while bad - good > 1 {
        let mid = (good + bad) / 2
        if Self.straight(values, from, mid, frames, tolerance) { good = mid } else { bad = mid }
      }
      keyframes.append(
        Keyframe(
          offset: (frames[good] - window.lowerBound) / span, values: values[good],
          easing: .linear))
      from = good
    }
    return CSSKeyframes(keyframes: keyframes)
  }

  /// The root frames a bake samples: `step` apart from the window's start, its end the last.
  static func samples(window: ClosedRange<Double>, step: Double) -> [Double] {
    let count = max(Int(((window.upperBound - window.lowerBound) / step).rounded(.up)), 1)
    return (0...count).map { min(window.lowerBound + Double($0) * step, window.upperBound) }
  }

  /// Whether the straight line from sample i to sample j passes within `tolerance` of every
  /// sample between.
  private static func straight(
    _ values: [[Double]], _ i: Int, _ j: Int, _ frames: [Double], _ tolerance: [Double]
  ) -> Bool {
    let (fi, fj) = (frames[i], frames[j])
    for k in (i + 1)..<j {
      let u = (frames[k] - fi) / (fj - fi)
      for d in values[k].indices {
        let line = values[i][d] + (values[j][d] - values[i][d]) * u
        if abs(line - values[k][d]) > tolerance[min(d, tolerance.count - 1)] { return false }
      }
    }
    return true
  }
}
