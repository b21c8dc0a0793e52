import TimingEngine

/// One Lottie layer made ready to evaluate (docs/lottie.md): its transform's properties as
/// tracks, its times (`ip`, `op`, `st`, `sr`, time remap `tm`), what it shows (hidden, a matte
/// source) and its colours — a solid's, and each fill's and stroke's with its opacity — keyed
/// by their JSON Pointer within the layer. Shared by every instance of a precomposition's
/// layer, and a class so that reading one at each instance and frame copies nothing: as a
/// struct of some twenty arrays, each read retained and released them all — 30 % of a
/// timeline's time (perf, issue_2066 at 153 frames).
final class LottieLayerTracks: Sendable {
  enum Position: Sendable {
    case combined(LottieTrack)
    /// `p.s: true`: x and y animated apart (z, if any, ignored in 2D).
    case split(x: LottieTrack, y: LottieTrack)
  }

  /// A fill's or a stroke's colour, keyed by its pointer relative to the layer.
  struct Paint: Sendable {
    let key: String
    let color: LottieTrack
    let opacity: LottieTrack?
  }

  let pointer: JSONPointer
  let kind: LottieLayer.Kind?
  let index: Int?
  let name: String?
  let anchor, scale, rotation, opacity, skew, skewAxis: LottieTrack?
  let position: Position?
  /// A split position's axes as python-lottie merges them (`LottieTrack.mergedAxes`).
  let mergedSplitPosition: LottieTrack?
  let autoOrient: Bool
  let inPoint, outPoint, startTime, timeStretch: Double
  /// Whether the layer states `st` (lottie-spec 1.0 defaults it to 0; lottie-web never shows a
  /// layer without it).
  let startTimeGiven: Bool
  let timeRemap: LottieTrack?
  /// Not drawn: `hd`, or a track matte's source (`td: 1`), which players draw only as a matte.
  let hidden: Bool
  /// A track matte's source (`td: 1`): hidden even where `hd` is not read.
  let matteSource: Bool
  /// The rotation read from a 3D layer's `rz` (no `r`).
  let rotationFromZ: Bool
  /// `ddd: 0` stated (rlottie turns a layer by `r` only then).
  let twoDStated: Bool
  /// `sc`, as r, g, b, a in 0…1.
  let solidColor: [Double]?
  /// The layer's box in its own space, x0, y0, x1, y1 (docs/lottie.md "Lint": where a
  /// player's difference is measured): a solid's `sw` × `sh`, a precomposition's `w` × `h`, a
  /// shape layer's rectangles', ellipses' and paths' bounds as first stated (group transforms
  /// aside), else the layer's origin.
  let box: [Double]
  let paints: [Paint]

