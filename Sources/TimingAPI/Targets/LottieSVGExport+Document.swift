import TimingEngine

extension LottieSVGExport {
  /// The members of the export's account (`<metadata>` in the SVG; the JSON of `waapi`).
  enum Member: String, WireMember {
    case maxError, bound, frameRate, inPoint, outPoint, duration, baked, notExported
    case animations, elements
  }

  enum MaxErrorMember: String, WireMember {
    case pixels, opacity, color, visibilityFrames, frame, layer
  }

  enum OmissionMember: String, WireMember {
    case pointer, feature, reason
  }

  /// The SVG attribute that carries each layer instance's key (its JSON Pointer).
  static let pointerAttribute = "data-pointer"
  /// The SVG attribute that carries each path's fill or stroke key within its layer.
  static let paintAttribute = "data-paint"

  /// Seconds the animation runs: the document's ip…op at its frame rate.
  var duration: Double { (window.upperBound - window.lowerBound) / tree.frameRate }

  /// The whole SVG document: the account, the clips, the style sheet, the layers bottom first.
  func svg() -> String {
    var out =
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \#(numberText(width)) \#(numberText(height))" "#
    out += #"width="\#(numberText(width))" height="\#(numberText(height))">"# + "\n"
    out += "<metadata id=\"animation-timing\">" + SVGText.escaped(account()) + "</metadata>\n"
    let clips = tree.instances.indices.filter {
      tree.layers[tree.instances[$0].layer].kind == .precomposition
    }
    if !clips.isEmpty {
      out += "<defs>"
      for c in clips {
        let box = tree.layers[tree.instances[c].layer].box
        out +=
          #"<clipPath id="clip\#(c)"><rect x="\#(numberText(box[0]))" y="\#(numberText(box[1]))" "#
        out +=
          #"width="\#(numberText(box[2] - box[0]))" height="\#(numberText(box[3] - box[1]))"/></clipPath>"#
      }
      out += "</defs>\n"
    }
    out += "<style>\n" + css() + "</style>\n"
    var drawn = ""
    paint(container: nil, into: &drawn)
    return out + drawn + "</svg>\n"
  }

  /// The style sheet: each animation's class and `@keyframes`.
  func css() -> String {
    var out = ""
    for animation in animations {
      out += ".\(animation.name){animation:\(animation.name) \(numberText(duration))s infinite}\n"
      out += "@keyframes \(animation.name){"
      for (k, keyframe) in animation.keyframes.keyframes.enumerated() {
        out +=
          "\(numberText(keyframe.offset * 100))%{\(Self.declaration(animation.property, keyframe.values))"
        if k + 1 < animation.keyframes.keyframes.count {
          out += ";animation-timing-function:\(Self.easing(keyframe.easing))"
        }
        out += "}"
      }
      out += "}\n"
    }
    // A path whose colour and opacity both move has both classes: each class's rule sets the
    // `animation` shorthand, so the later would drop the other's (a fill stayed at its first
    // colour on thorvg__game_finished.json); a rule for the pair runs both.
    // (Keys in order: a dictionary's order differs from run to run.)
    for paints in paintAnimations {
      for key in paints.keys.sorted() {
        guard let color = paints[key]?.color, let opacity = paints[key]?.opacity else { continue }
        let (c, q) = (animations[color].name, animations[opacity].name)
        out += ".\(c).\(q){animation:\(c) \(numberText(duration))s infinite,"
        out += "\(q) \(numberText(duration))s infinite}\n"
      }
    }
    return out
  }

  /// Instances of `container`'s composition, bottom first (Lottie lists the top first), a
  /// precomposition's in its place.
  private func paint(container: Int?, into out: inout String) {
    // Each composition's instances, listed once (a scan of every instance for each
    // precomposition was quadratic in 20 000 of them).
    var held: [Int: [Int]] = [:]
    var root: [Int] = []
    for (i, instance) in tree.instances.enumerated() {
      if let c = instance.container { held[c, default: []].append(i) } else { root.append(i) }
    }
    func paint(_ instances: [Int]) {
      for i in instances.reversed() {
        let layer = tree.layers[tree.instances[i].layer]
        if layer.kind == .precomposition { paint(held[i] ?? []) }
        element(i, layer, into: &out)
      }
    }
    paint(container.map { held[$0] ?? [] } ?? root)
  }

