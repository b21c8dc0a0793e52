/// rlottie's walk along a spatial segment as it computes (`Value<T, Position>::at`, `VBezier`,
/// read at 34465a9): in float, the cubic through the keyframe's value, value + `to`, the next
/// value + `ti` and the next value; its length the sum of its control polygon's sides measured by
/// alpha-max-plus-beta-min (max + 3/8 min, up to 7 % long), halved until that sum is within 0.01
/// of the chord; the parameter at a length found by halving steps until the left part's length
/// is within 0.01 of it. Subdivision stops at `maxDepth` levels (rlottie's has no bound: a
/// 1e9 px curve would take 2^18 pieces a length) and the search at `maxSteps` (rlottie's at
/// 100 500; its search is no bisection — a step past the length halves t towards 0 — and took
/// up to 140 steps on straight lines up to 2 000 px): beyond both it has converged for any curve
/// a file draws at a few thousand pixels.
///
/// ThorVG walks the same path alike (`LottieVectorFrame::interpolate`, `Bezier::atApprox`, read
/// at v1.0.4) but searches by bisection, stopping within 0.01 of the length or at an interval
/// of 1e-3 (`search: .thorvg`).
struct LottieRlottiePath: Sendable {
  var x1, y1, x2, y2, x3, y3, x4, y4: Float

  /// Whose search for the parameter at a length.
  enum Search: Sendable {
    case rlottie, thorvg
  }

  static let maxDepth = 7
  static let maxSteps = 400

  /// About how many pieces a walk measures (`LottieLint.cost`): its steps (one for each halving
  /// of the length to its 0.01, and 4) times the pieces each left part is cut into (a halving
  /// for each factor 4 its control polygon is longer than its chord by 0.01).
  var estimatedPieces: Int {
    let sides =
      Self.side(x1, y1, x2, y2) + Self.side(x2, y2, x3, y3) + Self.side(x3, y3, x4, y4)
    let chord = Self.side(x1, y1, x4, y4)
    // Halvings of x down to 1: its exponent (within one).
    func halvings(_ x: Float) -> Int { x.isFinite && x > 1 ? Int(x.exponent) + 1 : 0 }
    let depth = min(Self.maxDepth, (halvings(max(sides - chord, 0) / 0.01) + 1) / 2)
    // Past 2^24 hundredths a float cannot come within 0.01 of a length: rlottie's search then
    // runs every step (89 ns a unit where paths of 4e7 px were charged as 36 steps).
    let hundredths = max(sides, 0) / 0.01
    let steps =
      hundredths >= 0x1p24 ? Self.maxSteps : min(Self.maxSteps, 4 + halvings(hundredths))
    return steps * (1 << depth) + (1 << depth)
  }

  init(start: [Double], out: [Double], in back: [Double], end: [Double]) {
    (x1, y1) = (Float(start[0]), Float(start[1]))
    (x2, y2) = (Float(start[0]) + Float(out[0]), Float(start[1]) + Float(out[1]))
    (x3, y3) = (Float(end[0]) + Float(back[0]), Float(end[1]) + Float(back[1]))
    (x4, y4) = (Float(end[0]), Float(end[1]))
  }

  static func side(_ ax: Float, _ ay: Float, _ bx: Float, _ by: Float) -> Float {
    let (x, y) = (abs(bx - ax), abs(by - ay))
    return x > y ? x + 0.375 * y : y + 0.375 * x
  }

  func length(depth: Int = 0) -> Float {
    let sides =
      Self.side(x1, y1, x2, y2) + Self.side(x2, y2, x3, y3) + Self.side(x3, y3, x4, y4)
    let chord = Self.side(x1, y1, x4, y4)
    guard sides - chord > 0.01, depth < Self.maxDepth else { return sides }
    let (left, right) = halves()
    return left.length(depth: depth + 1) + right.length(depth: depth + 1)
  }