  /// The layer at `pointer`; nil after a problem (each named by its pointer). `oldColors`:
  /// fills and strokes in 0…255, as bodymovin wrote them before 4.1.9 (lottie-web divides them
  /// by 255 for such files; lottie-spec 1.0 has only 0…1).
  init?(
    _ layer: LottieLayer, at pointer: JSONPointer, oldColors: Bool,
    caches: LottieEasingCache.Substitutions = .init(), in context: inout DecodingContext
  ) {
    let problemsBefore = context.problems.count
    self.pointer = pointer
    kind = layer.kind
    index = layer.index
    name = layer.name
    func time(_ value: Double?, _ member: LottieLayer.Member, required: Bool) -> Double? {
      guard let value else {
        if required {
          context.fail(
            pointer / member.rawValue,
            "is required: the frame the layer \(member == .inPoint ? "first shows at" : "stops showing at")"
          )
        }
        return nil
      }
      guard LottieTrack.valueRange.contains(value) else {
        context.fail(
          pointer / member.rawValue, "is \(numberText(value)); it must lie in [-1e9, 1e9]")
        return nil
      }
      return value
    }
    inPoint = time(layer.inPoint, .inPoint, required: true) ?? 0
    outPoint = time(layer.outPoint, .outPoint, required: true) ?? 0
    startTime = time(layer.startTime, .startTime, required: false) ?? 0
    startTimeGiven = layer.startTime != nil
    let stretch = layer.timeStretch ?? 1
    if !(1e-3...1e3).contains(abs(stretch)) {
      context.fail(
        pointer / LottieLayer.Member.timeStretch.rawValue,
        "is \(numberText(stretch)); a time stretch must lie in ±[0.001, 1000] (1 plays at the composition's speed, 2 at half)"
      )
    }
    timeStretch = stretch
    let transform = layer.transform ?? LottieTransform()
    let ks = pointer / LottieLayer.Member.transform.rawValue
    func track(_ property: LottieAnimated<LottieNumbers>?, _ member: LottieTransform.Member)
      -> LottieTrack?
    {
      guard let property else { return nil }
      return LottieTrack(
        property, at: ks / member.rawValue, spatial: member == .anchor, caches: caches, in: &context
      )
    }
    anchor = track(transform.anchor, .anchor)
    scale = track(transform.scale, .scale)
    // A 3D layer's z rotation stands for its rotation in 2D (its x and y turns are listed as
    // not evaluated).
    rotationFromZ = transform.rotation == nil && transform.rotationZ != nil
    twoDStated = layer.threeD == 0
    rotation = track(
      transform.rotation ?? transform.rotationZ, rotationFromZ ? .rotationZ : .rotation)
    opacity = track(transform.opacity, .opacity)
    skew = track(transform.skew, .skew)
    skewAxis = track(transform.skewAxis, .skewAxis)
    let p = ks / LottieTransform.Member.position.rawValue
    switch transform.position {
    case nil: position = nil
    case .combined(let animated):
      position = LottieTrack(animated, at: p, spatial: true, caches: caches, in: &context).map(
        Position.combined)
    case .split(let split):
      if let x = split.x, let y = split.y,
        let xt = LottieTrack(
          x, at: p / LottieSplitPosition.Member.x.rawValue, spatial: false, caches: caches,
          in: &context),
        let yt = LottieTrack(
          y, at: p / LottieSplitPosition.Member.y.rawValue, spatial: false, caches: caches,
          in: &context)
      {
        position = .split(x: xt, y: yt)
      } else {
        position = nil
      }
    }
    if case .split(let x, let y) = position {
      mergedSplitPosition = LottieTrack.mergedAxes([x, y])
    } else {
      mergedSplitPosition = nil
    }
    autoOrient = (layer.autoOrient ?? 0) == 1
    timeRemap = layer.timeRemap.flatMap {
      LottieTrack(
        $0, at: pointer / LottieLayer.Member.timeRemap.rawValue, spatial: false, caches: caches,
        in: &context)
    }
    matteSource = (layer.matteTarget ?? 0) == 1
    hidden = (layer.hidden ?? false) || matteSource
    solidColor = layer.solidColor.flatMap { HexColor.components($0, allowingShort: true) }
    if layer.solidColor != nil && solidColor == nil {
      context.warn(
        pointer / LottieLayer.Member.solidColor.rawValue,
        "is not a #rrggbb colour; the solid's colour is left out")
    }
    switch layer.kind {
    case .solid: box = [0, 0, layer.solidWidth ?? 0, layer.solidHeight ?? 0]
    case .precomposition: box = [0, 0, layer.width ?? 0, layer.height ?? 0]
    case .shape: box = Self.bounds(layer.shapes ?? []) ?? [0, 0, 0, 0]
    case .image, .null, .text, .audio, .videoPlaceholder, .imageSequence, .video,
      .imagePlaceholder, .guide, .adjustment, .camera, .light, .data, nil:
      box = [0, 0, 0, 0]
    }
    var paints: [Paint] = []
    Self.collectPaints(
      layer.shapes ?? [], at: pointer / LottieLayer.Member.shapes.rawValue, layer: pointer,
      oldColors: oldColors, caches: caches, into: &paints, in: &context)
    self.paints = paints
    guard context.problems.count == problemsBefore else { return nil }
  }

