import TimingEngine

/// A timeline as a Lottie document (docs/export.md "Lottie"): one shape layer per scene layer —
/// its bounds as a rectangle filled with its background colour — parented as the layers are,
/// its transform split into Lottie's anchor, position, scale and rotation, its opacity with its
/// superlayers' (Lottie's parenting carries none), each animated property as the fewest
/// keyframes whose straight interpolation stays within the bounds of our samples at every
/// sample (held keyframes where the property only jumps), in frames of the sampled window.
///
/// Made in three steps, each in its own file: every sample taken apart into Lottie's series
/// (`LottieLayerSeries`), each property's bound from the layer's place in the tree
/// (`+Bounds`), and the fit (`+Fit`); the document is then written through the Lottie model
/// (`+Document`).
struct LottieExport: Sendable {
  struct Layer: Sendable {
    let name: String
    /// The index of the superlayer among `layers`, if any.
    let parent: Int?
    let tracks: [Track]
    let notExported: [String]
  }

  /// The scene's layers, in the plan's order (a layer before its sublayers, which draw above
  /// it); the document lists them the other way, topmost first, as Lottie draws.
  let layers: [Layer]
  /// Indices into `layers` in the order Core Animation draws them, bottom first.
  let drawOrder: [Int]
  let frameRate: Double
  /// The last frame: the window's length in frames.
  let lastFrame: Double
  let width: Int
  let height: Int
  let bounds: ExportBounds
  let window: ExportWindow
  /// What the export itself warns of (a layer turned out of the plane, drawn flat), after the
  /// scene's own warnings in `animationTiming.warnings`.
  let warnings: [SceneWarning]

  /// Frames of 1/60 s where the samples are not evenly spaced.
  static let defaultFrameRate = 60.0

