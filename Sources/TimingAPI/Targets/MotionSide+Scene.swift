import TimingEngine

extension MotionSide {
  /// A scene's every layer at the columns' times, placed as Core Animation places it: a point p
  /// of the layer (its bounds' space) lies in its superlayer's space at
  /// position + transform · (p − bounds.origin − anchorPoint · bounds.size), the transform's 2D
  /// part (what is drawn without perspective, as the Lottie export draws it); up the
  /// superlayers to the screen. Keyed by name (unique in a scene); its box its bounds at each
  /// time; drawn where neither it nor a superlayer is hidden and its opacity with theirs is
  /// over `transparent`; its colour its `backgroundColor`.
  init(scene input: ExportedColumns, warnings: [SceneWarning]) {
    let n = input.times.count
    var layers: [Layer] = []
    layers.reserveCapacity(input.layerCount)
    // Opacity with the superlayers', and hidden with theirs, per layer (a layer comes after its
    // superlayer in the plan's order).
    var opacities: [[Double]] = []
    var hiddens: [[Bool]] = []
    var worlds: [[Double]] = []
    var notCompared: [Omission] = []
    for layer in 0..<input.layerCount {
      let parent = input.parents[layer]
      let bounds = input.column(layer, .bounds)
      let anchorPoint = input.column(layer, .anchorPoint)
      let position = input.column(layer, .position)
      let transform = input.column(layer, .transform)
      let ownOpacity = input.column(layer, .opacity)
      let ownHidden = input.column(layer, .hidden)
      var boxes = [Double](repeating: 0, count: 4 * n)
      var world = [Double](repeating: 0, count: 6 * n)
      var opacity = [Double](repeating: 0, count: n)
      var hidden = [Bool](repeating: false, count: n)
      var perspective = false
      for k in 0..<n {
        let (bx, by, w, h) = (
          bounds[4 * k], bounds[4 * k + 1], bounds[4 * k + 2], bounds[4 * k + 3]
        )
        (boxes[4 * k], boxes[4 * k + 1], boxes[4 * k + 2], boxes[4 * k + 3]) = (
          bx, by, bx + w, by + h
        )
        let anchor = (x: bx + anchorPoint[2 * k] * w, y: by + anchorPoint[2 * k + 1] * h)
        let m = 16 * k
        if transform[m + 3] != 0 || transform[m + 7] != 0 || transform[m + 11] != 0
          || transform[m + 15] != 1
        {
          perspective = true
        }
        // Row vectors: x′ = a·x + c·y + e, y′ = b·x + d·y + f.
        let local = LottieAffine.translation(
          position[2 * k] + transform[m + 12], position[2 * k + 1] + transform[m + 13]
        )
        .concatenating(
          LottieAffine(
            a: transform[m], b: transform[m + 1], c: transform[m + 4], d: transform[m + 5], tx: 0,
            ty: 0)
        )
        .concatenating(.translation(-anchor.x, -anchor.y))
        var placed = local
        opacity[k] = ownOpacity[k]
        hidden[k] = ownHidden[k] != 0
        if let parent {
          let p = worlds[parent]
          placed = LottieAffine(
            a: p[6 * k], b: p[6 * k + 1], c: p[6 * k + 2], d: p[6 * k + 3], tx: p[6 * k + 4],
            ty: p[6 * k + 5]
          ).concatenating(local)
          opacity[k] *= opacities[parent][k]
          hidden[k] = hidden[k] || hiddens[parent][k]
        }
        (world[6 * k], world[6 * k + 1], world[6 * k + 2], world[6 * k + 3]) = (
          placed.a, placed.b, placed.c, placed.d
        )
        (world[6 * k + 4], world[6 * k + 5]) = (placed.tx, placed.ty)
      }
      worlds.append(world)
      opacities.append(opacity)
      hiddens.append(hidden)
      let name = input.name(layer)
      if perspective {
        notCompared.append(
          Omission(
            layer: name, pointer: nil, feature: Self.perspectiveFeature,
            detail:
              "its transform has a perspective part (m14, m24, m34 or m44 ≠ 1): its 2D part is compared, as the Lottie export draws it"
          ))
      }
      for keyPath in input.unexported[layer] {
        notCompared.append(
          Omission(
            layer: name, pointer: nil, feature: keyPath,
            detail:
              "a layer property the comparison has no form for (it compares where the box is drawn, its opacity, visibility and backgroundColor)"
          ))
      }
      layers.append(
        Layer(
          key: name, name: name, boxes: boxes, world: world, opacity: opacity,
          drawn: (0..<n).map { !hidden[$0] && opacity[$0] > Self.transparent },
          colors: [
            (ExportedLayerProperty.backgroundColor.rawValue, input.column(layer, .backgroundColor))
          ]))
    }
    self.init(kind: .scene, layers: layers, notCompared: notCompared, warnings: warnings)
  }

  /// The feature a scene layer's perspective is listed as.
  static let perspectiveFeature = "perspective"
}
