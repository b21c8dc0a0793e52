#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A 2D affine transform as CSS and SVG write it, `matrix(a, b, c, d, tx, ty)`: a point (x, y)
/// goes to (a·x + c·y + tx, b·x + d·y + ty), y pointing down (docs/lottie.md "Transforms").
struct LottieAffine: Sendable, Equatable {
  var a, b, c, d, tx, ty: Double

  static let identity = LottieAffine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// self · other: `other` applied first, then self.
  func concatenating(_ other: LottieAffine) -> LottieAffine {
    LottieAffine(
      a: a * other.a + c * other.b, b: b * other.a + d * other.b,
      c: a * other.c + c * other.d, d: b * other.c + d * other.d,
      tx: a * other.tx + c * other.ty + tx, ty: b * other.tx + d * other.ty + ty)
  }

  static func translation(_ x: Double, _ y: Double) -> LottieAffine {
    LottieAffine(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  static func scale(_ x: Double, _ y: Double) -> LottieAffine {
    LottieAffine(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
  }

  /// CSS `rotate(θ)`: a positive angle turns clockwise on the screen (y down). Exact at the
  /// quarter turns, where cos and sin of a multiple of π/2 in radians are not.
  static func rotation(degrees: Double) -> LottieAffine {
    let (cosine, sine) = cosineAndSine(degrees: degrees)
    return LottieAffine(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  /// CSS `skewX(φ)`: x' = x + tan φ · y.
  static func skewX(degrees: Double) -> LottieAffine {
    LottieAffine(a: 1, b: 0, c: tan(degrees * .pi / 180), d: 1, tx: 0, ty: 0)
  }

  /// Lottie's skew: `sk` degrees along an axis `sa` degrees from x — rotate(−sa) · skewX(−sk) ·
  /// rotate(sa) (docs/lottie.md "Transforms").
  static func skew(degrees sk: Double, axis sa: Double) -> LottieAffine {
    rotation(degrees: -sa).concatenating(.skewX(degrees: -sk)).concatenating(.rotation(degrees: sa))
  }

  /// cos and sin of an angle in degrees, exact (0, ±1) at whole multiples of 90°.
  static func cosineAndSine(degrees: Double) -> (Double, Double) {
    let turns = degrees / 90
    if turns == turns.rounded(), abs(turns) < 1e15 {
      switch Int(turns) & 3 {
      case 0: return (1, 0)
      case 1: return (0, 1)
      case 2: return (-1, 0)
      default: return (0, -1)
      }
    }
    let radians = degrees * .pi / 180
    return (cos(radians), sin(radians))
  }

  /// As Core Animation's 16 numbers (CATransform3D, row-vector order: m11 m12 m13 m14 …
  /// m41 m42 m43 m44), the form the service's timelines give transforms in.
  var transform3D: [Double] {
    [a, b, 0, 0, c, d, 0, 0, 0, 0, 1, 0, tx, ty, 0, 1]
  }
}
