/// What a Lottie timeline leaves out, by pointer (docs/lottie.md "Not evaluated"): masks,
/// track mattes, effects, text, layer styles, motion blur, expressions, shape morphs, 3D
/// rotations, and shape items the service does not model (gradients, trims, repeaters, …). The
/// transforms, opacities and colours evaluated are exact whatever is listed here; what a player
/// draws of these is not in the timeline.
struct LottieNotEvaluated: Sendable, Equatable {
  enum Feature: String, Sendable, CaseIterable {
    case masks, mattes, effects, text, layerStyles, motionBlur, expressions, shapeMorphs
    case threeD, shapeItems, layerContent
  }

  let pointer: JSONPointer
  let feature: Feature
  let detail: String

  enum Member: String, WireMember {
    case pointer, feature, detail
  }

  /// The layer a pointer inside it is in: its first two tokens (/layers/i) or four
  /// (/assets/j/layers/i); nil for a pointer outside any layer.
  static func layerPointer(of pointer: JSONPointer) -> JSONPointer? {
    let tokens = pointer.tokens
    let depth = tokens.first == LottieAnimation.Member.assets.rawValue ? 4 : 2
    return tokens.count >= depth ? JSONPointer(Array(tokens.prefix(depth))) : nil
  }

  /// The list as both Lottie answers give it (`notEvaluated`): pointer, feature, detail.
  static func write(_ list: [LottieNotEvaluated], to w: inout JSONWriter) {
    w.beginArray()
    for item in list {
      w.beginObject()
      w.member(Member.pointer, item.pointer.description)
      w.member(Member.feature, item.feature.rawValue)
      w.member(Member.detail, item.detail)
      w.endObject()
    }
    w.endArray()
  }

  /// The layer's features left out, each once (a precomposition's layer is listed at its asset
  /// pointer, not per instance).
  static func listing(_ layer: LottieLayer, at pointer: JSONPointer) -> [LottieNotEvaluated] {
    var out: [LottieNotEvaluated] = []
    func add(_ member: LottieLayer.Member, _ feature: Feature, _ detail: String) {
      out.append(
        LottieNotEvaluated(pointer: pointer / member.rawValue, feature: feature, detail: detail))
    }
    if layer.masks != nil || layer.hasMask == true {
      add(
        layer.masks != nil ? .masks : .hasMask, .masks,
        "masks clip what the layer draws; its transform and opacity are evaluated")
    }
    if let mode = layer.matteMode, mode != 0 {
      add(.matteMode, .mattes, "a track matte (mode \(mode)) shapes what the layer draws")
    }
    if layer.matteTarget == 1 {
      add(
        .matteTarget, .mattes,
        "a track matte's source, drawn only as a matte: hidden in the timeline")
    }
    if layer.effects != nil { add(.effects, .effects, "effects change what the layer draws") }
    if layer.kind == .text || layer.text != nil {
      add(layer.text != nil ? .text : .type, .text, "text is laid out by the player")
    }
    if layer.styles != nil {
      add(.styles, .layerStyles, "layer styles (shadows, strokes) are drawn by the player")
    }
    if let blur = layer.motionBlur, blur != .null, blur != .bool(false), blur != .number(0) {
      add(.motionBlur, .motionBlur, "motion blur is drawn by the player")
    }
    if layer.threeD == 1 {
      add(
        .threeD, .threeD,
        "a 3D layer: its x and y rotations and orientation are left out, its z rotation evaluated as its rotation"
      )
    }
    switch layer.kind {
    case .image, .audio, .videoPlaceholder, .imageSequence, .video, .imagePlaceholder, .camera,
      .light, .data:
      add(
        .type, .layerContent,
        "the layer's own content (an image, a camera, …) is not drawn by the timeline; its transform and opacity are evaluated"
      )
    case .precomposition, .solid, .null, .shape, .text, .guide, .adjustment, nil: break
    }
    let ks = pointer / LottieLayer.Member.transform.rawValue
    if let transform = layer.transform {
      out += expressions(in: transform, at: ks)
    }
    if let tm = layer.timeRemap, let x = tm.expression {
      out.append(expression(x, at: pointer / LottieLayer.Member.timeRemap.rawValue))
    }
    out += shapes(layer.shapes ?? [], at: pointer / LottieLayer.Member.shapes.rawValue)
    return out
  }

