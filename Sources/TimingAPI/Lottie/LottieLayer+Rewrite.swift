/// A layer's part of the lint's rewrites (`LottieAnimation.rewrite`, docs/lottie.md "Lint").
extension LottieLayer {
  mutating func rewrite(_ rules: Set<LottieLintRule>) {
    // The players that run a precomposition at (f − st) / sr share a rewrite, and those that
    // solve handles as written (or fail on them) another.
    let timeOrder: Set<LottieLintRule> = [
      .precompositionTimeOrder, .iosPrecompositionTimeOrder, .androidPrecompositionTimeOrder,
      .skottiePrecompositionTimeOrder, .thorvgPrecompositionTimeOrder,
    ]
    let handleX: Set<LottieLintRule> = [
      .easingHandleX, .rlottieEasingHandleX, .thorvgEasingHandleX, .androidEasingOutHandleX,
    ]
    let clampsX = !rules.isDisjoint(with: handleX)
    if rules.contains(.missingStartTime), startTime == nil { startTime = 0 }
    if rules.contains(.rlottieRotationWithoutDdd), threeD == nil,
      transform.map({ $0.rotationX == nil && $0.rotationY == nil && $0.rotationZ == nil }) ?? true
    {
      // Where it has no 3D turns: rlottie drops a ddd: 0 layer that has any.
      threeD = 0
    }
    if !rules.isDisjoint(with: timeOrder), kind == .precomposition, timeRemap == nil,
      let sr = timeStretch, sr != 1, let st = startTime, st != 0,
      LottieTrack.valueRange.contains(st * sr)
    {
      // Left as it is where st × sr would be beyond what a document may state (±1e9).
      startTime = st * sr
    }
    guard
      clampsX || rules.contains(.holdWithTangents) || rules.contains(.pythonTangentsOnTheLine)
        || rules.contains(.rlottieLastKeyframeEased)
    else { return }
    func fix(_ property: inout LottieAnimated<LottieNumbers>?, spatial: Bool) {
      guard var animated = property, case .keyframes(var keyframes) = animated.content else {
        return
      }
      for k in keyframes.indices {
        if clampsX {
          for handle in [\LottieKeyframe<LottieNumbers>.outHandle, \.inHandle] {
            guard var h = keyframes[k][keyPath: handle] else { continue }
            h.x.values = h.x.values.map { min(max($0, 0), 1) }
            keyframes[k][keyPath: handle] = h
          }
        }
        if rules.contains(.holdWithTangents), spatial, keyframes[k].isHold {
          keyframes[k].spatialOut = nil
          keyframes[k].spatialIn = nil
        }
        // Tangents on the straight line, which the timeline and lottie-web do not follow
        // (`LottieTrack.leavesTheLine`): python-lottie follows any, uneased.
        if rules.contains(.pythonTangentsOnTheLine), spatial, k + 1 < keyframes.count,
          let out = keyframes[k].spatialOut?.values, let back = keyframes[k].spatialIn?.values,
          let start = keyframes[k].start?.values,
          let end = keyframes[k + 1].start?.values ?? keyframes[k].end?.values,
          !LottieTrack.leavesTheLine(
            start: start, end: end, out: out, in: back,
            endStated: keyframes[k + 1].start != nil)
        {
          keyframes[k].spatialOut = nil
          keyframes[k].spatialIn = nil
        }
      }
      // A last keyframe's handles ease nothing; rlottie reads the property as nothing for them.
      if rules.contains(.rlottieLastKeyframeEased), keyframes.count > 1,
        !keyframes[keyframes.count - 1].isHold
      {
        keyframes[keyframes.count - 1].outHandle = nil
        keyframes[keyframes.count - 1].inHandle = nil
      }
      animated.content = .keyframes(keyframes)
      property = animated
    }
    if var ks = transform {
      fix(&ks.anchor, spatial: true)
      fix(&ks.scale, spatial: false)
      fix(&ks.rotation, spatial: false)
      fix(&ks.rotationZ, spatial: false)
      fix(&ks.opacity, spatial: false)
      fix(&ks.skew, spatial: false)
      fix(&ks.skewAxis, spatial: false)
      switch ks.position {
      case .combined(let animated)?:
        var p: LottieAnimated<LottieNumbers>? = animated
        fix(&p, spatial: true)
        if let p { ks.position = .combined(p) }
      case .split(var split)?:
        fix(&split.x, spatial: false)
        fix(&split.y, spatial: false)
        ks.position = .split(split)
      case nil: break
      }
      transform = ks
    }
    fix(&timeRemap, spatial: false)
    // Fills' and strokes' colours and opacities, through groups: the lint finds their handles
    // too.
    func fixShapes(_ shapes: inout [LottieShape]) {
      for k in shapes.indices {
        switch shapes[k].content {
        case .group(var group):
          if var items = group.items {
            fixShapes(&items)
            group.items = items
          }
          shapes[k].content = .group(group)
        case .fill(var fill):
          fix(&fill.color, spatial: false)
          fix(&fill.opacity, spatial: false)
          shapes[k].content = .fill(fill)
        case .stroke(var stroke):
          fix(&stroke.color, spatial: false)
          fix(&stroke.opacity, spatial: false)
          shapes[k].content = .stroke(stroke)
        case .rectangle, .ellipse, .path, .transform, .unmodelled: break
        }
      }
    }
    if var list = shapes {
      fixShapes(&list)
      shapes = list
    }
  }
}
