import TimingEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A shape layer's static content as SVG paths (docs/lottie-export.md "The document"), painted as
/// Lottie paints it (lottie-spec 1.0 "Shapes", lottie-web's SVG renderer): each fill or stroke
/// paints every path before it in its group, nested groups' paths included (through their
/// transforms), as one path — so overlapping shapes are one area, as the player fills them —
/// and an item drawn before another in the list is drawn above it. Rectangles and ellipses
/// become paths with lottie-web's control points (a quarter ellipse's handles at 0.5519 of
/// its radii); a group's still transform is applied to its points.
struct LottieSVGShapes: Sendable {
  /// One painted path: its geometry in the layer's space, and how it is painted.
  struct Paint: Sendable {
    enum Kind: Sendable { case fill, stroke }
    let kind: Kind
    /// The fill's or stroke's pointer within the layer (`/shapes/0/it/2`): the timeline's key
    /// for its colour.
    let key: String
    let path: String
    /// r, g, b (0…1) and the paint's own opacity (0…1), as first stated.
    let color: [Double]
    let opacity: Double
    /// A fill's rule (`evenodd` for Lottie's 2); a stroke's width, cap, join and miter limit.
    let evenOdd: Bool
    let width: Double
    let lineCap: String
    let lineJoin: String
    let miterLimit: Double
  }

  /// What is left out, by pointer within the layer: shapes the service does not model
  /// (gradients, trims, repeaters, …), and what moves in them (a shape morph, an animated
  /// size or group transform), which the export draws as first stated.
  struct Omission: Sendable {
    let pointer: String
    let feature: String
    let reason: String
  }

  /// Why an omission is one.
  static let notDrawn = "not drawn: the export has no form for it"
  static let drawnAsFirstStated = "drawn as first stated"

  /// Bottom first.
  private(set) var paints: [Paint] = []
  private(set) var omissions: [Omission] = []
  /// Each paint's kind by its key.
  private(set) var kinds: [String: Paint.Kind] = [:]
  /// Bytes of path text made; whether it would pass `maxBytes` (then nothing more is made).
  private(set) var bytes = 0
  private(set) var overflowed = false
  private let maxBytes: Int

  /// The content of `shapes` (a layer's `shapes`), keyed from `prefix` (`/shapes`), making at
  /// most `maxBytes` of path text.
  init(_ shapes: [LottieShape], prefix: JSONPointer, maxBytes: Int) {
    self.maxBytes = maxBytes
    var geometry: [String] = []
    paints = walk(shapes, at: prefix, transform: .identity, geometry: &geometry)
    for paint in paints { kinds[paint.key] = paint.kind }
  }

  /// The paths before a style, joined: counted against `maxBytes` before they are.
  private mutating func joined(_ geometry: [String]) -> String? {
    let size = geometry.reduce(geometry.count) { $0 + $1.utf8.count }
    guard !overflowed, bytes + size <= maxBytes else {
      overflowed = true
      return nil
    }
    bytes += size
    return geometry.joined(separator: " ")
  }

  /// Dimension `d` of a value, or `fallback` where it has fewer.
  static func component(_ v: [Double], _ d: Int, _ fallback: Double) -> Double {
    d < v.count ? v[d] : fallback
  }

