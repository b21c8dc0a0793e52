#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `CATransform3D`: a 4×4 matrix in Core Animation's order m11, m12, … m44, for row vectors
/// (a point transforms as p·M, translation sits in m41…m43). It is also the argument order of
/// CSS `matrix3d()`.
public struct Transform3D: Sendable, Hashable {
  public var m: SIMD16<Double>

  public init(_ m: SIMD16<Double>) { self.m = m }

  public init(_ values: [Double]) {
    precondition(values.count == 16)
    var m = SIMD16<Double>()
    for i in 0..<16 { m[i] = values[i] }
    self.m = m
  }

  public static let identity = Transform3D(SIMD16(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1))

  @inlinable public subscript(row: Int, column: Int) -> Double {
    get { m[row * 4 + column] }
    set { m[row * 4 + column] = newValue }
  }

  public var values: [Double] { (0..<16).map { m[$0] } }

  /// `CATransform3DConcat(a, b)`: a then b (a·b for row vectors).
  @inlinable public static func * (a: Transform3D, b: Transform3D) -> Transform3D {
    var r = SIMD16<Double>()
    for i in 0..<4 {
      let a0 = a.m[i * 4]
      let a1 = a.m[i * 4 + 1]
      let a2 = a.m[i * 4 + 2]
      let a3 = a.m[i * 4 + 3]
      for j in 0..<4 {
        r[i * 4 + j] = a0 * b.m[j] + a1 * b.m[4 + j] + a2 * b.m[8 + j] + a3 * b.m[12 + j]
      }
    }
    return Transform3D(r)
  }

  public static func translation(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
    var t = identity
    t.m[12] = x
    t.m[13] = y
    t.m[14] = z
    return t
  }

  public static func scale(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
    var t = identity
    t.m[0] = x
    t.m[5] = y
    t.m[10] = z
    return t
  }

  /// `CATransform3DMakeRotation(angle, x, y, z)`: right-handed about the (normalised) axis.
  public static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D
  {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0 else { return identity }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    let c = cos(angle)
    let s = sin(angle)
    let t = 1 - c
    // Row-vector form of the axis–angle matrix (the transpose of the column-vector one).
    return Transform3D(
      SIMD16(
        t * ux * ux + c, t * ux * uy + s * uz, t * ux * uz - s * uy, 0,
        t * ux * uy - s * uz, t * uy * uy + c, t * uy * uz + s * ux, 0,
        t * ux * uz + s * uy, t * uy * uz - s * ux, t * uz * uz + c, 0,
        0, 0, 0, 1))
  }

  public var determinant: Double {
    let a = m
    func det3(_ r0: Int, _ r1: Int, _ r2: Int, _ c0: Int, _ c1: Int, _ c2: Int) -> Double {
      a[r0 * 4 + c0] * (a[r1 * 4 + c1] * a[r2 * 4 + c2] - a[r1 * 4 + c2] * a[r2 * 4 + c1])
        - a[r0 * 4 + c1] * (a[r1 * 4 + c0] * a[r2 * 4 + c2] - a[r1 * 4 + c2] * a[r2 * 4 + c0])
        + a[r0 * 4 + c2] * (a[r1 * 4 + c0] * a[r2 * 4 + c1] - a[r1 * 4 + c1] * a[r2 * 4 + c0])
    }
    return a[0] * det3(1, 2, 3, 1, 2, 3) - a[1] * det3(1, 2, 3, 0, 2, 3) + a[2]
      * det3(1, 2, 3, 0, 1, 3)
      - a[3] * det3(1, 2, 3, 0, 1, 2)
  }

  /// The inverse by cofactors; nil when singular.
  public var inverse: Transform3D? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    var r = SIMD16<Double>()
    for i in 0..<4 {
      for j in 0..<4 {
        // Cofactor of (j, i) for the adjugate.
        var minor = [Double]()
        minor.reserveCapacity(9)
        for row in 0..<4 where row != j {
          for column in 0..<4 where column != i { minor.append(m[row * 4 + column]) }
        }
        let d =
          minor[0] * (minor[4] * minor[8] - minor[5] * minor[7]) - minor[1]
          * (minor[3] * minor[8] - minor[5] * minor[6])
          + minor[2] * (minor[3] * minor[7] - minor[4] * minor[6])
        r[i * 4 + j] = ((i + j) % 2 == 0 ? d : -d) / det
      }
    }
    return Transform3D(r)
  }

  /// `this` raised to a whole power by repeated squaring (for `cumulative` transforms).
  public func power(_ n: Int) -> Transform3D {
    var result = Transform3D.identity
    var base = self
    var k = n
    if k < 0 {
      guard let inverse else { return .identity }
      base = inverse
      k = -k
    }
    while k > 0 {
      if k & 1 == 1 { result = result * base }
      base = base * base
      k >>= 1
    }
    return result
  }
}
