/// One layer's samples taken apart into Lottie's series (docs/export.md "Lottie"), one array a
/// property in `LottieProperty.index` order, filled number by number (no array a sample: 259
/// layers × 601 samples were a fifth of their export in allocations); with what the bounds
/// need — how far a degree moves its farthest corner, its shear — and what it cannot say: a
/// perspective, a turn out of the screen's plane (`LottieFlattening`).
struct LottieLayerSeries {
  /// By `LottieProperty.index`, `componentCount` numbers a sample.
  private(set) var values: [[Double]]
  /// The opacity at each sample, 0–1, with the superlayers' (which Lottie's parenting does not
  /// carry) and `hidden`.
  private(set) var opacity: [Double]
  /// A transform with a perspective part (m14, m24, m34 or m44 ≠ 1) at some sample.
  private(set) var perspective = false
  /// The largest shear, in pixels at the layer's far edge: the players draw no skew.
  private(set) var shear = 0.0
  /// The farthest corner from the anchor, scaled, at any sample: how far a degree moves a point.
  private(set) var reach = 1.0
  /// How far the layer reaches from the composition's origin, for its size.
  private(set) var extent = (x: 1.0, y: 1.0)
  private(set) var flattening = LottieFlattening()

  /// The series of `layer` from every layer's exported columns (by `ExportedLayerProperty
  /// .index`), with its superlayer's opacity series.
  init(
    layer: Int, columns: [[[Double]]], parents: [Int?], times: [Double],
    superlayerOpacity: [Double]?
  ) {
    let n = times.count
    func column(_ layer: Int, _ property: ExportedLayerProperty) -> [Double] {
      columns[layer][property.index]
    }
    values = LottieProperty.allCases.map { _ in [Double]() }
    for property in LottieProperty.allCases {
      values[property.index].reserveCapacity(n * property.componentCount)
    }
    opacity = [Double](repeating: 0, count: n)
    let box = column(layer, .bounds)
    let anchorPoint = column(layer, .anchorPoint)
    let position = column(layer, .position)
    let transform = column(layer, .transform)
    let ownOpacity = column(layer, .opacity)
    let hidden = column(layer, .hidden)
    let color = column(layer, .backgroundColor)
    let radius = column(layer, .cornerRadius)
    let parentBounds = parents[layer].map { column($0, .bounds) }
    var previousReading: LottieRotationScale?
    let rotation = LottieProperty.rotation.index
    for i in 0..<n {
      var sample = LottieSample()
      let (w, h) = (box[4 * i + 2], box[4 * i + 3])
      (sample.width, sample.height) = (w, h)
      let (ax, ay) = (anchorPoint[2 * i] * w, anchorPoint[2 * i + 1] * h)
      (sample.anchorX, sample.anchorY) = (ax, ay)
      let m = 16 * i
      // x′ = a·x + c·y + e, y′ = b·x + d·y + f: Core Animation's row vectors.
      let (a, b, c, d, e, f) = (
        transform[m], transform[m + 1], transform[m + 4], transform[m + 5], transform[m + 12],
        transform[m + 13]
      )
      if transform[m + 3] != 0 || transform[m + 7] != 0 || transform[m + 11] != 0
        || transform[m + 15] != 1
      {
        perspective = true
      }
      flattening.add(
        transform, at: m, width: w, height: h, anchor: (ax, ay), time: times[i]
      ) { vector in
        // Up the superlayers' 2D linear parts, as the document draws them.
        var (x, y) = vector
        var above = parents[layer]
        while let superlayer = above {
          let t = column(superlayer, .transform)
          (x, y) = (t[m] * x + t[m + 4] * y, t[m + 1] * x + t[m + 5] * y)
          above = parents[superlayer]
        }
        return (x, y)
      }
      let reading = LottieRotationScale(a: a, b: b, c: c, d: d, after: previousReading)
      // Samples collapsed to a point before the first that is not (a layer growing from
      // scale 0) take that one's angle once it is read: their own is arbitrary, and 0° there
      // turned a layer at 20° from 0° to 20° while it grew. Until then the first reading is
      // still to come (its positive-scale rule, not the nearest to an arbitrary 0°).
      let collapsed = reading.scaleX == 0 && reading.scaleY == 0
      if previousReading != nil || !collapsed {
        if previousReading == nil {
          for j in 0..<i { values[rotation][j] = reading.rotation }
        }
        previousReading = reading
      }
      (sample.scaleX, sample.scaleY, sample.rotation) = (
        reading.scaleX, reading.scaleY, reading.rotation
      )
      let xLength = (a * a + b * b).squareRoot()
      if xLength > 0 { shear = max(shear, abs((a * c + b * d) / xLength) * h) }
      let originX = parentBounds.map { $0[4 * i] } ?? 0
      let originY = parentBounds.map { $0[4 * i + 1] } ?? 0
      (sample.positionX, sample.positionY) = (
        position[2 * i] + e - originX, position[2 * i + 1] + f - originY
      )
      let own = hidden[i] != 0 ? 0 : min(max(ownOpacity[i], 0), 1)
      opacity[i] = own * (superlayerOpacity?[i] ?? 1)
      sample.opacity = opacity[i]
      sample.cornerRadius = radius[i]
      sample.color = SIMD4(color[4 * i], color[4 * i + 1], color[4 * i + 2], color[4 * i + 3])
      for property in LottieProperty.allCases {
        property.append(sample, to: &values[property.index])
      }
      // The farthest corner from the anchor, scaled: how far a degree moves a point.
      let far =
        (max(ax * ax, (w - ax) * (w - ax)) + max(ay * ay, (h - ay) * (h - ay)))
        .squareRoot() * max(abs(sample.scaleX), abs(sample.scaleY))
      reach = max(reach, far)
      extent.x = max(extent.x, sample.positionX + far)
      extent.y = max(extent.y, sample.positionY + far)
    }
  }
}