  /// A group's paints bottom first, and its geometry (through `transform`) added to
  /// `geometry` for the styles of the groups holding it.
  private mutating func walk(
    _ items: [LottieShape], at pointer: JSONPointer, transform: LottieAffine,
    geometry outer: inout [String]
  ) -> [Paint] {
    // The group's own transform first: it moves everything in the group.
    var local = transform
    for (k, item) in items.enumerated() {
      guard case .transform(let t) = item.content else { continue }
      local = transform.concatenating(still(t, at: pointer / k))
    }
    // Geometry before each item, in list order.
    var geometry: [String] = []
    var painted: [[Paint]] = []
    for (k, item) in items.enumerated() {
      let at = pointer / k
      guard item.hidden != true else {
        painted.append([])
        continue
      }
      switch item.content {
      case .group(let group):
        var inner: [String] = []
        let nested = walk(
          group.items ?? [], at: at / LottieShapeGroup.Member.items.rawValue, transform: local,
          geometry: &inner)
        geometry += inner
        painted.append(nested)
      case .rectangle(let rectangle):
        geometry.append(rect(rectangle, at: at, local))
        painted.append([])
      case .ellipse(let ellipse):
        geometry.append(self.ellipse(ellipse, at: at, local))
        painted.append([])
      case .path(let path):
        if let d = self.path(path, at: at, local) { geometry.append(d) }
        painted.append([])
      case .fill(let fill):
        painted.append(
          geometry.isEmpty ? [] : joined(geometry).map { [self.fill(fill, at: at, path: $0)] } ?? []
        )
      case .stroke(let stroke):
        painted.append(
          geometry.isEmpty
            ? [] : joined(geometry).map { [self.stroke(stroke, at: at, path: $0)] } ?? [])
      case .transform:
        painted.append([])
      case .unmodelled(let type, _):
        omissions.append(
          Omission(
            pointer: at.description, feature: type?.rawValue ?? "an unknown shape",
            reason: Self.notDrawn))
        painted.append([])
      }
    }
    outer += geometry
    // An item listed later is drawn below: bottom first is the list reversed.
    return painted.reversed().flatMap { $0 }
  }

  /// A still value, or the first keyframe's (the move listed as not exported).
  private mutating func first(
    _ property: LottieAnimated<LottieNumbers>?, at pointer: JSONPointer, _ fallback: [Double]
  ) -> [Double] {
    guard let property else { return fallback }
    switch property.content {
    case .still(let value): return value.values.isEmpty ? fallback : value.values
    case .keyframes(let keyframes):
      omissions.append(
        Omission(
          pointer: pointer.description, feature: "animated shape property",
          reason: Self.drawnAsFirstStated))
      return keyframes.first?.start?.values ?? fallback
    }
  }

  private mutating func still(_ t: LottieTransform, at pointer: JSONPointer) -> LottieAffine {
    typealias M = LottieTransform.Member
    typealias C = LottieSVGShapes
    let a = first(t.anchor, at: pointer / M.anchor.rawValue, [0, 0])
    let s = first(t.scale, at: pointer / M.scale.rawValue, [100, 100])
    let r = C.component(first(t.rotation, at: pointer / M.rotation.rawValue, [0]), 0, 0)
    let sk = C.component(first(t.skew, at: pointer / M.skew.rawValue, [0]), 0, 0)
    let sa = C.component(first(t.skewAxis, at: pointer / M.skewAxis.rawValue, [0]), 0, 0)
    var p: [Double] = [0, 0]
    switch t.position {
    case .combined(let position)?: p = first(position, at: pointer / M.position.rawValue, [0, 0])
    case .split(let split)?:
      p = [
        C.component(first(split.x, at: pointer / M.position.rawValue, [0]), 0, 0),
        C.component(first(split.y, at: pointer / M.position.rawValue, [0]), 0, 0),
      ]
    case nil: break
    }
    let opacity = first(t.opacity, at: pointer / M.opacity.rawValue, [100])
    if C.component(opacity, 0, 100) != 100 {
      omissions.append(
        Omission(
          pointer: pointer.description, feature: "group opacity", reason: Self.drawnAsFirstStated
        ))
    }
    let skewed = sk == 0 ? LottieAffine.identity : LottieAffine.skew(degrees: sk, axis: sa)
    return LottieAffine.translation(C.component(p, 0, 0), C.component(p, 1, 0))
      .concatenating(.rotation(degrees: r))
      .concatenating(skewed)
      .concatenating(.scale(C.component(s, 0, 100) / 100, C.component(s, 1, 100) / 100))
      .concatenating(.translation(-C.component(a, 0, 0), -C.component(a, 1, 0)))
  }

  /// lottie-web's ellipse and rounded-corner handle length, of a radius.
  static let kappa = 0.5519150244935105