  /// One instance: its visibility, its chain of groups, and innermost the group named by its
  /// pointer, holding what it draws (nothing for a null or a precomposition: the group is
  /// there for its transform).
  private func element(_ i: Int, _ layer: LottieLayerTracks, into out: inout String) {
    out += #"<g class="\#(animations[visibility[i]].name)">"#
    let steps = chain(i)
    for step in steps {
      switch step {
      case .animated(let k):
        out += #"<g class="\#(animations[k].name)""#
        if let path = animations[k].path {
          // On the element, so that every form (the style sheet, CSS alone, Web Animations)
          // moves it along the same path; turned with it only where the layer auto-orients.
          let rotate = path.rotates ? "auto" : "0deg"
          out += #" style="offset-path:path('\#(path.text)');offset-rotate:\#(rotate)""#
        }
        out += ">"
      case .still(let m): out += #"<g transform="\#(Self.matrixText(m))">"#
      case .clip(let c): out += #"<g clip-path="url(#clip\#(c))">"#
      case .opacity(let v): out += #"<g opacity="\#(numberText(v))">"#
      }
    }
    out += #"<g \#(Self.pointerAttribute)="\#(SVGText.escaped(tree.instances[i].key))">"#
    if layer.kind == .solid, let color = layer.solidColor {
      let box = layer.box
      out +=
        #"<rect width="\#(numberText(box[2]))" height="\#(numberText(box[3]))" fill="\#(rgb(color))""#
      if color.count > 3, color[3] != 1 { out += #" fill-opacity="\#(numberText(color[3]))""# }
      out += "/>"
    }
    if let shapes = content[i] {
      let f = compositionFrame(i, at: window.lowerBound)
      var tracks: [String: LottieLayerTracks.Paint] = [:]
      for paint in layer.paints { tracks[paint.key] = paint }
      for paint in shapes.paints {
        let track = tracks[paint.key]
        let color = track?.color.value(at: f) ?? paint.color
        let opacity = (track?.opacity?.value(at: f).first).map { $0 / 100 } ?? paint.opacity
        let moving = paintAnimations[i][paint.key]
        let classes = [moving?.color, moving?.opacity].compactMap { $0 }.map { animations[$0].name }
        // The paint's key, as the timeline keys its colour (`/shapes/0/it/2`).
        out += #"<path d="\#(paint.path)" \#(Self.paintAttribute)="\#(SVGText.escaped(paint.key))""#
        if !classes.isEmpty { out += #" class="\#(classes.joined(separator: " "))""# }
        switch paint.kind {
        case .fill:
          out += #" fill="\#(rgb(color))""#
          if opacity != 1 { out += #" fill-opacity="\#(numberText(opacity))""# }
          if paint.evenOdd { out += #" fill-rule="evenodd""# }
        case .stroke:
          out += #" fill="none" stroke="\#(rgb(color))" stroke-width="\#(numberText(paint.width))""#
          out += #" stroke-linecap="\#(paint.lineCap)" stroke-linejoin="\#(paint.lineJoin)""#
          out += #" stroke-miterlimit="\#(numberText(paint.miterLimit))""#
          if opacity != 1 { out += #" stroke-opacity="\#(numberText(opacity))""# }
        }
        out += "/>"
      }
    }
    out += "</g>" + String(repeating: "</g>", count: steps.count) + "</g>\n"
  }

  /// The export's account as JSON: the bound asked for, the largest differences measured,
  /// the animations baked, what is not exported.
  func account() -> String {
    var w = JSONWriter(capacity: 1024)
    w.beginObject()
    w.key(Member.maxError)
    w.beginObject()
    w.member(MaxErrorMember.pixels, measured.pixels)
    w.member(MaxErrorMember.opacity, measured.opacity)
    w.member(MaxErrorMember.color, measured.color)
    w.member(MaxErrorMember.visibilityFrames, measured.visibility)
    w.member(MaxErrorMember.frame, measured.frame)
    w.key(MaxErrorMember.layer)
    if measured.layer >= 0 { w.string(tree.instances[measured.layer].key) } else { w.null() }
    w.endObject()
    w.member(Member.bound, maxError)
    w.member(Member.frameRate, tree.frameRate)
    w.member(Member.inPoint, window.lowerBound)
    w.member(Member.outPoint, window.upperBound)
    w.member(Member.duration, duration)
    w.key(Member.baked)
    w.beginArray()
    for animation in animations where animation.baked { w.string(animation.name) }
    w.endArray()
    w.key(Member.notExported)
    w.beginArray()
    for omission in omissions {
      w.beginObject()
      w.member(OmissionMember.pointer, omission.pointer)
      w.member(OmissionMember.feature, omission.feature)
      w.member(OmissionMember.reason, omission.reason)
      w.endObject()
    }
    w.endArray()
    w.endObject()
    return String(decoding: w.bytes, as: UTF8.self)
  }

  /// A CSS declaration of `property` at `values`.
  static func declaration(_ property: Property, _ v: [Double]) -> String {
    let (name, value) = cssValue(property, v)
    return name + ":" + value
  }

  /// The CSS property `property` animates, and its value at `v`.
  static func cssValue(_ property: Property, _ v: [Double]) -> (name: String, value: String) {
    func px(_ x: Double) -> String { numberText(x) + "px" }
    func deg(_ x: Double) -> String { numberText(x) + "deg" }
    switch property {
    case .translate: return ("transform", "translate(\(px(v[0])),\(px(v[1])))")
    case .translateX: return ("transform", "translateX(\(px(v[0])))")
    case .translateY: return ("transform", "translateY(\(px(v[0])))")
    case .rotate: return ("transform", "rotate(\(deg(v[0])))")
    case .skew:
      return ("transform", "rotate(\(deg(-v[1]))) skewX(\(deg(-v[0]))) rotate(\(deg(v[1])))")
    case .scale: return ("transform", "scale(\(numberText(v[0])),\(numberText(v[1])))")
    case .scaleX: return ("transform", "scaleX(\(numberText(v[0])))")
    case .scaleY: return ("transform", "scaleY(\(numberText(v[0])))")
    case .opacity: return ("opacity", numberText(v[0]))
    case .visibility: return ("visibility", v[0] == 1 ? "visible" : "hidden")
    case .fill: return ("fill", rgbText(v))
    case .stroke: return ("stroke", rgbText(v))
    case .fillOpacity: return ("fill-opacity", numberText(v[0]))
    case .strokeOpacity: return ("stroke-opacity", numberText(v[0]))
    case .offsetDistance: return ("offset-distance", px(v[0]))
    }
  }

  static func easing(_ easing: CSSKeyframes.Easing) -> String {
    switch easing {
    case .linear: "linear"
    case .cubic(let a, let b, let c, let d):
      "cubic-bezier(\(numberText(a)),\(numberText(b)),\(numberText(c)),\(numberText(d)))"
    case .holdToEnd: "steps(1,end)"
    }
  }

  static func matrixText(_ m: LottieAffine) -> String {
    "matrix(" + [m.a, m.b, m.c, m.d, m.tx, m.ty].map(numberText).joined(separator: " ") + ")"
  }

  /// r, g, b in 0…1 as CSS's `rgb()` in 0…255, unrounded (CSS Color 4 takes fractions).
  static func rgbText(_ v: [Double]) -> String {
    "rgb("
      + (0..<3).map { numberText(255 * max(0, min(1, $0 < v.count ? v[$0] : 0))) }.joined(
        separator: " ")
      + ")"
  }

  private func rgb(_ v: [Double]) -> String { Self.rgbText(v) }
}
