#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A transform taken apart as in CSS Transforms 2 ("unmatrix"): perspective, translation,
/// scale, skew and a rotation quaternion. Interpolating these and recomposing is how transforms
/// animate (SPEC §3.1 ◆), so a 2π rotation matrix, equal to the identity, shows no motion.
public struct DecomposedTransform: Sendable, Hashable {
  public var translation = SIMD3<Double>(0, 0, 0)
  public var scale = SIMD3<Double>(1, 1, 1)
  /// XY, XZ, YZ shears.
  public var skew = SIMD3<Double>(0, 0, 0)
  public var perspective = SIMD4<Double>(0, 0, 0, 1)
  /// x, y, z, w.
  public var quaternion = SIMD4<Double>(0, 0, 0, 1)

  public init() {}

  /// Nil when the matrix is singular (it cannot be decomposed; interpolation then falls back to
  /// element-wise).
  public init?(_ transform: Transform3D) {
    var matrix = transform
    let w = matrix[3, 3]
    guard w != 0, w.isFinite else { return nil }
    matrix.m /= w
    var perspectiveMatrix = matrix
    for i in 0..<3 { perspectiveMatrix[i, 3] = 0 }
    perspectiveMatrix[3, 3] = 1
    let det = perspectiveMatrix.determinant
    guard det != 0, det.isFinite else { return nil }
    if matrix[0, 3] != 0 || matrix[1, 3] != 0 || matrix[2, 3] != 0 {
      guard let inverse = perspectiveMatrix.inverse else { return nil }
      let rhs = SIMD4(matrix[0, 3], matrix[1, 3], matrix[2, 3], matrix[3, 3])
      // rhs · (inverse)ᵀ, i.e. inverse · rhs as a column.
      var p = SIMD4<Double>()
      for i in 0..<4 {
        p[i] =
          inverse[i, 0] * rhs[0] + inverse[i, 1] * rhs[1] + inverse[i, 2] * rhs[2] + inverse[i, 3]
          * rhs[3]
      }
      perspective = p
    }
    translation = SIMD3(matrix[3, 0], matrix[3, 1], matrix[3, 2])
    var row = [
      SIMD3(matrix[0, 0], matrix[0, 1], matrix[0, 2]),
      SIMD3(matrix[1, 0], matrix[1, 1], matrix[1, 2]),
      SIMD3(matrix[2, 0], matrix[2, 1], matrix[2, 2]),
    ]
    func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
    func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
    scale.x = length(row[0])
    guard scale.x != 0 else { return nil }
    row[0] /= scale.x
    skew.x = dot(row[0], row[1])
    row[1] -= skew.x * row[0]
    scale.y = length(row[1])
    guard scale.y != 0 else { return nil }
    row[1] /= scale.y
    skew.x /= scale.y
    skew.y = dot(row[0], row[2])
    row[2] -= skew.y * row[0]
    skew.z = dot(row[1], row[2])
    row[2] -= skew.z * row[1]
    scale.z = length(row[2])
    guard scale.z != 0 else { return nil }
    row[2] /= scale.z
    skew.y /= scale.z
    skew.z /= scale.z
    let cross = SIMD3(
      row[1].y * row[2].z - row[1].z * row[2].y, row[1].z * row[2].x - row[1].x * row[2].z,
      row[1].x * row[2].y - row[1].y * row[2].x)
    if dot(row[0], cross) < 0 {
      scale = -scale
      for i in 0..<3 { row[i] = -row[i] }
    }
    var q = SIMD4<Double>(
      0.5 * max(1 + row[0].x - row[1].y - row[2].z, 0).squareRoot(),
      0.5 * max(1 - row[0].x + row[1].y - row[2].z, 0).squareRoot(),
      0.5 * max(1 - row[0].x - row[1].y + row[2].z, 0).squareRoot(),
      0.5 * max(1 + row[0].x + row[1].y + row[2].z, 0).squareRoot())
    if row[2].y > row[1].z { q.x = -q.x }
    if row[0].z > row[2].x { q.y = -q.y }
    if row[1].x > row[0].y { q.z = -q.z }
    quaternion = q
  }