  static func expression(_ text: String, at pointer: JSONPointer) -> LottieNotEvaluated {
    LottieNotEvaluated(
      pointer: pointer / LottieAnimated<LottieNumbers>.Member.expression.rawValue,
      feature: .expressions,
      detail:
        "an expression (\(text.count) characters of JavaScript) that only lottie-web runs: the keyframes or value beside it are evaluated"
    )
  }

  static func expressions(in transform: LottieTransform, at pointer: JSONPointer)
    -> [LottieNotEvaluated]
  {
    var out: [LottieNotEvaluated] = []
    let properties: [(LottieTransform.Member, LottieAnimated<LottieNumbers>?)] = [
      (.anchor, transform.anchor), (.scale, transform.scale), (.rotation, transform.rotation),
      (.opacity, transform.opacity), (.skew, transform.skew), (.skewAxis, transform.skewAxis),
      (.rotationX, transform.rotationX), (.rotationY, transform.rotationY),
      (.rotationZ, transform.rotationZ), (.orientation, transform.orientation),
    ]
    for (member, property) in properties {
      if let x = property?.expression { out.append(expression(x, at: pointer / member.rawValue)) }
    }
    let p = pointer / LottieTransform.Member.position.rawValue
    switch transform.position {
    case .combined(let animated)?:
      if let x = animated.expression { out.append(expression(x, at: p)) }
    case .split(let split)?:
      for (member, property) in [
        (LottieSplitPosition.Member.x, split.x), (.y, split.y), (.z, split.z),
      ] {
        if let x = property?.expression { out.append(expression(x, at: p / member.rawValue)) }
      }
    case nil: break
    }
    return out
  }

  static func shapes(_ shapes: [LottieShape], at pointer: JSONPointer) -> [LottieNotEvaluated] {
    var out: [LottieNotEvaluated] = []
    for (i, shape) in shapes.enumerated() {
      let at = pointer / i
      switch shape.content {
      case .group(let group):
        out += Self.shapes(group.items ?? [], at: at / LottieShapeGroup.Member.items.rawValue)
      case .path(let path):
        if case .keyframes? = path.shape?.content {
          out.append(
            LottieNotEvaluated(
              pointer: at / LottiePathShape.Member.shape.rawValue, feature: .shapeMorphs,
              detail: "the path's shape is animated (a morph): the timeline has no geometry"))
        }
        if let x = path.shape?.expression {
          out.append(expression(x, at: at / LottiePathShape.Member.shape.rawValue))
        }
      case .fill(let fill):
        for (member, property) in [(LottieFill.Member.color, fill.color), (.opacity, fill.opacity)]
        {
          if let x = property?.expression { out.append(expression(x, at: at / member.rawValue)) }
        }
      case .stroke(let stroke):
        for (member, property) in [
          (LottieStroke.Member.color, stroke.color), (.opacity, stroke.opacity),
          (.width, stroke.width),
        ] {
          if let x = property?.expression { out.append(expression(x, at: at / member.rawValue)) }
        }
      case .transform(let transform):
        out += expressions(in: transform, at: at)
      case .rectangle, .ellipse: break
      case .unmodelled(let type, _):
        out.append(
          LottieNotEvaluated(
            pointer: at, feature: .shapeItems,
            detail:
              "a shape item of type '\(type?.rawValue ?? "unknown")' (gradients, trims, repeaters, modifiers) is drawn by the player; the timeline leaves it out"
          ))
      }
    }
    return out
  }
}
