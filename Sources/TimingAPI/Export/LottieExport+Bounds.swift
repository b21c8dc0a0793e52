import TimingEngine

/// What the bounds of a layer's properties depend on beyond the layer (docs/export.md
/// "Lottie"): its ancestors' scale, how far its sublayers reach, and the order layers draw in.
extension LottieExport {
  /// For each layer, its ancestors' largest scale (the product over them of the larger of each
  /// one's x and y scale, at the sample where it is largest), and the farthest any point of its
  /// sublayers reaches from its anchor in its own pixels (so that a rotation bound holds for
  /// them too): lengths fitted in a layer are that scale larger on the screen, and a parent's
  /// rotation swings its sublayers.
  static func parentage(
    parents: [Int?], n: Int, column: (Int, ExportedLayerProperty) -> [Double]
  ) -> (screenScale: [Double], subtreeReach: [Double]) {
    let count = parents.count
    var scale = [Double](repeating: 1, count: count)
    var ownReach = [Double](repeating: 0, count: count)
    var anchors: [[Double]] = []
    for layer in 0..<count {
      let transform = column(layer, .transform)
      let box = column(layer, .bounds)
      let anchorPoint = column(layer, .anchorPoint)
      var anchor = [Double](repeating: 0, count: 2 * n)
      for i in 0..<n {
        let m = 16 * i
        let sx = (transform[m] * transform[m] + transform[m + 1] * transform[m + 1]).squareRoot()
        let sy = (transform[m + 4] * transform[m + 4] + transform[m + 5] * transform[m + 5])
          .squareRoot()
        scale[layer] = max(scale[layer], sx, sy)
        let (w, h) = (abs(box[4 * i + 2]), abs(box[4 * i + 3]))
        let (ax, ay) = (
          anchorPoint[2 * i] * box[4 * i + 2], anchorPoint[2 * i + 1] * box[4 * i + 3]
        )
        anchor[2 * i] = ax + box[4 * i]
        anchor[2 * i + 1] = ay + box[4 * i + 1]
        let far = (max(ax * ax, (w - ax) * (w - ax)) + max(ay * ay, (h - ay) * (h - ay)))
          .squareRoot()
        ownReach[layer] = max(ownReach[layer], far)
      }
      anchors.append(anchor)
    }
    // Ancestors first (the plan lists a layer before its sublayers).
    var screenScale = [Double](repeating: 1, count: count)
    for layer in 0..<count {
      if let parent = parents[layer] {
        screenScale[layer] = screenScale[parent] * max(scale[parent], 1e-9)
      }
    }
    // Sublayers first: a layer's reach is its own, or a sublayer's position plus that
    // sublayer's reach at its scale.
    var reach = ownReach
    for layer in stride(from: count - 1, through: 0, by: -1) {
      guard let parent = parents[layer] else { continue }
      let position = column(layer, .position)
      var farthest = 0.0
      for i in 0..<n {
        let dx = position[2 * i] - anchors[parent][2 * i]
        let dy = position[2 * i + 1] - anchors[parent][2 * i + 1]
        farthest = max(farthest, (dx * dx + dy * dy).squareRoot())
      }
      reach[parent] = max(reach[parent], farthest + reach[layer] * scale[layer])
    }
    // In the layer's own pixels at its largest scale, as its rotation swings them.
    return (screenScale, reach.indices.map { reach[$0] * scale[$0] })
  }

  /// The order Core Animation draws the layers in: a layer, then its sublayers by `zPosition`
  /// (at the window's start; a moving one is in `notExported`), ties in their order.
  static func drawOrder(parents: [Int?], zPosition: (Int) -> Double) -> [Int] {
    var children = [[Int]](repeating: [], count: parents.count)
    var roots: [Int] = []
    for layer in parents.indices {
      if let parent = parents[layer] { children[parent].append(layer) } else { roots.append(layer) }
    }
    func sorted(_ layers: [Int]) -> [Int] {
      layers.enumerated().sorted {
        (zPosition($0.element), $0.offset) < (zPosition($1.element), $1.offset)
      }.map(\.element)
    }
    var order: [Int] = []
    var stack = sorted(roots).reversed().map { $0 }
    while let layer = stack.popLast() {
      order.append(layer)
      stack += sorted(children[layer]).reversed()
    }
    return order
  }
}