  private mutating func rect(_ r: LottieRectangle, at pointer: JSONPointer, _ m: LottieAffine)
    -> String
  {
    typealias M = LottieRectangle.Member
    let p = first(r.position, at: pointer / M.position.rawValue, [0, 0])
    let s = first(r.size, at: pointer / M.size.rawValue, [0, 0])
    let (cx, cy) = (Self.component(p, 0, 0), Self.component(p, 1, 0))
    let (w, h) = (Self.component(s, 0, 0) / 2, Self.component(s, 1, 0) / 2)
    let roundness = first(r.roundness, at: pointer / M.roundness.rawValue, [0])
    let radius = min(Self.component(roundness, 0, 0), w, h)
    let (x0, y0, x1, y1) = (cx - w, cy - h, cx + w, cy + h)
    var path = PathText(m)
    if radius <= 0 {
      path.move(x1, y0)
      path.line(x1, y1)
      path.line(x0, y1)
      path.line(x0, y0)
    } else {
      let c = radius * (1 - Self.kappa)
      path.move(x1, y0 + radius)
      path.line(x1, y1 - radius)
      path.curve(x1, y1 - c, x1 - c, y1, x1 - radius, y1)
      path.line(x0 + radius, y1)
      path.curve(x0 + c, y1, x0, y1 - c, x0, y1 - radius)
      path.line(x0, y0 + radius)
      path.curve(x0, y0 + c, x0 + c, y0, x0 + radius, y0)
      path.line(x1 - radius, y0)
      path.curve(x1 - c, y0, x1, y0 + c, x1, y0 + radius)
    }
    path.close()
    return r.direction == 3 ? path.reversed : path.text
  }

  private mutating func ellipse(_ e: LottieEllipse, at pointer: JSONPointer, _ m: LottieAffine)
    -> String
  {
    typealias M = LottieEllipse.Member
    let p = first(e.position, at: pointer / M.position.rawValue, [0, 0])
    let s = first(e.size, at: pointer / M.size.rawValue, [0, 0])
    let (x, y) = (Self.component(p, 0, 0), Self.component(p, 1, 0))
    let (rx, ry) = (Self.component(s, 0, 0) / 2, Self.component(s, 1, 0) / 2)
    let (cx, cy) = (rx * Self.kappa, ry * Self.kappa)
    var path = PathText(m)
    path.move(x, y - ry)
    path.curve(x + cx, y - ry, x + rx, y - cy, x + rx, y)
    path.curve(x + rx, y + cy, x + cx, y + ry, x, y + ry)
    path.curve(x - cx, y + ry, x - rx, y + cy, x - rx, y)
    path.curve(x - rx, y - cy, x - cx, y - ry, x, y - ry)
    path.close()
    return e.direction == 3 ? path.reversed : path.text
  }

  private mutating func path(_ shape: LottiePathShape, at pointer: JSONPointer, _ m: LottieAffine)
    -> String?
  {
    let at = pointer / LottiePathShape.Member.shape.rawValue
    let value: LottiePathValue?
    switch shape.shape?.content {
    case .still(let v)?: value = v
    case .keyframes(let keyframes)?:
      omissions.append(
        Omission(pointer: at.description, feature: "shape morph", reason: Self.drawnAsFirstStated))
      value = keyframes.first?.start
    case nil: value = nil
    }
    guard let value, let v0 = value.vertices.first, v0.count >= 2 else { return nil }
    func point(_ list: [[Double]], _ k: Int) -> (Double, Double) {
      k < list.count && list[k].count >= 2 ? (list[k][0], list[k][1]) : (0, 0)
    }
    var path = PathText(m)
    path.move(v0[0], v0[1])
    let n = value.vertices.count
    let segments = value.closed == true ? n : n - 1
    for k in 0..<max(segments, 0) {
      let (a, b) = (k, (k + 1) % n)
      let (ax, ay) = point(value.vertices, a)
      let (bx, by) = point(value.vertices, b)
      let (ox, oy) = point(value.outTangents, a)
      let (ix, iy) = point(value.inTangents, b)
      path.curve(ax + ox, ay + oy, bx + ix, by + iy, bx, by)
    }
    if value.closed == true { path.close() }
    return path.text
  }

