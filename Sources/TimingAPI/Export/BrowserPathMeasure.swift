/// A path as Chromium moves an element along it for CSS `offset-path` (Skia's contour measure;
/// docs/lottie-export.md "Spatial paths"): each cubic halved, at most 8 times (256 chords),
/// until its inner control points lie within half a unit (`max(|dx|, |dy|)`) of the chord's
/// thirds, the chords' lengths summed, and a distance found on its chord with the curve's
/// parameter interpolated linearly there, the point then on the cubic itself; in `Float`, as
/// Skia computes. Within 3e-4 px of what Chromium 156's getCTM shows on four test curves and a
/// path of 40 cubics (`BrowserPathMeasureTests`, at 1 and 64 path units a pixel; 1 to 1 024 in
/// the run that found the limit of 8 halvings — without it, 2.4e-2 px off on a 1 330 px curve
/// at 64), where the chords alone leave the exact arc length by up to 0.4 px at one unit a
/// pixel: the export writes its paths 64 times larger (`LottieSVGExport.offsetScale`) and
/// measures what the browser then shows.
struct BrowserPathMeasure: Sendable {
  typealias Point = SIMD2<Float>

  /// A piece of the path after the one before it (the first after `start`).
  enum Piece: Sendable, Equatable {
    case line(to: Point)
    case cubic(Point, Point, to: Point)
  }

  /// A chord: the distance at its end and its piece's parameter there (8 bytes: a cubic keeps
  /// up to 256 of them; its piece is found from `ends`).
  private struct Chord: Sendable {
    let distance: Float
    let t: Float
  }

  /// A cubic's four points, halved without allocating.
  private struct Cubic {
    var p0, p1, p2, p3: Point
  }

  let start: Point
  let pieces: [Piece]
  /// Per piece: its start point (the end of the one before).
  private let starts: [Point]
  private let chords: [Chord]
  /// Per piece: the distance along the path at its end.
  let ends: [Float]
  /// The path's length as the browser measures it.
  let length: Float

  /// Skia's t values are fixed point in 0…2³⁰ − 1.
  private static let maxT: Int = 0x3FFF_FFFF
  /// Halvings of a cubic at most: Chromium 156 matches an emulation that stops at 8 within
  /// 3e-4 px on a 1 330 px curve written 16 to 1 024 times larger, and none that stops at 7,
  /// 9 or never (1e-1, 2e-2, 2e-2 px).
  static let maxHalvings = 8
  /// How far (units) an inner control point may lie from the chord's third: Skia's
  /// CHEAP_DIST_LIMIT at a resolution scale of 1, as Blink measures a motion path.
  private static let tolerance: Float = 0.5

  init(start: Point, pieces: [Piece]) {
    self.start = start
    self.pieces = pieces
    var chords: [Chord] = []
    var starts: [Point] = []
    var ends: [Float] = []
    var distance: Float = 0
    var from = start
    for piece in pieces {
      starts.append(from)
      switch piece {
      case .line(let to):
        distance = Self.addChord(from, to, t: Self.maxT, distance, &chords)
        from = to
      case .cubic(let c1, let c2, let to):
        distance = Self.addCubic(
          Cubic(p0: from, p1: c1, p2: c2, p3: to), 0, Self.maxT, depth: 0, distance, &chords)
        from = to
      }
      ends.append(distance)
    }
    self.starts = starts
    self.chords = chords
    self.ends = ends
    length = distance
  }

  /// A chord's length added where it makes the sum larger (a chord too short to change a
  /// float sum is left out, as Skia leaves it).
  private static func addChord(
    _ a: Point, _ b: Point, t: Int, _ distance: Float, _ chords: inout [Chord]
  ) -> Float {
    let d = a - b
    let sum = distance + (d.x * d.x + d.y * d.y).squareRoot()
    if sum > distance { chords.append(Chord(distance: sum, t: tValue(t))) }
    return sum
  }

