#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A transform taken apart as in CSS Transforms 2 ("unmatrix"): perspective, translation,
/// scale, skew and a rotation quaternion. Interpolating these and recomposing is how transforms
/// animate (semantics.md §3.1 ◆), so a 2π rotation matrix, equal to the identity, shows no motion.
public struct DecomposedTransform: Sendable, Hashable {
  public var translation = SIMD3<Double>(0, 0, 0)
  public var scale = SIMD3<Double>(1, 1, 1)
  /// XY, XZ, YZ shears.
  public var skew = SIMD3<Double>(0, 0, 0)
  public var perspective = SIMD4<Double>(0, 0, 0, 1)
  /// x, y, z, w.
  public var quaternion = SIMD4<Double>(0, 0, 0, 1)
  /// ◆ The matrix's m44, which CSS divides out first and never puts back (semantics.md §3.1): kept,
  /// so that recomposing gives the matrix itself — `CATransform3DTranslate` on a perspective
  /// matrix leaves m44 = 1 + tz·m34 — and an animation ends exactly on its value. A common
  /// factor of all 16 entries, so the projected picture is the same either way.
  public var m44 = 1.0

  public init() {}

  /// Nil when the matrix is singular (it cannot be decomposed; interpolation then falls back to
  /// element-wise).
  public init?(_ transform: Transform3D) {
    var matrix = transform
    let w = matrix[3, 3]
    guard w != 0, w.isFinite else { return nil }
    matrix.m /= w
    m44 = w
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
    quaternion = Self.quaternion(rows: row[0], row[1], row[2])
  }

  /// The unit quaternion of a rotation matrix (rows, for row vectors), by Shepperd's method:
  /// the largest of 4w², 4x², 4y², 4z² (at least 1, since they add up to 4) gives its
  /// component by a well-conditioned square root, and the other three come from off-diagonal
  /// sums and differences divided by it — so their signs relative to it are always right.
  /// CSS Transforms 2's pseudo-code
  /// takes every component from the diagonal and its sign from comparing mirrored entries,
  /// which compares two equal numbers when w = 0 (a half turn, e.g. the rotation left of a
  /// reflection once its determinant goes into the scale) and can pick the wrong relative sign
  /// (issue 12: m12 and m21 flipped at the end of an animation to a reflection).
  /// The result has w ≥ 0 (q and −q are the same rotation).
  static func quaternion(rows r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>)
    -> SIMD4<Double>
  {
    // The recomposition's matrix (`matrix`) gives, for a unit quaternion (x, y, z, w):
    // r0.y − r1.x = 4zw, r2.x − r0.z = 4yw, r1.z − r2.y = 4xw,
    // r0.y + r1.x = 4xy, r0.z + r2.x = 4xz, r1.z + r2.y = 4yz,
    // 1 + trace = 4w², 1 + r0.x − r1.y − r2.z = 4x², and likewise for y and z.
    let trace = r0.x + r1.y + r2.z
    var q: SIMD4<Double>
    if trace >= r0.x && trace >= r1.y && trace >= r2.z {
      let w4 = 2 * (1 + trace).squareRoot()  // 4w
      q = SIMD4((r1.z - r2.y) / w4, (r2.x - r0.z) / w4, (r0.y - r1.x) / w4, w4 / 4)
    } else if r0.x >= r1.y && r0.x >= r2.z {
      let x4 = 2 * max(1 + r0.x - r1.y - r2.z, 0).squareRoot()
      q = SIMD4(x4 / 4, (r0.y + r1.x) / x4, (r0.z + r2.x) / x4, (r1.z - r2.y) / x4)
    } else if r1.y >= r2.z {
      let y4 = 2 * max(1 - r0.x + r1.y - r2.z, 0).squareRoot()
      q = SIMD4((r0.y + r1.x) / y4, y4 / 4, (r1.z + r2.y) / y4, (r2.x - r0.z) / y4)
    } else {
      let z4 = 2 * max(1 - r0.x - r1.y + r2.z, 0).squareRoot()
      q = SIMD4((r0.z + r2.x) / z4, (r1.z + r2.y) / z4, z4 / 4, (r0.y - r1.x) / z4)
    }
    if q.w < 0 { q = -q }
    // The rows are orthonormal to rounding; so is q to within ~1e-16, made exact here.
    return q / (q * q).sum().squareRoot()
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
    if m44 != 1 { m.m *= m44 }
    return m
  }

