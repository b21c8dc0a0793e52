#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A transform's 2D part as Lottie's rotation and scale (`ks.r`, `ks.s`, docs/export.md
/// "Lottie"): the linear part x′ = a·x + c·y, y′ = b·x + d·y (Core Animation's row vectors) as
/// R(rotation)·diag(scaleX, scaleY), which is how a Lottie player composes them.
///
/// One matrix has two such readings — (θ, sx, sy) and (θ + 180°, −sx, −sy) — and a player
/// interpolates the numbers, not the matrix, so each sample takes the reading nearest the
/// previous one: a scale that crosses zero stays a scale crossing zero, not a half turn. Reading
/// every sample with a positive x-scale turned `transform.scale.x` 1 → −1 under a 20° rotation
/// into 20° → 0° (at the sample where the scale is 0) → 200°: a visible spin between two frames
/// in lottie-web (6.95 px off at the flip's frame, 15–21 px between it and the next).
struct LottieRotationScale: Sendable, Equatable {
  /// Degrees clockwise (y down, as on iOS), unwrapped to follow the previous sample.
  var rotation: Double
  /// Factors (not percent).
  var scaleX: Double
  var scaleY: Double

  /// Below this fraction of the other column's length, a column's direction is rounding noise:
  /// the angle is read from the other one (at a flip's sample the x column is 0 exactly).
  static let degenerateColumn = 1e-9

  /// The reading of (a, b, c, d) nearest `previous` (the first sample's: a positive scale along
  /// the column the angle is read from).
  init(a: Double, b: Double, c: Double, d: Double, after previous: LottieRotationScale?) {
    let xLength = (a * a + b * b).squareRoot()
    let yLength = (c * c + d * d).squareRoot()
    let determinant = a * d - b * c
    let candidates: [LottieRotationScale]
    if xLength > Self.degenerateColumn * yLength, xLength > 0 {
      // The x column is (sx·cos θ, sx·sin θ); sy from the determinant keeps the area's sign.
      let angle = atan2(b, a) * 180 / Double.pi
      candidates = [
        LottieRotationScale(
          rotation: angle, scaleX: xLength, scaleY: determinant / xLength),
        LottieRotationScale(
          rotation: angle + 180, scaleX: -xLength, scaleY: -determinant / xLength),
      ]
    } else if yLength > 0 {
      // The y column is (−sy·sin θ, sy·cos θ).
      let angle = atan2(-c, d) * 180 / Double.pi
      candidates = [
        LottieRotationScale(
          rotation: angle, scaleX: determinant / yLength, scaleY: yLength),
        LottieRotationScale(
          rotation: angle + 180, scaleX: -determinant / yLength, scaleY: -yLength),
      ]
    } else {
      // Collapsed to a point: any angle draws it; the previous one keeps the track still.
      self = LottieRotationScale(rotation: previous?.rotation ?? 0, scaleX: 0, scaleY: 0)
      return
    }
    guard let previous else {
      self = candidates[0]
      return
    }
    // Each reading with its angle unwrapped to within 180° of the previous one; the one that
    // moves the layer's points least between the two samples: a turn of Δθ moves a point at
    // unit distance by |Δθ| (radians) times the scale, a change of scale by the change.
    var best = candidates[0]
    var bestCost = Double.infinity
    for var candidate in candidates {
      candidate.rotation += ((previous.rotation - candidate.rotation) / 360).rounded() * 360
      let scale = max(
        abs(candidate.scaleX), abs(candidate.scaleY), abs(previous.scaleX), abs(previous.scaleY))
      let cost =
        abs(candidate.rotation - previous.rotation) * Double.pi / 180 * scale
        + abs(candidate.scaleX - previous.scaleX) + abs(candidate.scaleY - previous.scaleY)
      if cost < bestCost {
        best = candidate
        bestCost = cost
      }
    }
    self = best
  }

  private init(rotation: Double, scaleX: Double, scaleY: Double) {
    self.rotation = rotation
    self.scaleX = scaleX
    self.scaleY = scaleY
  }
}
