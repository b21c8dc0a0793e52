import TimingEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension LottieSVGExport {
  /// Frames a measure reads between two of the document's: every half frame.
  static let measureStep = 0.5

  /// Each instance's chain played as a browser plays its keyframes (`CSSKeyframes.value`),
  /// against the timeline's exact evaluation at every half frame from `ip` to before `op`: the
  /// largest distance at the layer's box corners, the largest opacity difference, the largest
  /// difference of a paint's colour channel or opacity, and the frames one shows the layer and
  /// the other not. Returns each instance's largest distance.
  @discardableResult
  mutating func measure() -> [Double] {
    let chains = tree.instances.indices.map(chain)
    let span = window.upperBound - window.lowerBound
    var state = LottieLayerTree.FrameState(count: tree.instances.count)
    var result = (
      pixels: 0.0, opacity: 0.0, color: 0.0, visibility: 0, frame: window.lowerBound, layer: -1
    )
    var worst = [Double](repeating: 0, count: tree.instances.count)
    // Each animation played once a sample, however many chains hold it (a parent's groups are
    // in every child's chain, a precomposition's in every instance it holds): its matrix, or
    // its opacity, and the sample it was played at.
    var played = [(matrix: LottieAffine, alpha: Double)](
      repeating: (.identity, 1), count: animations.count)
    var playedAt = [Int](repeating: -1, count: animations.count)
    var sample = 0
    var frame = window.lowerBound
    while frame < window.upperBound {
      tree.evaluate(frame, into: &state)
      let offset = (frame - window.lowerBound) / span
      defer { sample += 1 }
      for i in tree.instances.indices {
        let shown = (animations[visibility[i]].keyframes.value(at: offset).first ?? 0) == 1
        guard shown == state.visible[i] else {
          result.visibility += 1
          continue
        }
        guard shown else { continue }
        var m = LottieAffine.identity
        var alpha = 1.0
        for step in chains[i] {
          switch step {
          case .still(let still): m = m.concatenating(still)
          case .clip: break
          case .opacity(let v): alpha *= v
          case .animated(let k):
            if playedAt[k] != sample {
              let animation = animations[k]
              let values = animation.keyframes.value(at: offset)
              played[k] =
                animation.property == .opacity
                ? (.identity, values.first ?? 1) : (animation.matrix(values), 1)
              playedAt[k] = sample
            }
            if animations[k].property == .opacity {
              alpha *= played[k].alpha
            } else {
              m = m.concatenating(played[k].matrix)
            }
          }
        }
        let box = tree.layers[tree.instances[i].layer].box
        let exact = state.world[i]
        // The box's four corners (x0 y0, x1 y0, x1 y1, x0 y1), with no array a corner.
        for corner in 0..<4 {
          let x = corner == 1 || corner == 2 ? box[2] : box[0]
          let y = corner >= 2 ? box[3] : box[1]
          let d = hypot(
            m.a * x + m.c * y + m.tx - (exact.a * x + exact.c * y + exact.tx),
            m.b * x + m.d * y + m.ty - (exact.b * x + exact.d * y + exact.ty))
          worst[i] = max(worst[i], d)
          if d > result.pixels { (result.pixels, result.frame, result.layer) = (d, frame, i) }
        }
        result.opacity = max(result.opacity, abs(alpha - state.alpha[i]))
        // Each fill's and stroke's colour and opacity that move, as the browser draws them
        // (a channel clamped to 0…1) against the timeline's at the instance's own frame.
        for paint in tree.layers[tree.instances[i].layer].paints {
          guard let moving = paintAnimations[i][paint.key] else { continue }
          if let c = moving.color {
            let exact = paint.color.value(at: state.compFrame[i])
            let played = animations[c].keyframes.value(at: offset)
            for d in 0..<3 {
              let e = min(max(CSSKeyframes.component(exact, d, [0, 0, 0]), 0), 1)
              let p = min(max(d < played.count ? played[d] : 0, 0), 1)
              result.color = max(result.color, abs(p - e))
            }
          }
          if let q = moving.opacity, let track = paint.opacity {
            let exact = min(max((track.value(at: state.compFrame[i]).first ?? 100) / 100, 0), 1)
            let played = min(max(animations[q].keyframes.value(at: offset).first ?? 1, 0), 1)
            result.color = max(result.color, abs(played - exact))
          }
        }
      }
      frame += Self.measureStep
    }
    measured = result
    return worst
  }
}

extension LottieSVGExport {
  /// Work units of the measure, charged before the export is made: the timeline's evaluation
  /// of every instance and each group of its chain played, at every half frame. (Bakes are
  /// charged as they are made.)
  static func measureCost(_ tree: LottieLayerTree) -> Int {
    let span = max(tree.outPoint - tree.inPoint, 0)
    let frames = Int(min(span / measureStep + 2, 1e12))
    var steps = 0
    for instance in tree.instances {
      var d = 1
      var current = instance.parent ?? instance.container
      // Parents and precompositions form no cycle (`LottieLayerTree`): a chain ends.
      while let p = current {
        d += 1
        current = tree.instances[p].parent ?? tree.instances[p].container
      }
      // And each paint's colour and opacity, played and evaluated: as four groups.
      steps = WorkBudget.adding(
        steps,
        WorkBudget.adding(
          WorkBudget.multiplying(d, chainGroups),
          WorkBudget.multiplying(tree.layers[instance.layer].paints.count, 4)))
    }
    let perFrame = WorkBudget.adding(
      WorkBudget.multiplying(tree.instances.count, instanceFrameCost),
      WorkBudget.multiplying(steps, chainStepCost))
    return WorkBudget.multiplying(perFrame, frames)
  }

  /// Groups a layer adds to a chain at most (position's two, or three along an offset path
  /// with its scales; rotation, skew, scale's two, anchor's two or three, opacity: 11), the
  /// units of one played (a keyframe search, a timing function, a matrix product), and of a
  /// baked sample (a composition frame through each precomposition, a track's value) and each
  /// number it fits (a doubling and halving search). Measured on a release server by
  /// scripts/lottie-export-cost.sh (docs/performance.md "Lottie export to SVG, and diff").
  static let chainGroups = 11
  static let chainStepCost = 4
  static let bakeSampleCost = 40
  static let bakeNumberCost = 20
  /// The timeline's evaluation of an instance at a frame, without writing its numbers.
  static let instanceFrameCost = 50
}