  /// Rebuilds the matrix (CSS Transforms 2 "recomposing to a 3D matrix").
  public var matrix: Transform3D {
    var m = Transform3D.identity
    for i in 0..<4 { m[i, 3] = perspective[i] }
    for i in 0..<4 {
      for j in 0..<3 { m[3, i] += translation[j] * m[j, i] }
    }
    let (x, y, z, w) = (quaternion.x, quaternion.y, quaternion.z, quaternion.w)
    var rotation = Transform3D.identity
    // The quaternion's matrix for row vectors (the transpose of the column-vector form).
    rotation[0, 0] = 1 - 2 * (y * y + z * z)
    rotation[1, 0] = 2 * (x * y - z * w)
    rotation[2, 0] = 2 * (x * z + y * w)
    rotation[0, 1] = 2 * (x * y + z * w)
    rotation[1, 1] = 1 - 2 * (x * x + z * z)
    rotation[2, 1] = 2 * (y * z - x * w)
    rotation[0, 2] = 2 * (x * z - y * w)
    rotation[1, 2] = 2 * (y * z + x * w)
    rotation[2, 2] = 1 - 2 * (x * x + y * y)
    m = rotation * m
    if skew.z != 0 {
      var t = Transform3D.identity
      t[2, 1] = skew.z
      m = t * m
    }
    if skew.y != 0 {
      var t = Transform3D.identity
      t[2, 0] = skew.y
      m = t * m
    }
    if skew.x != 0 {
      var t = Transform3D.identity
      t[1, 0] = skew.x
      m = t * m
    }
    for i in 0..<3 {
      for j in 0..<4 { m[i, j] *= scale[i] }
    }
    return m
  }

  /// Component-wise interpolation with a spherical one for the rotation, on the shorter arc.
  public static func interpolate(_ a: DecomposedTransform, _ b: DecomposedTransform, _ t: Double)
    -> DecomposedTransform
  {
    var r = DecomposedTransform()
    r.translation = a.translation + (b.translation - a.translation) * t
    r.scale = a.scale + (b.scale - a.scale) * t
    r.skew = a.skew + (b.skew - a.skew) * t
    r.perspective = a.perspective + (b.perspective - a.perspective) * t
    r.quaternion = slerp(a.quaternion, b.quaternion, t)
    return r
  }

  static func slerp(_ qa: SIMD4<Double>, _ qb: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
    var b = qb
    var product = (qa * qb).sum()
    if product < 0 {
      b = -b
      product = -product
    }
    product = min(product, 1)
    if product >= 1 - 1e-15 {
      // The same rotation: a straight blend avoids 0/0.
      let q = qa + (b - qa) * t
      return q / (q * q).sum().squareRoot()
    }
    let theta = acos(product)
    let sinTheta = (1 - product * product).squareRoot()
    let wa = sin((1 - t) * theta) / sinTheta
    let wb = sin(t * theta) / sinTheta
    return qa * wa + b * wb
  }

  /// Euler angles (rotation about x, then y, then z — Core Animation's `transform.rotation.x|y|z`
  /// as read back from a matrix).
  public var eulerAngles: SIMD3<Double> {
    get {
      let r = DecomposedTransform.rotationOnly(quaternion)
      // Row-vector matrix R = Rx · Ry · Rz: r[0,2] = −sin(y)·… solved below.
      let sy = max(-1, min(1, -r[0, 2]))
      let y = asin(sy)
      if abs(sy) < 1 - 1e-12 {
        return SIMD3(atan2(r[1, 2], r[2, 2]), y, atan2(r[0, 1], r[0, 0]))
      }
      // Gimbal lock: fold x into z.
      return SIMD3(0, y, atan2(-r[1, 0], r[1, 1]))
    }
    set {
      let m =
        Transform3D.rotation(newValue.x, 1, 0, 0) * Transform3D.rotation(newValue.y, 0, 1, 0)
        * Transform3D.rotation(newValue.z, 0, 0, 1)
      guard let d = DecomposedTransform(m) else { return }
      quaternion = d.quaternion
    }
  }

  static func rotationOnly(_ q: SIMD4<Double>) -> Transform3D {
    var d = DecomposedTransform()
    d.quaternion = q
    return d.matrix
  }
}
