/// The lint's rewrites (`?fix=true`, docs/lottie.md "Lint"): the document changed so that the
/// player shows what the timeline shows, everything else — unknown members included — kept.
extension LottieAnimation {
  mutating func rewrite(_ rules: Set<LottieLintRule>) {
    func fix(_ layers: inout [LottieLayer]?) {
      guard var list = layers else { return }
      for i in list.indices { list[i].rewrite(rules) }
      layers = list
    }
    fix(&layers)
    if var assets {
      for j in assets.indices { fix(&assets[j].layers) }
      self.assets = assets
    }
  }
}

extension LottieLayer {
  mutating func rewrite(_ rules: Set<LottieLintRule>) {
    if rules.contains(.missingStartTime), startTime == nil { startTime = 0 }
    if rules.contains(.precompositionTimeOrder), kind == .precomposition, timeRemap == nil,
      let sr = timeStretch, sr != 1, let st = startTime, st != 0
    {
      startTime = st * sr
    }
    guard rules.contains(.easingHandleX) || rules.contains(.holdWithTangents) else { return }
    func fix(_ property: inout LottieAnimated<LottieNumbers>?, spatial: Bool) {
      guard var animated = property, case .keyframes(var keyframes) = animated.content else {
        return
      }
      for k in keyframes.indices {
        if rules.contains(.easingHandleX) {
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
  }
}