  func halves() -> (LottieRlottiePath, LottieRlottiePath) {
    var first = self
    var second = self
    var c = (x2 + x3) * 0.5
    first.x2 = (x1 + x2) * 0.5
    second.x3 = (x3 + x4) * 0.5
    first.x3 = (first.x2 + c) * 0.5
    second.x2 = (second.x3 + c) * 0.5
    first.x4 = (first.x3 + second.x2) * 0.5
    second.x1 = first.x4
    c = (y2 + y3) / 2
    first.y2 = (y1 + y2) * 0.5
    second.y3 = (y3 + y4) * 0.5
    first.y3 = (first.y2 + c) * 0.5
    second.y2 = (second.y3 + c) * 0.5
    first.y4 = (first.y3 + second.y2) * 0.5
    second.y1 = first.y4
    return (first, second)
  }

  /// The part from 0 to `t` (`parameterSplitLeft`).
  func left(_ t: Float) -> LottieRlottiePath {
    var left = self
    var right = self
    left.x2 = x1 + t * (x2 - x1)
    left.y2 = y1 + t * (y2 - y1)
    left.x3 = x2 + t * (x3 - x2)
    left.y3 = y2 + t * (y3 - y2)
    right.x3 = x3 + t * (x4 - x3)
    right.y3 = y3 + t * (y4 - y3)
    right.x2 = left.x3 + t * (right.x3 - left.x3)
    right.y2 = left.y3 + t * (right.y3 - left.y3)
    left.x3 = left.x2 + t * (left.x3 - left.x2)
    left.y3 = left.y2 + t * (left.y3 - left.y2)
    left.x4 = left.x3 + t * (right.x2 - left.x3)
    left.y4 = left.y3 + t * (right.y2 - left.y3)
    return left
  }

  /// The parameter at length `l` of `total` (`tAtLength`; ThorVG's `_bezAt`).
  func parameter(atLength l: Float, total: Float, search: Search = .rlottie) -> Float {
    if search == .thorvg {
      if l <= 0 { return 0 }
      if l >= total { return 1 }
      var (smallest, biggest, t): (Float, Float, Float) = (0, 1, 0.5)
      for _ in 0..<Self.maxSteps {
        let length = left(t).length()
        if abs(length - l) < 0.01 || abs(smallest - biggest) < 1e-3 { break }
        if length < l {
          smallest = t
          t = (t + biggest) * 0.5
        } else {
          biggest = t
          t = (smallest + t) * 0.5
        }
      }
      return t
    }
    var t: Float = 1
    if l > total || abs(l - total) < 1e-6 * max(1, abs(total)) { return t }
    // A length below −0.01 is never reached: rlottie's search halves t to 0 and stays.
    if l < -0.01 { return 0 }
    t *= 0.5
    var lastBigger: Float = 1
    for _ in 0..<Self.maxSteps {
      let length = left(t).length()
      if abs(length - l) < 0.01 { return t }
      if length < l {
        t += (lastBigger - t) * 0.5
      } else {
        lastBigger = t
        t -= t * 0.5
      }
    }
    return t
  }

  func point(at t: Float) -> [Double] {
    let m = 1 - t
    func coordinate(_ p1: Float, _ p2: Float, _ p3: Float, _ p4: Float) -> Double {
      var a = p1 * m + p2 * t
      var b = p2 * m + p3 * t
      let c = p3 * m + p4 * t
      a = a * m + b * t
      b = b * m + c * t
      return Double(a * m + b * t)
    }
    return [coordinate(x1, x2, x3, x4), coordinate(y1, y2, y3, y4)]
  }

  func derivative(at t: Float) -> [Double] {
    let m = 1 - t
    let d = t * t
    let a = -m * m
    let b = 1 - 4 * t + 3 * d
    let c = 2 * t - 3 * d
    return [
      Double(3 * (a * x1 + b * x2 + c * x3 + d * x4)),
      Double(3 * (a * y1 + b * y2 + c * y3 + d * y4)),
    ]
  }
}
