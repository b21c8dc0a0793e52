import TimingEngine

extension MotionSide {
  /// A Lottie document's every layer instance at `times` (seconds: frame t × `fr`, to 1e-9 of a
  /// frame, so that a time on a frame is on it), as `POST /v1/lottie/timeline` evaluates it;
  /// each keyed by its pointer, its box the timeline's `box`; drawn nowhere outside the
  /// document's `ip`..`op`, where it does not play.
  init(lottie tree: LottieLayerTree, times: [Double]) {
    let frames = times.map { t in
      let frame = t * tree.frameRate
      // 2/30 × 30 is 2.0000000000000004: a hold or an op on frame 2 would move a frame early.
      return abs(frame) < 1e6 ? (frame * 1e9).rounded() / 1e9 : frame
    }
    let timelines = tree.sample(frames: frames)
    var layers: [Layer] = []
    layers.reserveCapacity(timelines.count)
    for (i, timeline) in timelines.enumerated() {
      let tracks = tree.layers[tree.instances[i].layer]
      var world: [Double] = []
      var opacity: [Double] = []
      var drawn: [Bool] = []
      var colors: [(key: String, values: [Double])] = []
      world.reserveCapacity(6 * times.count)
      for column in timeline.columns {
        guard let keyPath = LottieLayerTree.KeyPath(rawValue: column.keyPath) else {
          colors.append((column.keyPath, column.values))  // a fill's or stroke's, by pointer
          continue
        }
        switch keyPath {
        case .transform:
          for k in 0..<times.count {
            let m = 16 * k
            let v = column.values
            world += [v[m], v[m + 1], v[m + 4], v[m + 5], v[m + 12], v[m + 13]]
          }
        case .opacity: opacity = column.values
        case .hidden: drawn = column.values.map { $0 == 0 }
        case .backgroundColor: colors.append((column.keyPath, column.values))
        }
      }
      // Nothing is drawn outside ip..op: the animation is not playing there.
      for k in drawn.indices
      where opacity[k] <= Self.transparent || frames[k] < tree.inPoint || frames[k] >= tree.outPoint
      {
        drawn[k] = false
      }
      layers.append(
        Layer(
          key: tree.instances[i].key, name: tracks.name, boxes: tracks.box, world: world,
          opacity: opacity, drawn: drawn, colors: colors))
    }
    self.init(
      kind: .lottie, layers: layers,
      notCompared: tree.notEvaluated.map {
        Omission(
          layer: nil, pointer: $0.pointer.description, feature: $0.feature.rawValue,
          detail: $0.detail)
      },
      warnings: [])
  }
}