  /// `size`: the composition's width and height; nil for the box from the origin that holds
  /// every top-level layer at every sample.
  init(_ input: ExportedColumns, bounds: ExportBounds, size: (width: Double, height: Double)? = nil)
  {
    let times = input.times
    self.bounds = bounds
    let first = times.first ?? 0
    window = ExportWindow(times)
    let rate = Self.frameRate(times)
    frameRate = rate
    // Frames to 1e-9: a sample on a whole frame is that frame exactly.
    let frames = times.map { (($0 - first) * rate * 1e9).rounded() / 1e9 }
    lastFrame = max(frames.last ?? 0, 0)

    let parents = input.parents
    // Every column of every layer: a layer's series read its superlayers' transforms at each
    // sample.
    let columns = (0..<input.layerCount).map(input.columns)
    let (screenScale, subtreeReach) = Self.parentage(
      parents: parents, n: times.count, column: { columns[$0][$1.index] })
    /// Whether every change of the property comes in jumps: it is `hidden`, or its only
    /// animation is discrete keyframes.
    func jumps(_ layer: Int, _ p: ExportedLayerProperty) -> Bool {
      if p == .hidden { return true }
      switch input.drive(layer, p) {
      case .still: return true
      case .sole(let animation): return animation.discrete
      case .other: return false
      }
    }
    var curveFits = Self.maxCurveFits
    var series: [LottieLayerSeries] = []
    /// Whether each layer's opacity with its superlayers' only jumps.
    var opacityJumps: [Bool] = []
    var exported: [Layer] = []
    var flattened: [SceneWarning] = []
    var extent = (x: 1.0, y: 1.0)
    for layer in 0..<input.layerCount {
      let parent = parents[layer]
      let layerSeries = LottieLayerSeries(
        layer: layer, columns: columns, parents: parents, times: times,
        superlayerOpacity: parent.map { series[$0].opacity })
      series.append(layerSeries)
      if parent == nil {
        extent.x = max(extent.x, layerSeries.extent.x)
        extent.y = max(extent.y, layerSeries.extent.y)
      }
      var notExported = input.unexported[layer]
      if input.moves(layer, .zPosition) {
        notExported.append("zPosition (Lottie draws in list order)")
      }
      if layerSeries.perspective {
        notExported.append("transform (perspective: Lottie 1.0 has no 3D)")
      }
      // The superlayer's sublayerTransform (an m34 for perspective, usually) and the layer's
      // anchorPointZ move its corners in ways not sampled here.
      let unmeasured =
        parent.map { input.unexported[$0].contains("sublayerTransform") } == true
        ? "its superlayer's sublayerTransform is not exported"
        : input.unexported[layer].contains("anchorPointZ")
          ? "its anchorPointZ is not exported" : nil
      if let warning = layerSeries.flattening.warning(
        layer: input.name(layer), unmeasured: unmeasured)
      {
        flattened.append(warning)
      }
      if layerSeries.shear > bounds.bound(.length) {
        notExported.append("transform (shear: the players draw no skew)")
      }
      opacityJumps.append(
        LottieProperty.opacity.inputs.allSatisfy { jumps(layer, $0) }
          && (parent.map { opacityJumps[$0] } ?? true))

      var tracks: [Track] = []
      for property in LottieProperty.allCases {
        let held: Bool
        switch property.superlayerInput {
        case .none: held = property.inputs.allSatisfy { jumps(layer, $0) }
        case .bounds:
          held =
            property.inputs.allSatisfy { jumps(layer, $0) }
            && (parent.map { jumps($0, .bounds) } ?? true)
        case .opacity: held = opacityJumps[layer]
        }
        // A length in this layer is its ancestors' scale larger on the screen; a degree turns
        // the farthest point of the layer and its sublayers by reach·π/180 px.
        let lengths = bounds.bound(.length) / screenScale[layer]
        let bound: Double
        switch property.unit {
        case .length:
          bound =
            property == .rotation
            ? lengths / max(layerSeries.reach, subtreeReach[layer]) * 180 / Double.pi : lengths
        case .factor, .colorChannel: bound = Self.bound(property, bounds)
        }
        tracks.append(
          Self.fit(
            property, layerSeries.values[property.index], frames: frames,
            bound: min(bound, 1e300), held: held,
            easings: Easings(property.curveSources.map { input.drive(layer, $0) }, times: times),
            curveFits: &curveFits))
      }
      exported.append(
        Layer(name: input.name(layer), parent: parent, tracks: tracks, notExported: notExported))
    }
    layers = exported
    warnings = flattened
    drawOrder = Self.drawOrder(parents: parents) {
      columns[$0][ExportedLayerProperty.zPosition.index].first ?? 0
    }
    let box = size ?? (extent.x, extent.y)
    width = Int(min(max(box.width.rounded(.up), 1), 100_000))
    height = Int(min(max(box.height.rounded(.up), 1), 100_000))
  }

  /// The frame rate: the samples' own when they are evenly spaced (so each sample is a whole
  /// frame, which every player shows exactly — rlottie has whole frames only), 60 otherwise.
  static func frameRate(_ times: [Double]) -> Double {
    guard times.count > 1 else { return defaultFrameRate }
    let step = times[1] - times[0]
    // Within what a request can sample (1 000 fps at most; a frame under 1 000 s), to 1e-9: a
    // rate of 1e310 or 3e-7 is no frame rate a player takes.
    let rate = ((1 / step) * 1e9).rounded() / 1e9
    guard rate.isFinite, (0.001...1000).contains(rate) else { return defaultFrameRate }
    guard times.count > 2 else { return rate }
    // The last step may be shorter: a window that ends between two frames.
    for k in 1..<(times.count - 2) where abs(times[k + 1] - times[k] - step) > 1e-9 * max(step, 1) {
      return defaultFrameRate
    }
    guard times[times.count - 1] - times[times.count - 2] <= step * (1 + 1e-9) else {
      return defaultFrameRate
    }
    return rate
  }
}