  private mutating func fill(_ fill: LottieFill, at pointer: JSONPointer, path: String) -> Paint {
    typealias M = LottieFill.Member
    let color = first(fill.color, at: pointer / M.color.rawValue, [0, 0, 0])
    let opacity =
      Self.component(first(fill.opacity, at: pointer / M.opacity.rawValue, [100]), 0, 100) / 100
    return Paint(
      kind: .fill, key: pointer.description, path: path, color: color, opacity: opacity,
      evenOdd: fill.fillRule == 2, width: 0, lineCap: "", lineJoin: "", miterLimit: 0)
  }

  private mutating func stroke(_ stroke: LottieStroke, at pointer: JSONPointer, path: String)
    -> Paint
  {
    typealias M = LottieStroke.Member
    let color = first(stroke.color, at: pointer / M.color.rawValue, [0, 0, 0])
    let opacity =
      Self.component(first(stroke.opacity, at: pointer / M.opacity.rawValue, [100]), 0, 100) / 100
    let width = Self.component(first(stroke.width, at: pointer / M.width.rawValue, [0]), 0, 0)
    if stroke.dashes != nil {
      omissions.append(
        Omission(
          pointer: (pointer / M.dashes.rawValue).description, feature: "stroke dashes",
          reason: Self.notDrawn))
    }
    let caps = [1: "butt", 2: "round", 3: "square"]
    let joins = [1: "miter", 2: "round", 3: "bevel"]
    return Paint(
      kind: .stroke, key: pointer.description, path: path, color: color, opacity: opacity,
      evenOdd: false, width: width, lineCap: caps[stroke.lineCap ?? 2] ?? "round",
      lineJoin: joins[stroke.lineJoin ?? 2] ?? "round", miterLimit: stroke.miterLimit ?? 4)
  }
}

/// SVG path data through an affine transform, numbers written shortest.
struct PathText {
  let m: LottieAffine
  private(set) var commands: [(Character, [Double])] = []

  init(_ m: LottieAffine) { self.m = m }

  private func placed(_ x: Double, _ y: Double) -> [Double] {
    [m.a * x + m.c * y + m.tx, m.b * x + m.d * y + m.ty]
  }

  mutating func move(_ x: Double, _ y: Double) { commands.append(("M", placed(x, y))) }
  mutating func line(_ x: Double, _ y: Double) { commands.append(("L", placed(x, y))) }
  mutating func curve(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double
  ) {
    commands.append(("C", placed(x1, y1) + placed(x2, y2) + placed(x, y)))
  }
  mutating func close() { commands.append(("Z", [])) }

  var text: String {
    commands.map { command in
      ([String(command.0)] + command.1.map { numberText(Self.rounded($0)) }).joined(separator: " ")
    }.joined(separator: " ")
  }

  /// The same outline the other way round (Lottie's `d` 3): one subpath, its points reversed.
  var reversed: String {
    // Points in order: each command's end point; a curve's handles swap on the way back.
    var points: [[Double]] = []
    var handles: [[Double]?] = []
    for (kind, numbers) in commands {
      switch kind {
      case "M", "L":
        points.append(numbers)
        handles.append(nil)
      case "C":
        points.append(Array(numbers[4...5]))
        handles.append(numbers)
      default: break
      }
    }
    guard let last = points.last else { return text }
    var out = PathText(.identity)
    out.move(last[0], last[1])
    for k in stride(from: points.count - 1, to: 0, by: -1) {
      let to = points[k - 1]
      if let h = handles[k] {
        out.curve(h[2], h[3], h[0], h[1], to[0], to[1])
      } else {
        out.line(to[0], to[1])
      }
    }
    out.close()
    return out.text
  }

  /// To 1e-6 px: a path's coordinates need no more, and 17 digits each made the corpus's
  /// largest files' SVG three times larger.
  static func rounded(_ v: Double) -> Double {
    abs(v) < 1e9 ? (v * 1e6).rounded() / 1e6 : v
  }
}
