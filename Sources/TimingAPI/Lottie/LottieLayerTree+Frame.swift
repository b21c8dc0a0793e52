import TimingEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension LottieLayerTree {
  /// Key paths of a Lottie timeline's columns (api.md "Lottie"): the world transform, the
  /// opacity drawn, whether the layer is hidden, a solid's colour; each fill's and stroke's
  /// colour is keyed by its pointer within the layer.
  enum KeyPath: String, CaseIterable {
    case transform, opacity, hidden, backgroundColor
  }

  /// Numbers a frame adds to the answer: each instance's transform (16), opacity and hidden,
  /// a solid's colour and each fill's and stroke's (4 each).
  var numbersPerFrame: Int {
    instances.reduce(0) { sum, instance in
      let layer = layers[instance.layer]
      return sum + 18 + (layer.solidColor == nil ? 0 : 4) + 4 * layer.paints.count
    }
  }

  /// Every instance's columns at `frames` (frames of the root composition, fractional
  /// allowed), in instance order, each layer named by its key.
  func sample(frames: [Double]) -> [LayerTimeline] {
    let n = instances.count
    var transforms = [[Double]](repeating: [], count: n)
    var opacities = [[Double]](repeating: [], count: n)
    var hiddens = [[Double]](repeating: [], count: n)
    var solids = [[Double]](repeating: [], count: n)
    var paints = instances.map { [[Double]](repeating: [], count: layers[$0.layer].paints.count) }
    for i in 0..<n {
      transforms[i].reserveCapacity(frames.count * 16)
      opacities[i].reserveCapacity(frames.count)
      hiddens[i].reserveCapacity(frames.count)
    }
    var state = FrameState(count: n)
    for frame in frames {
      evaluate(frame, into: &state)
      for i in 0..<n {
        let m = state.world[i]
        transforms[i].append(contentsOf: [
          m.a, m.b, 0, 0, m.c, m.d, 0, 0, 0, 0, 1, 0, m.tx, m.ty, 0, 1,
        ])
        opacities[i].append(state.alpha[i])
        hiddens[i].append(state.visible[i] ? 0 : 1)
        let layer = layers[instances[i].layer]
        if let solid = layer.solidColor { solids[i] += solid }
        for (k, paint) in layer.paints.enumerated() {
          let color = paint.color.value(at: state.compFrame[i])
          let alpha = (paint.opacity?.value(at: state.compFrame[i]).first ?? 100) / 100
          paints[i][k].append(color.count > 0 ? color[0] : 0)
          paints[i][k].append(color.count > 1 ? color[1] : 0)
          paints[i][k].append(color.count > 2 ? color[2] : 0)
          paints[i][k].append(alpha)
        }
      }
    }
    return (0..<n).map { i in
      let layer = layers[instances[i].layer]
      var columns = [
        TimelineColumn(
          keyPath: KeyPath.transform.rawValue, type: .transform, values: transforms[i]),
        TimelineColumn(keyPath: KeyPath.opacity.rawValue, type: .scalar, values: opacities[i]),
        TimelineColumn(keyPath: KeyPath.hidden.rawValue, type: .bool, values: hiddens[i]),
      ]
      if layer.solidColor != nil {
        columns.append(
          TimelineColumn(keyPath: KeyPath.backgroundColor.rawValue, type: .color, values: solids[i])
        )
      }
      for (k, paint) in layer.paints.enumerated() {
        columns.append(TimelineColumn(keyPath: paint.key, type: .color, values: paints[i][k]))
      }
      return LayerTimeline(name: instances[i].key, columns: columns)
    }
  }

  /// What one frame works out for every instance.
  struct FrameState {
    var compFrame: [Double]
    var local: [LottieAffine]
    var inComposition: [LottieAffine?]
    var world: [LottieAffine]
    var visible: [Bool]
    var alpha: [Double]

    init(count n: Int) {
      compFrame = [Double](repeating: 0, count: n)
      local = [LottieAffine](repeating: .identity, count: n)
      inComposition = [LottieAffine?](repeating: nil, count: n)
      world = [LottieAffine](repeating: .identity, count: n)
      visible = [Bool](repeating: false, count: n)
      alpha = [Double](repeating: 1, count: n)
    }
  }

  /// Every instance at root frame `frame`: containers come before what they hold, so each
  /// composition's frame is known when its layers are reached.
  func evaluate(
    _ asked: Double, into state: inout FrameState, playback: LottiePlayback = .exact
  ) {
    let n = instances.count
    let frame = drawnFrame(asked, playback: playback)
    let nested = playback.visibility == .pythonLottie || playback.opacityThroughParents
    var own = [(alpha: Double, shown: Bool)](repeating: (1, true), count: nested ? n : 0)
    for i in 0..<n {
      let instance = instances[i]
      let layer = layers[instance.layer]
      let f: Double
      if let c = instance.container {
        f =
          playback.timeRemap == .fractionOfLayerSpan
          ? pythonLottieFrame(i, at: frame, playback: playback)
          : contentFrame(layers[instances[c].layer], at: state.compFrame[c], playback: playback)
      } else {
        f = frame
      }
      state.compFrame[i] = f
      state.local[i] = localMatrix(layer, at: f, playback: playback)
      state.inComposition[i] = nil
      let shown: Bool
      switch playback.visibility {
      case .spec:
        shown =
          !layer.hidden && layer.inPoint <= f && f < layer.outPoint
          && !(playback.missingStartTimeHides && !layer.startTimeGiven)
      case .throughOutPoint:
        shown = !layer.hidden && layer.inPoint <= f && f <= layer.outPoint
      case .roundedThroughOutPoint:
        shown = !layer.hidden && layer.inPoint.rounded() <= f && f <= layer.outPoint.rounded()
      case .pythonLottie:
        // `SvgBuilder._on_layer`: only a root composition's layers are culled, op included;
        // `hd` is not read.
        // A layer of a type it has no class for (`Layer.load`) it does not draw.
        shown =
          !layer.matteSource && layer.kind?.pythonLottieDraws == true
          && (instance.container != nil || (layer.inPoint <= f && f <= layer.outPoint))
      }
      let opacity =
        (playback.opacityWholePercent
          ? layer.opacity?.wholePercentValue(at: f, playback: playback) ?? 100
          : layer.opacity?.value(at: f, playback: playback).first ?? 100) / 100
      if nested { own[i] = (opacity, shown) }
      if let c = instance.container {
        state.visible[i] = shown && state.visible[c]
        state.alpha[i] = opacity * state.alpha[c]
      } else {
        state.visible[i] = shown
        state.alpha[i] = opacity
      }
    }
    if nested { nestInParents(&state, own: own, playback: playback) }
    for i in 0..<n {
      let inComp = inComposition(i, &state)
      state.world[i] =
        instances[i].container.map { state.world[$0].concatenating(inComp) } ?? inComp
    }
  }

  /// python-lottie's SVG nesting (`utils/restructure.py`): a layer's group inside its parent's
  /// (a root-most one inside its precomposition layer's), so a parent not drawn takes its
  /// children (`visibility`), and a group's opacity — a null's set to 1 — multiplies what it
  /// holds (`opacityThroughParents`). `own`: each instance's own opacity and shown state.
  /// Resolved up each chain once (a parent may come after its child in the file; parents form
  /// no cycle, `LottieLayerTree`).
  private func nestInParents(
    _ state: inout FrameState, own: [(alpha: Double, shown: Bool)], playback: LottiePlayback
  ) {
    let n = instances.count
    // What each instance's group passes to those it holds.
    var passed = [Double](repeating: 1, count: n)
    var resolved = [Bool](repeating: false, count: n)
    var chain: [Int] = []
    for i in 0..<n where !resolved[i] {
      chain.removeAll(keepingCapacity: true)
      var current: Int? = i
      while let j = current, !resolved[j] {
        chain.append(j)
        current = instances[j].parent
      }
      // Containers come before what they hold, so a chain's container is resolved.
      for j in chain.reversed() {
        let holder = instances[j].parent ?? instances[j].container
        if playback.opacityThroughParents {
          let above = holder.map { passed[$0] } ?? 1
          state.alpha[j] = own[j].alpha * above
          passed[j] = (layers[instances[j].layer].kind == .null ? 1 : own[j].alpha) * above
        }
        if playback.visibility == .pythonLottie {
          state.visible[j] = own[j].shown && (holder.map { state.visible[$0] } ?? true)
        }
        resolved[j] = true
      }
    }
  }

  /// python-lottie's frame for an instance inside precompositions (`SvgBuilder.time`): from the
  /// root composition in, each precomposition layer's `PrecompTime` — the frame, or with a
  /// time remap ip·(1 − v) + op·v of the instance's own layer for tm's value v at the frame —
  /// less its `st` (its `sr` never read).
  private func pythonLottieFrame(_ i: Int, at frame: Double, playback: LottiePlayback) -> Double {
    var containers: [Int] = []
    var current = instances[i].container
    while let c = current {
      containers.append(c)
      current = instances[c].container
    }
    let own = layers[instances[i].layer]
    var t = frame
    for c in containers.reversed() {
      let layer = layers[instances[c].layer]
      if let remap = layer.timeRemap {
        let v = remap.value(at: t, playback: playback).first ?? 0
        t = own.inPoint * (1 - v) + own.outPoint * v - layer.startTime
      } else {
        switch playback.precompositionTime {
        case .stretchThenStart: t = t / layer.timeStretch - layer.startTime
        case .startThenStretch: t = (t - layer.startTime) / layer.timeStretch
        case .startIgnoringStretch: t -= layer.startTime
        case .startThenStretchTruncated:
          t = ((t - layer.startTime.rounded(.towardZero)) / layer.timeStretch).rounded(.towardZero)
        }
      }
    }
    return t
  }

  /// The instance's matrix within its composition: its parents' local matrices, the furthest
  /// first, then its own (lottie-spec 1.0: CTM(child) = CTM(parent) × Transform(child)).
  private func inComposition(_ i: Int, _ state: inout FrameState) -> LottieAffine {
    if let known = state.inComposition[i] { return known }
    var chain: [Int] = [i]
    var current = instances[i].parent
    while let p = current, state.inComposition[p] == nil {
      chain.append(p)
      current = instances[p].parent
    }
    var matrix = current.flatMap { state.inComposition[$0] } ?? .identity
    for j in chain.reversed() {
      matrix = matrix.concatenating(state.local[j])
      state.inComposition[j] = matrix
    }
    return matrix
  }

  /// The root frame a player draws when asked for `frame`: rlottie's whole frames.
  func drawnFrame(_ frame: Double, playback: LottiePlayback) -> Double {
    switch playback.frames {
    case .any: return frame
    case .whole:
      let (first, last) = (inPoint.rounded(), outPoint.rounded())
      return min(max(first + (frame - first).rounded(), first), last)
    case .beforeOutPoint:
      return frame >= outPoint ? outPoint - 1 : max(frame, inPoint)
    }
  }

  /// The frame of a precomposition's own composition when the layer holding it is at `frame`
  /// of its composition (lottie-spec 1.0 "Time Stretch": t′ = t / sr − st; then, with a time
  /// remap, tm(t′) seconds at the document's frame rate).
  func contentFrame(
    _ layer: LottieLayerTracks, at frame: Double, playback: LottiePlayback = .exact
  ) -> Double {
    let local = playback.precompositionTime.frame(
      frame, stretch: layer.timeStretch, start: layer.startTime)
    guard let remap = layer.timeRemap else { return local }
    func seconds(at f: Double) -> Double { remap.value(at: f, playback: playback).first ?? 0 }
    switch playback.timeRemap {
    case .afterStretch, .fractionOfLayerSpan:
      // (python-lottie's reading depends on each inner layer: `pythonLottieFrame`.)
      return seconds(at: local) * frameRate
    case .atFrameClampingOutPoint:
      let remapped = seconds(at: frame) * frameRate
      return remapped == layer.outPoint ? layer.outPoint - 1 : remapped
    case .atFrame:
      return seconds(at: frame) * frameRate
    case .atFrameThenStretch:
      // `CompositionLayer.setProgress`: progress over the root's ip…op − 0.01, then / sr.
      let span = outPoint - inPoint
      return inPoint + (seconds(at: frame) * frameRate - inPoint) * (span - 0.01) / span
        / layer.timeStretch
    case .atFrameRoundedThenStretch:
      guard remap.isAnimated else { return local }
      let span = outPoint.rounded() - inPoint.rounded()
      let remapped = min(max(seconds(at: frame) * frameRate, 0), span).rounded()
      return (remapped / layer.timeStretch).rounded(.towardZero)
    }
  }

  /// The layer's transform at frame `f` (docs/lottie.md "Transforms"):
  /// T(p) · R(r) · R(−sa) · SkewX(−sk) · R(sa) · S(s/100) · T(−a), rotations clockwise in
  /// degrees; an auto-oriented layer also turns to face the way its position moves.
  func localMatrix(
    _ layer: LottieLayerTracks, at f: Double, playback: LottiePlayback = .exact
  ) -> LottieAffine {
    var anchorPlayback = playback
    if playback.anchorTangentsIgnored { anchorPlayback.arcLength = .straightLine }
    let a = layer.anchor?.value(at: f, playback: anchorPlayback) ?? []
    let s = layer.scale?.value(at: f, playback: playback) ?? []
    let rotationRead =
      !(playback.rotationZIgnored && layer.rotationFromZ)
      && !(playback.rotationNeedsTwoD && !layer.twoDStated && !layer.rotationFromZ)
    var r = rotationRead ? layer.rotation?.value(at: f, playback: playback).first ?? 0 : 0
    let p: [Double]
    if playback.mergesSplitPosition, let merged = layer.mergedSplitPosition {
      p = merged.value(at: f, playback: playback)
    } else {
      p = layer.position.map { Self.position(of: $0, at: f, playback: playback) } ?? []
    }
    var direction: [Double]?
    if layer.autoOrient, let position = layer.position {
      switch playback.autoOrient {
      case .derivative:
        switch position {
        case .combined(let track): direction = track.direction(at: f)
        case .split(let x, let y):
          if x.isAnimated || y.isAnimated {
            direction = [x.direction(at: f)?.first ?? 0, y.direction(at: f)?.first ?? 0]
          }
        }
      case .finiteDifference:
        direction = Self.lottieWebDirection(position, at: f, playback: playback)
      case .none: break
      case .curveOnly:
        if case .combined(let track) = position {
          direction = track.curveDirection(at: f, playback: playback)
        }
      case .travelWithoutHolds:
        if case .combined(let track) = position {
          direction = track.directionOutsideHolds(at: f)
        }
      case .thorvgTangent:
        if case .combined(let track) = position {
          direction = track.thorvgDirection(at: f, playback: playback)
        }
      case .forwardDifferenceReplacingRotation:
        // `TransformKeyframeAnimation.getMatrix`: the angle replaces r; none without a moving
        // position or from the last keyframe on.
        r = 0
        if case .combined(let track) = position, track.isAnimated, f < track.lastTime {
          let step = 0.0001 * (outPoint - 0.01 - inPoint)
          let here = track.value(at: f, playback: playback)
          let ahead = track.value(at: f + step, playback: playback)
          if here.count >= 2, ahead.count >= 2 {
            direction = [ahead[0] - here[0], ahead[1] - here[1]]
          }
        }
      case .curveTangentAtTime:
        // python-lottie turns a split position by nothing (its merged keyframes have no
        // tangents).
        if case .combined(let track) = position {
          r += track.pythonLottieTangentAngle(at: f, playback: playback)
        }
      }
    }
    if let direction, direction.count >= 2, direction[0] != 0 || direction[1] != 0 {
      r += atan2(direction[1], direction[0]) * 180 / .pi
    }
    func component(_ v: [Double], _ i: Int, _ fallback: Double) -> Double {
      i < v.count ? v[i] : fallback
    }
    var m = LottieAffine.translation(component(p, 0, 0), component(p, 1, 0))
    m = m.concatenating(.rotation(degrees: r))
    if !playback.skewIgnored, let sk = layer.skew?.value(at: f, playback: playback).first,
      sk != 0
    {
      let sa = layer.skewAxis?.value(at: f, playback: playback).first ?? 0
      let turn = playback.skewAxisReversed ? -sa : sa
      m = m.concatenating(.skew(degrees: sk, axis: turn))
    }
    m = m.concatenating(.scale(component(s, 0, 100) / 100, component(s, 1, 100) / 100))
    return m.concatenating(.translation(-component(a, 0, 0), -component(a, 1, 0)))
  }

  /// A position's value at `f`.
  static func position(
    of position: LottieLayerTracks.Position, at f: Double, playback: LottiePlayback
  ) -> [Double] {
    switch position {
    case .combined(let track): return track.value(at: f, playback: playback)
    case .split(let x, let y):
      return [
        x.value(at: f, playback: playback).first ?? 0,
        y.value(at: f, playback: playback).first ?? 0,
      ]
    }
  }

  /// lottie-web's auto-orient direction (`TransformProperty`, read at v5.7.14): the position at
  /// f less the position 0.01 frame before; at or before the first keyframe the position 0.01
  /// after it less the position at it; at or after the last, the position there less the
  /// position 0.05 frame before (0.01 for a split position). None for a still position.
  static func lottieWebDirection(
    _ position: LottieLayerTracks.Position, at f: Double, playback: LottiePlayback
  ) -> [Double]? {
    let track: LottieTrack
    let back: Double
    switch position {
    case .combined(let t): (track, back) = (t, 0.05)
    case .split(let x, _): (track, back) = (x, 0.01)
    }
    guard let first = track.segments.first?.time else { return nil }
    let (v1, v2): (Double, Double)
    if f <= first {
      (v1, v2) = (first + 0.01, first)
    } else if f >= track.lastTime {
      (v1, v2) = (track.lastTime, track.lastTime - back)
    } else {
      (v1, v2) = (f, f - 0.01)
    }
    // lottie-web keeps a vector's values in a Float32Array: at 1 300 px a value is rounded to
    // 1.2e-4 px, 2 % of a 0.005 px difference near an eased stop — its angle follows that.
    let p1 = Self.position(of: position, at: v1, playback: playback).map { Double(Float($0)) }
    let p2 = Self.position(of: position, at: v2, playback: playback).map { Double(Float($0)) }
    guard p1.count >= 2, p2.count >= 2 else { return nil }
    return [p1[0] - p2[0], p1[1] - p2[1]]
  }
}