  /// Component-wise interpolation with a spherical one for the rotation, on the shorter arc.
  /// Written as a·(1 − t) + b·t, so t = 0 and t = 1 give the ends' fields exactly.
  public static func interpolate(_ a: DecomposedTransform, _ b: DecomposedTransform, _ t: Double)
    -> DecomposedTransform
  {
    var r = DecomposedTransform()
    let s = 1 - t
    r.translation = a.translation * s + b.translation * t
    r.scale = a.scale * s + b.scale * t
    r.skew = a.skew * s + b.skew * t
    r.perspective = a.perspective * s + b.perspective * t
    r.quaternion = slerp(a.quaternion, b.quaternion, t)
    r.m44 = a.m44 * s + b.m44 * t
    return r
  }

  /// ◆ Below this |qa · qb| the two rotations are a half turn apart (semantics.md §3.1): rounding
  /// in matrices that are exactly a half turn apart leaves |qa · qb| near 1e-16, and its sign
  /// must not choose the direction of the turn.
  static let halfTurnDot = 1e-12

  /// The spherical blend of two unit quaternions on the shorter arc (CSS Transforms 2). The
  /// angle θ between them is 2·atan2(|a − b|, |a + b|), accurate for every angle (acos of the
  /// dot product loses half the digits near 0), and sin(tθ)/sin θ is exactly 1 at t = 1.
  static func slerp(_ qa: SIMD4<Double>, _ qb: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
    var b = qb
    let product = (qa * qb).sum()
    if abs(product) <= halfTurnDot {
      // ◆ A half turn either way: turn about the axis of qa⁻¹·qb whose first component of
      // magnitude above 1e-9 (x, then y, then z) is positive. Its vector part is
      // wa·vb − wb·va − va × vb; q and −q are the same rotation, so only the sign is chosen.
      let va = SIMD3(qa.x, qa.y, qa.z)
      let vb = SIMD3(qb.x, qb.y, qb.z)
      let cross = SIMD3(
        va.y * vb.z - va.z * vb.y, va.z * vb.x - va.x * vb.z, va.x * vb.y - va.y * vb.x)
      let axis = qa.w * vb - qb.w * va - cross
      let lead = abs(axis.x) > 1e-9 ? axis.x : abs(axis.y) > 1e-9 ? axis.y : axis.z
      if lead < 0 { b = -b }
    } else if product < 0 {
      b = -b
    }
    let theta =
      2 * atan2(((qa - b) * (qa - b)).sum().squareRoot(), ((qa + b) * (qa + b)).sum().squareRoot())
    let sinTheta = sin(theta)
    guard sinTheta > 0 else { return qa }
    return qa * (sin((1 - t) * theta) / sinTheta) + b * (sin(t * theta) / sinTheta)
  }

  /// Euler angles (rotation about x, then y, then z — Core Animation's `transform.rotation.x|y|z`
  /// as read back from a matrix).
  public var eulerAngles: SIMD3<Double> {
    get {
      let r = DecomposedTransform.rotationOnly(quaternion)
      // Row-vector matrix R = Rx · Ry · Rz: r[0,2] = −sin y, and r[0,0], r[0,1] are cos y
      // times cos z and sin z. y by atan2 of sin and cos, not asin, which loses half the digits
      // near ±π/2.
      let cosY = (r[0, 0] * r[0, 0] + r[0, 1] * r[0, 1]).squareRoot()
      let y = atan2(-r[0, 2], cosY)
      // ◆ x and z come apart while cos y > 1e-12 (semantics.md §3.1); the matrix's rounding
      // (~1e-16) then moves them by at most ~1e-16/cos y. (The old test, |sin y| < 1 − 1e-12,
      // folded every y within 1.4e-6 of ±π/2, dropping x whole.)
      if cosY > 1e-12 {
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