  /// Every animatable property the layer's evaluation reads.
  var tracks: [LottieTrack] {
    var out = [anchor, scale, rotation, opacity, skew, skewAxis, timeRemap].compactMap { $0 }
    switch position {
    case .combined(let track)?: out.append(track)
    case .split(let x, let y)?: out += [x, y]
    case nil: break
    }
    for paint in paints { out += [paint.color] + (paint.opacity.map { [$0] } ?? []) }
    return out
  }

  /// The fills and strokes among `shapes`, through groups, in the order they are written.
  static func collectPaints(
    _ shapes: [LottieShape], at pointer: JSONPointer, layer: JSONPointer, oldColors: Bool,
    caches: LottieEasingCache.Substitutions, into paints: inout [Paint],
    in context: inout DecodingContext
  ) {
    for (i, shape) in shapes.enumerated() {
      let at = pointer / i
      let color: LottieAnimated<LottieNumbers>?
      let opacity: LottieAnimated<LottieNumbers>?
      switch shape.content {
      case .group(let group):
        collectPaints(
          group.items ?? [], at: at / LottieShapeGroup.Member.items.rawValue, layer: layer,
          oldColors: oldColors, caches: caches, into: &paints, in: &context)
        continue
      case .fill(let fill): (color, opacity) = (fill.color, fill.opacity)
      case .stroke(let stroke): (color, opacity) = (stroke.color, stroke.opacity)
      case .rectangle, .ellipse, .path, .transform, .unmodelled: continue
      }
      guard let color,
        var colorTrack = LottieTrack(
          color, at: at / LottieFill.Member.color.rawValue, spatial: false, caches: caches,
          in: &context)
      else { continue }
      if oldColors { colorTrack = colorTrack.scaled(by: 1.0 / 255) }
      let opacityTrack = opacity.flatMap {
        LottieTrack(
          $0, at: at / LottieFill.Member.opacity.rawValue, spatial: false, caches: caches,
          in: &context)
      }
      let relative = String(at.description.dropFirst(layer.description.count))
      paints.append(Paint(key: relative, color: colorTrack, opacity: opacityTrack))
    }
  }

  /// The bounds of the shapes' geometry as first stated: rectangles and ellipses (`p` ± `s`/2)
  /// and paths' vertices, through groups; nil without any.
  static func bounds(_ shapes: [LottieShape]) -> [Double]? {
    var box: [Double]?
    func add(_ x: Double, _ y: Double) {
      guard x.isFinite, y.isFinite else { return }
      if let b = box {
        box = [min(b[0], x), min(b[1], y), max(b[2], x), max(b[3], y)]
      } else {
        box = [x, y, x, y]
      }
    }
    func first(_ property: LottieAnimated<LottieNumbers>?) -> [Double] {
      switch property?.content {
      case .still(let value)?: value.values
      case .keyframes(let keyframes)?: keyframes.first?.start?.values ?? []
      case nil: []
      }
    }
    func centered(_ p: [Double], _ s: [Double]) {
      guard p.count >= 2, s.count >= 2 else { return }
      add(p[0] - s[0] / 2, p[1] - s[1] / 2)
      add(p[0] + s[0] / 2, p[1] + s[1] / 2)
    }
    for shape in shapes {
      switch shape.content {
      case .group(let group):
        if let inner = bounds(group.items ?? []) {
          add(inner[0], inner[1])
          add(inner[2], inner[3])
        }
      case .rectangle(let rect): centered(first(rect.position), first(rect.size))
      case .ellipse(let ellipse): centered(first(ellipse.position), first(ellipse.size))
      case .path(let path):
        let value: LottiePathValue?
        switch path.shape?.content {
        case .still(let v)?: value = v
        case .keyframes(let keyframes)?: value = keyframes.first?.start
        case nil: value = nil
        }
        for vertex in value?.vertices ?? [] where vertex.count >= 2 { add(vertex[0], vertex[1]) }
      case .fill, .stroke, .transform, .unmodelled: break
      }
    }
    return box
  }
}