  /// The cubic `p` between parameters `lo` and `hi` (fixed point), halved while too curvy (at
  /// most `maxHalvings` deep).
  private static func addCubic(
    _ p: Cubic, _ lo: Int, _ hi: Int, depth: Int, _ distance: Float, _ chords: inout [Chord]
  ) -> Float {
    guard depth < maxHalvings, tooCurvy(p) else {
      return addChord(p.p0, p.p3, t: hi, distance, &chords)
    }
    let half = (lo + hi) >> 1
    let (left, right) = halves(p)
    let d = addCubic(left, lo, half, depth: depth + 1, distance, &chords)
    return addCubic(right, half, hi, depth: depth + 1, d, &chords)
  }

  private static func tValue(_ t: Int) -> Float { Float(t) * (1 / Float(maxT)) }

  /// Whether an inner control point is farther than the tolerance from the chord's third.
  private static func tooCurvy(_ p: Cubic) -> Bool {
    func exceeds(_ q: Point, _ t: Float) -> Bool {
      let on = p.p0 + (p.p3 - p.p0) * t
      return max(abs(on.x - q.x), abs(on.y - q.y)) > tolerance
    }
    return exceeds(p.p1, 1 / 3) || exceeds(p.p2, 2 / 3)
  }

  /// de Casteljau at one half.
  private static func halves(_ p: Cubic) -> (Cubic, Cubic) {
    func mid(_ a: Point, _ b: Point) -> Point { a + (b - a) * 0.5 }
    let (ab, bc, cd) = (mid(p.p0, p.p1), mid(p.p1, p.p2), mid(p.p2, p.p3))
    let (abc, bcd) = (mid(ab, bc), mid(bc, cd))
    let m = mid(abc, bcd)
    return (Cubic(p0: p.p0, p1: ab, p2: abc, p3: m), Cubic(p0: m, p1: bcd, p2: cd, p3: p.p3))
  }

  /// The point at `distance` along the path (clamped to 0…length, as a browser clamps an open
  /// path's offset-distance).
  func point(atDistance distance: Float) -> Point { placed(atDistance: distance).point }

  /// The point at `distance` and the direction of travel there (not normalized), as
  /// `offset-rotate: auto` turns to it: a line's own direction, a cubic's derivative at the
  /// parameter found — or, at an end whose control point is on it, the chord to the next
  /// control point (else to the other end), as Skia's cubic evaluation gives it.
  func placed(atDistance distance: Float) -> (point: Point, tangent: Point) {
    guard !chords.isEmpty else { return (start, .zero) }
    let d = min(max(distance, 0), length)
    let lo = Self.firstIndex(chords.count) { chords[$0].distance >= d }
    let chord = chords[lo]
    // Its piece: the first whose end is at or past it (chords lie strictly after the piece
    // before ends).
    let piece = Self.firstIndex(ends.count) { ends[$0] >= chord.distance }
    let pieceStart: Float = piece > 0 ? ends[piece - 1] : 0
    var (startT, startD): (Float, Float) = (0, 0)
    if lo > 0 {
      startD = chords[lo - 1].distance
      if startD > pieceStart { startT = chords[lo - 1].t }
    }
    let t = startT + (chord.t - startT) * (d - startD) / (chord.distance - startD)
    let from = starts[piece]
    switch pieces[piece] {
    case .line(let to):
      return (from + (to - from) * t, to - from)
    case .cubic(let c1, let c2, let to):
      // Skia's polynomial form: ((A·t + B)·t + C)·t + D, its derivative over 3
      // (A·t + 2B/3)·t + C/3.
      let a = to + (c1 - c2) * 3 - from
      let b = (c2 - c1 * 2 + from) * 3
      let c = (c1 - from) * 3
      let point = ((a * t + b) * t + c) * t + from
      var tangent: Point
      if (t == 0 && from == c1) || (t == 1 && c2 == to) {
        tangent = t == 0 ? c2 - from : to - c1
        if tangent == .zero { tangent = to - from }
      } else {
        tangent = (a * t + (c2 - c1 * 2 + from) * 2) * t + (c1 - from)
      }
      return (point, tangent)
    }
  }

  /// The first index in 0..<count where `reached` holds (it holds from there on), else the last.
  private static func firstIndex(_ count: Int, _ reached: (Int) -> Bool) -> Int {
    var (lo, hi) = (0, count - 1)
    while lo < hi {
      let mid = (lo + hi) / 2
      if reached(mid) { hi = mid } else { lo = mid + 1 }
    }
    return lo
  }
}
