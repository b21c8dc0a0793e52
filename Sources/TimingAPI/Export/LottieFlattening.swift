import TimingEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How far a layer turned out of the screen's plane (`transform.rotation.x` or `.y`) is drawn
/// from where Core Animation draws it, when the Lottie document draws it flat (docs/export.md
/// "Lottie"): lottie-web, rlottie, ThorVG and the mobile players draw 2D layers (`ddd` 0;
/// rlottie drops a `ddd` 1 layer's 2D rotation), so the export keeps the transform's 2D part —
/// the orthographic projection, which is what Core Animation draws without perspective — and
/// loses the perspective divide by w that an `m34` (or `m14`, `m24`, `m44`) adds.
///
/// Measured on the samples, at the layer's bounds' corners, on the screen through its
/// superlayers' 2D parts (as the document draws them).
struct LottieFlattening: Sendable {
  /// Below this the layer is in the screen's plane: a rotation by 2π about y leaves sin 2π =
  /// −2.4e-16 (1.4e-14°), which is no turn.
  static let flatTilt = 1e-6

  /// The largest angle between the layer's plane and the screen's, degrees (0–90).
  private(set) var tilt = 0.0
  /// The x axis leaves the plane (a rotation about y) / the y axis does (about x).
  private(set) var aboutY = false
  private(set) var aboutX = false
  /// The largest distance, on the screen, between a corner drawn from the 2D part and the same
  /// corner divided by w; infinite when a corner is behind the viewer (w ≤ 0).
  private(set) var deviation = 0.0
  /// When the largest deviation was measured, seconds.
  private(set) var deviationTime = 0.0

  var turned: Bool { tilt > Self.flatTilt }

  /// One sample: `t` the transform's 16 numbers from `m` (row-major, row vectors), the bounds'
  /// size and the anchor in layer pixels, `toScreen` a vector of the superlayer's space on the
  /// screen (the superlayers' 2D linear parts).
  mutating func add(
    _ t: [Double], at m: Int, width w: Double, height h: Double, anchor: (x: Double, y: Double),
    time: Double, toScreen: ((x: Double, y: Double)) -> (x: Double, y: Double)
  ) {
    // The plane's normal: the images of the x and y axes, crossed.
    let (r1x, r1y, r1z) = (t[m], t[m + 1], t[m + 2])
    let (r2x, r2y, r2z) = (t[m + 4], t[m + 5], t[m + 6])
    let nx = r1y * r2z - r1z * r2y
    let ny = r1z * r2x - r1x * r2z
    let nz = r1x * r2y - r1y * r2x
    let angle = atan2((nx * nx + ny * ny).squareRoot(), abs(nz)) * 180 / Double.pi
    guard angle > Self.flatTilt else { return }
    tilt = max(tilt, angle)
    let scale = max((r1x * r1x + r1y * r1y).squareRoot(), (r2x * r2x + r2y * r2y).squareRoot())
    if abs(r1z) > 1e-12 * scale { aboutY = true }
    if abs(r2z) > 1e-12 * scale { aboutX = true }
    for (qx, qy) in [(0.0, 0.0), (w, 0), (w, h), (0, h)] {
      let (x, y) = (qx - anchor.x, qy - anchor.y)
      let flatX = t[m] * x + t[m + 4] * y + t[m + 12]
      let flatY = t[m + 1] * x + t[m + 5] * y + t[m + 13]
      let depth = t[m + 3] * x + t[m + 7] * y + t[m + 15]
      let off: Double
      if depth > 0 {
        let v = toScreen((flatX / depth - flatX, flatY / depth - flatY))
        off = (v.x * v.x + v.y * v.y).squareRoot()
      } else {
        off = .infinity
      }
      if off > deviation {
        deviation = off
        deviationTime = time
      }
    }
  }

  /// The warning for layer `name`, if it turned; `unmeasured`, why the px cannot be told (its
  /// superlayer's `sublayerTransform`, which may add the perspective, is not sampled here).
  func warning(layer name: String, unmeasured: String?) -> SceneWarning? {
    guard turned else { return nil }
    var axes: [String] = []
    if aboutX { axes.append("x") }
    if aboutY { axes.append("y") }
    if axes.isEmpty { axes = ["x", "y"] }
    let about: String = axes.joined(separator: " and ")
    let keyPath: String = "transform.rotation." + axes.joined(separator: "/")
    let degrees: String = Self.text(tilt)
    let what: String =
      "layer '\(name)' is turned out of the screen's plane about \(about) (\(keyPath)), up to "
      + "\(degrees)°, and Lottie players draw no 3D: the document draws it flattened, its "
      + "transform's 2D part"
    let howMuch: String
    if let unmeasured {
      howMuch = "; how far that is from Core Animation's drawing is not measured: \(unmeasured)"
    } else if deviation == .infinity {
      howMuch =
        "; part of it passes behind the viewer (w ≤ 0) at \(Self.text(deviationTime)) s, which"
        + " Core Animation does not draw"
    } else if deviation < 0.005 {
      howMuch =
        ", 0 px from the samples: without perspective (m34 0) Core Animation draws it flat too"
    } else {
      howMuch =
        ", a corner up to \(Self.text(deviation)) px on the screen (at \(Self.text(deviationTime)) s)"
        + " from where the transform's perspective puts it"
    }
    return SceneWarning(source: [], message: what + howMuch)
  }

  /// To two decimals: a user reads these, and the bounds they are compared with are 0.5 px.
  private static func text(_ value: Double) -> String {
    numberText((value * 100).rounded() / 100)
  }
}
