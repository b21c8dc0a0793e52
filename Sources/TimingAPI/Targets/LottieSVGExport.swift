import TimingEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A Lottie document as SVG whose motion is CSS `@keyframes` (docs/lottie-export.md): every
/// layer instance a chain of nested groups — its parents' transforms (duplicated in each child,
/// so that the drawing order stays Lottie's), its precompositions' transforms, clips and
/// opacity, then its own position, rotation, skew, scale and anchor, one group each, each
/// animated by its own keyframes — holding its shapes as static paths. Exact where Lottie's
/// model is CSS's (`CSSKeyframes.exact`), baked within `maxError` elsewhere, and the largest
/// difference from `POST /v1/lottie/timeline` measured by playing the keyframes as a browser
/// does at every half frame.
struct LottieSVGExport: Sendable {
  /// What one animation animates on its element.
  enum Property: Sendable, Equatable {
    case translate, translateX, translateY, rotate, skew, scale, scaleX, scaleY
    case opacity, visibility, fill, stroke, fillOpacity, strokeOpacity
    /// The distance along the animation's `path` (`offset-distance`).
    case offsetDistance
  }

  struct Animation: Sendable {
    /// The class and `@keyframes` name.
    let name: String
    let property: Property
    let keyframes: CSSKeyframes
    /// Sampled and reduced within the bound, not Lottie's own keyframes.
    let baked: Bool
    /// The path an `offsetDistance` moves along.
    var path: CSSKeyframes.OffsetPath? = nil

    /// The transform of its group at `values`: a transform function's, or the point its path
    /// is at (in the path's units: the chain scales them to px around it), turned to the way
    /// the path goes there where it rotates.
    func matrix(_ values: [Double]) -> LottieAffine {
      guard property == .offsetDistance, let path else {
        return LottieSVGExport.matrix(property, values)
      }
      let (p, tangent) = path.measure.placed(atDistance: Float(values.first ?? 0))
      let m = LottieAffine.translation(Double(p.x), Double(p.y))
      guard path.rotates else { return m }
      return m.concatenating(
        .rotation(degrees: atan2(Double(tangent.y), Double(tangent.x)) * 180 / Double.pi))
    }
  }

  /// One group in an instance's chain.
  enum Step: Sendable {
    case animated(Int)
    case still(LottieAffine)
    /// The clip of precomposition instance `c` (its `w` × `h` in its own space).
    case clip(Int)
    /// A still opacity other than 1.
    case opacity(Double)
  }

  /// What is not exported, by pointer, and why.
  struct Omission: Sendable {
    let pointer: String
    let feature: String
    let reason: String
  }

  let tree: LottieLayerTree
  let width: Double
  let height: Double
  let window: ClosedRange<Double>
  /// The bound asked for, px: what the measured difference must stay within.
  let maxError: Double
  /// The bound each baked property keeps within, in its own units from px (halved and more
  /// where the measure found the chain's bakes adding up past `maxError`).
  private(set) var tolerance: Double
  private(set) var animations: [Animation] = []
  /// Per instance: its own groups (transforms, then opacity), outermost first.
  private(set) var own: [[Step]] = []
  /// Per instance: its visibility animation.
  private(set) var visibility: [Int] = []
  /// Per instance: its content (nil for a null or a precomposition).
  private(set) var content: [LottieSVGShapes?] = []
  /// Per instance and paint: the colour and paint-opacity animations, where they move.
  private(set) var paintAnimations: [[String: (color: Int?, opacity: Int?)]] = []
  private(set) var omissions: [Omission] = []
  /// The last instance's composition frames at the bake's samples (`bakeFrames`).
  private var bakeCache: (instance: Int, frames: [Double])?
  /// Per instance whose frames a time remap moves: its visibility's holds (root frame, shown).
  private var sampledVisibility: [Int: [(Double, Double)]] = [:]
  /// The largest differences measured against the timeline.
  var measured = (pixels: 0.0, opacity: 0.0, color: 0.0, visibility: 0, frame: 0.0, layer: -1)

  /// Samples a frame where a property is baked: a quarter frame (the measure reads half
  /// frames between the keyframes a bake keeps).
  static let bakeStep = 0.25
  /// The opacity a bake keeps within (1/1000: under a quarter of an 8-bit step).
  static let opacityBound = 0.001

  /// The work budget, charged as each bake samples (what is baked is known only as the
  /// properties are read); `exhausted` once a charge went past it (the route refuses the
  /// export with it, and nothing more is baked).
  private(set) var budget: WorkBudget
  private(set) var exhausted: WorkBudget.Exhausted?

  /// Path units per px of an `offset-path` (docs/lottie-export.md "Spatial paths"): a browser
  /// measures a path by chords within half a unit of it (0.4 px off the arc length on a 1 330
  /// px curve at 1 unit a px, 1.3e-2 px at 64), so paths are written 64 times larger in a group
  /// scaled by 1/64, and what they move scaled back by 64.
  static let offsetScale = 64.0

  /// Offset paths (by animation name: `P3`, `A3`) in the chain of an instance the measure
  /// found past `maxError` — a curve too large for 256 chords, coordinates so large that the
  /// browser's float sums are coarse, a corner an auto-orient turns at, or a bake elsewhere in
  /// the chain (then baked needlessly, within the bound): baked in the next attempt.
  private var offsetRefused: Set<String> = []
  /// Each layer's offset paths as made (nil: it has none), by layer and property (`3P`,
  /// `3A`): one for every instance of the layer and every attempt (a precomposition shown
  /// 20 000 times shares them).
  private var offsetPaths: [String: CSSKeyframes.OffsetPath?] = [:]
  /// Each shape layer's content as made, by layer: the same for every instance and attempt.
  private var shapesMade: [Int: LottieSVGShapes] = [:]

  /// Attempts at most: each bakes tighter where the measure found the bound passed (bakes
  /// along a chain add up: a parent's 0.5 px and its turn move a child 2.4 px on
  /// ios__Issues__issue_2066.json); the last one's measure is what the account states.
  static let attempts = 4

  init(
    _ animation: LottieAnimation, tree: LottieLayerTree, maxError: Double, budget: WorkBudget
  ) {
    self.tree = tree
    self.budget = budget
    self.maxError = maxError
    tolerance = maxError
    width = animation.width ?? 0
    height = animation.height ?? 0
    // The route refuses op ≤ ip (nothing plays; offsets would divide by 0).
    window = tree.inPoint...max(tree.outPoint, tree.inPoint)
    let layersByPointer = Self.layers(of: animation)
    for _ in 0..<Self.attempts {
      build(layersByPointer)
      guard exhausted == nil, chargeMeasure() else { return }
      let worst = measure()
      guard measured.pixels > maxError else { return }
      // Past the bound: the offset paths in its chain are baked next time; where it has none,
      // its bakes are made tighter (by the worst of those alone: a path refused is no reason).
      var refused = false
      var unexplained = 0.0
      for i in tree.instances.indices where worst[i] > maxError {
        var alongPath = false
        for case .animated(let k) in chain(i) where animations[k].path != nil {
          offsetRefused.insert(animations[k].name)
          alongPath = true
        }
        refused = refused || alongPath
        if !alongPath { unexplained = max(unexplained, worst[i]) }
      }
      guard refused || animations.contains(where: \.baked) else { return }
      if unexplained > maxError { tolerance *= max(0.05, 0.8 * maxError / unexplained) }
    }
  }

  /// Charges a measure; false past the budget.
  private mutating func chargeMeasure() -> Bool {
    do throws(WorkBudget.Exhausted) {
      try budget.charge(Self.measureCost(tree), .export)
      return true
    } catch {
      exhausted = error
      return false
    }
  }

  /// Every instance's groups, visibility, content and paints' animations at `tolerance`.
  private mutating func build(_ layersByPointer: [String: LottieLayer]) {
    (animations, own, visibility, content, paintAnimations, omissions) = ([], [], [], [], [], [])
    sampleVisibility()
    guard exhausted == nil else { return }
    for notEvaluated in tree.notEvaluated {
      omissions.append(
        Omission(
          pointer: notEvaluated.pointer.description, feature: notEvaluated.feature.rawValue,
          reason: notEvaluated.detail))
    }
    // Each layer's shapes once (a precomposition shown 20 000 times shares them, and every
    // attempt), their omissions listed once per layer of the document.
    var listed = Set<Int>()
    for (i, instance) in tree.instances.enumerated() {
      let tracks = tree.layers[instance.layer]
      let map = frameMap(i)
      own.append(steps(i, tracks, map: map))
      visibility.append(visibilityAnimation(i, map: map))
      var shapes: LottieSVGShapes?
      var paints: [String: (color: Int?, opacity: Int?)] = [:]
      switch tracks.kind {
      case .shape?:
        let content: LottieSVGShapes
        if let known = shapesMade[instance.layer] {
          content = known
        } else {
          let layer = layersByPointer[tracks.pointer.description]
          content = LottieSVGShapes(
            layer?.shapes ?? [], prefix: JSONPointer([LottieLayer.Member.shapes.rawValue]),
            maxBytes: Self.maxPathBytes)
          shapesMade[instance.layer] = content
        }
        if listed.insert(instance.layer).inserted {
          guard !content.overflowed else {
            // More path text than one layer may make: refused as work past the budget, at
            // the layer's shapes.
            do throws(WorkBudget.Exhausted) {
              try budget.charge(
                WorkBudget.adding(budget.limit, 1), .export,
                at: tracks.pointer.tokens + [LottieLayer.Member.shapes.rawValue])
            } catch {
              exhausted = error
            }
            return
          }
          for omission in content.omissions {
            omissions.append(
              Omission(
                pointer: tracks.pointer.description + omission.pointer, feature: omission.feature,
                reason: omission.reason))
          }
        }
        // Each path written once for each instance: charged by its bytes.
        guard chargeKeyframes(content.bytes / Self.pathBytesPerKeyframe + 1) else { return }
        for paint in tracks.paints {
          let stroke = content.kinds[paint.key] == .stroke
          let color = paintAnimation(
            i, paint.color, map: map, name: "C\(i)_\(paints.count)",
            property: stroke ? .stroke : .fill, dimensions: [0, 1, 2], defaults: [0, 0, 0],
            scale: 1)
          let opacity = paint.opacity.flatMap {
            paintAnimation(
              i, $0, map: map, name: "Q\(i)_\(paints.count)",
              property: stroke ? .strokeOpacity : .fillOpacity, dimensions: [0], defaults: [100],
              scale: 0.01)
          }
          if color != nil || opacity != nil { paints[paint.key] = (color, opacity) }
        }
        shapes = content
      case .solid?, .precomposition?, .null?, .image?, .text?, .audio?, .videoPlaceholder?,
        .imageSequence?, .video?, .imagePlaceholder?, .guide?, .adjustment?, .camera?, .light?,
        .data?, nil:
        // A solid is drawn from its colour and size (`+Document`); the others draw nothing the
        // export has (an image, a text: listed by the timeline's notEvaluated).
        shapes = nil
      }
      content.append(shapes)
      paintAnimations.append(paints)
    }
  }

  /// Where a time remap moves what is shown: each such instance's shown (1) or not (0) at every
  /// quarter frame, as holds where it changes — from one evaluation of the tree a sample for
  /// all of them (one each made 1 139 instances' export take minutes:
  /// ios__Issues__pr_2286.json), charged as the timeline's evaluation.
  private mutating func sampleVisibility() {
    sampledVisibility = [:]
    let needed = tree.instances.indices.filter { frameMap($0) == nil }
    guard !needed.isEmpty else { return }
    let samples = Int(min((window.upperBound - window.lowerBound) / Self.bakeStep + 2, 1e12))
    do throws(WorkBudget.Exhausted) {
      try budget.charge(
        WorkBudget.multiplying(
          samples, WorkBudget.multiplying(tree.instances.count, Self.instanceFrameCost)),
        .export)
    } catch {
      exhausted = error
      return
    }
    var state = LottieLayerTree.FrameState(count: tree.instances.count)
    var frame = window.lowerBound
    while frame < window.upperBound {
      tree.evaluate(frame, into: &state)
      for i in needed {
        let shown: Double = state.visible[i] ? 1 : 0
        if sampledVisibility[i]?.last?.1 != shown {
          sampledVisibility[i, default: []].append((frame, shown))
        }
      }
      frame += Self.bakeStep
    }
  }

  /// Charges `count` keyframes kept (or path bytes, `pathBytesPerKeyframe` to one); false past
  /// the budget.
  private mutating func chargeKeyframes(_ count: Int) -> Bool {
    guard exhausted == nil else { return false }
    do throws(WorkBudget.Exhausted) {
      try budget.charge(WorkBudget.multiplying(count, Self.keyframeCost), .export)
      return true
    } catch {
      exhausted = error
      return false
    }
  }

  /// Units of a keyframe kept and written (its values as text: about 60 bytes), and the bytes
  /// of path text charged as one; the path text one layer's shapes may make (each fill or
  /// stroke repeats every path before it: 175 000 rectangles and as many fills in 8 MiB would
  /// make 1e11 bytes).
  static let keyframeCost = 30
  static let pathBytesPerKeyframe = 60
  /// Keyframes an offset path's cubic is charged as: its 256 chords at most, four a keyframe
  /// (a chord is a halving and a square root), 8 bytes each kept.
  static let cubicKeyframes = 64
  static let maxPathBytes = 64 << 20

  /// Charges a bake of `numbers` numbers a sample; false (and nothing baked) past the budget.
  private mutating func chargeBake(_ numbers: Int) -> Bool {
    guard exhausted == nil else { return false }
    let samples = Int(min((window.upperBound - window.lowerBound) / Self.bakeStep + 2, 1e12))
    do throws(WorkBudget.Exhausted) {
      try budget.charge(
        WorkBudget.multiplying(samples, Self.bakeSampleCost + numbers * Self.bakeNumberCost),
        .export)
      return true
    } catch {
      exhausted = error
      return false
    }
  }

  /// Every layer of the document by its pointer (`/layers/3`, `/assets/0/layers/1`).
  static func layers(of animation: LottieAnimation) -> [String: LottieLayer] {
    var out: [String: LottieLayer] = [:]
    let layers = LottieAnimation.Member.layers.rawValue
    for (i, layer) in (animation.layers ?? []).enumerated() {
      out[(JSONPointer([layers]) / i).description] = layer
    }
    for (j, asset) in (animation.assets ?? []).enumerated() {
      for (i, layer) in (asset.layers ?? []).enumerated() {
        out[(JSONPointer([LottieAnimation.Member.assets.rawValue]) / j / layers / i).description] =
          layer
      }
    }
    return out
  }

  // MARK: Time

  /// The instance's frames as a linear map of the root's: through each precomposition's `st`
  /// and `sr` (lottie-spec 1.0 "Time Stretch", as the timeline reads them); nil where a time
  /// remap or a backwards stretch makes them no such map (its properties are then baked).
  func frameMap(_ i: Int) -> CSSKeyframes.FrameMap? {
    guard let c = tree.instances[i].container else { return .init(scale: 1, offset: 0) }
    guard let outer = frameMap(c) else { return nil }
    let holder = tree.layers[tree.instances[c].layer]
    guard holder.timeRemap == nil, holder.timeStretch > 0 else { return nil }
    // The timeline's own reading of st and sr (`contentFrame`), as a linear map.
    guard
      let map = LottiePlayback.exact.precompositionTime.linear(
        after: (outer.scale, outer.offset), stretch: holder.timeStretch,
        start: holder.startTime)
    else { return nil }
    return .init(scale: map.scale, offset: map.offset)
  }

  /// Instance `i`'s frames at the bake's samples, worked out once for every property it bakes
  /// (each precomposition's time on the way: up to eight properties sampled at the same frames).
  private mutating func bakeFrames(_ i: Int) -> [Double] {
    if let known = bakeCache, known.instance == i { return known.frames }
    let frames = CSSKeyframes.samples(window: window, step: Self.bakeStep).map {
      compositionFrame(i, at: $0)
    }
    bakeCache = (i, frames)
    return frames
  }

  /// The instance's frame at root frame `frame`, through every precomposition.
  func compositionFrame(_ i: Int, at frame: Double) -> Double {
    guard let c = tree.instances[i].container else { return frame }
    return tree.contentFrame(
      tree.layers[tree.instances[c].layer], at: compositionFrame(c, at: frame))
  }

  // MARK: Animations

  private mutating func add(_ animation: Animation) -> Int {
    animations.append(animation)
    return animations.count - 1
  }

  /// A track's dimensions as one animation when exact, else one a dimension when each is
  /// exact (eased apart), else baked from the layer's values at each root frame.
  private mutating func animate(
    _ i: Int, _ track: LottieTrack, map: CSSKeyframes.FrameMap?, name: String,
    whole: Property, apart: [Property], dimensions: [Int], defaults: [Double],
    tolerance: Double, value: (Double) -> Double = { $0 }
  ) -> [Step] {
    if let map {
      // Lottie's own keyframes, kept for each instance: charged as they are made.
      guard chargeKeyframes(track.segments.count + 2) else { return [] }
      if let exact = CSSKeyframes.exact(
        track, dimensions: dimensions, defaults: defaults, map: map, window: window, value: value)
      {
        return [step(name, whole, exact, baked: false)]
      }
      // Eased apart, each dimension its own group — where the property has one for each (a
      // colour's channels have none: baked).
      if dimensions.count > 1 && apart.count == dimensions.count {
        let each = dimensions.map {
          CSSKeyframes.exact(
            track, dimensions: [$0], defaults: defaults, map: map, window: window, value: value)
        }
        if each.allSatisfy({ $0 != nil }) {
          // `_` before the axis: instance 1's x is P1_0, never instance 10's P10.
          return zip(apart, each).enumerated().map { k, pair in
            step(name + "_\(k)", pair.0, pair.1!, baked: false)
          }
        }
      }
    }
    guard chargeBake(dimensions.count) else { return [] }
    let frames = bakeFrames(i)
    let baked = CSSKeyframes.baked(
      window: window, step: Self.bakeStep,
      tolerance: dimensions.map { _ in tolerance }
    ) { k, _ in
      let v = track.value(at: frames[k])
      return dimensions.map { value(CSSKeyframes.component(v, $0, defaults)) }
    }
    return [step(name, whole, baked, baked: true)]
  }

  /// A still keyframe list is a still group (its matrix), else an animated one.
  private mutating func step(
    _ name: String, _ property: Property, _ k: CSSKeyframes, baked: Bool,
    path: CSSKeyframes.OffsetPath? = nil
  )
    -> Step
  {
    let animation = Animation(
      name: name, property: property, keyframes: k, baked: baked, path: path)
    if k.isStill, let values = k.keyframes.first?.values {
      return property == .opacity ? .opacity(values.first ?? 1) : .still(animation.matrix(values))
    }
    return .animated(add(animation))
  }

  /// A position or an anchor along spatial tangents as an offset path, between groups that
  /// scale its units to px (`offsetScale`); nil where it has no such form (`OffsetPath`,
  /// `offsetDistance`) or the measure refused it. The path is charged as it is made, once for
  /// its layer: each cubic as up to 256 chords.
  private mutating func along(
    _ i: Int, _ track: LottieTrack, map: CSSKeyframes.FrameMap?, name: String, property: String,
    rotates: Bool = false, value: (Double) -> Double
  ) -> [Step]? {
    guard let map, !offsetRefused.contains(name), let cubics = CSSKeyframes.OffsetPath.cubics(track)
    else { return nil }
    let key = "\(tree.instances[i].layer)\(property)"
    let path: CSSKeyframes.OffsetPath
    if let known = offsetPaths[key] {
      guard let known else { return nil }
      path = known
    } else {
      guard
        chargeKeyframes(
          WorkBudget.adding(
            WorkBudget.multiplying(cubics, Self.cubicKeyframes), track.segments.count))
      else { return nil }
      let made = CSSKeyframes.OffsetPath(
        track, scale: Self.offsetScale, rotates: rotates, value: value)
      offsetPaths[key] = .some(made)
      guard let made else { return nil }
      path = made
    }
    // Its keyframes, for this instance's time: charged as Lottie's own are.
    guard chargeKeyframes(track.segments.count + 2),
      let keyframes = CSSKeyframes.offsetDistance(track, along: path, map: map, window: window)
    else { return nil }
    let k = 1 / Self.offsetScale
    return [
      .still(.scale(k, k)), step(name, .offsetDistance, keyframes, baked: false, path: path),
      .still(.scale(Self.offsetScale, Self.offsetScale)),
    ]
  }

  /// The groups of instance `i`'s own transform, outermost first, then its opacity.
  private mutating func steps(
    _ i: Int, _ layer: LottieLayerTracks, map: CSSKeyframes.FrameMap?
  ) -> [Step] {
    var out: [Step] = []
    let reach = max(
      1, hypot(layer.box[2] - layer.box[0], layer.box[3] - layer.box[1]))
    let angleBound = tolerance / reach * 180 / Double.pi
    // An auto-oriented layer along an offset path turns with it (`offset-rotate: auto`), its
    // own rotation then a group of its own.
    var turnsAlong = false
    switch layer.position {
    case .combined(let track)?:
      let path = along(
        i, track, map: map, name: "P\(i)", property: "P", rotates: layer.autoOrient,
        value: { $0 })
      turnsAlong = path != nil && layer.autoOrient
      out +=
        path
        ?? animate(
          i, track, map: map, name: "P\(i)", whole: .translate,
          apart: [.translateX, .translateY], dimensions: [0, 1], defaults: [0, 0],
          tolerance: tolerance)
    case .split(let x, let y)?:
      out += animate(
        i, x, map: map, name: "X\(i)", whole: .translateX, apart: [], dimensions: [0],
        defaults: [0], tolerance: tolerance)
      out += animate(
        i, y, map: map, name: "Y\(i)", whole: .translateY, apart: [], dimensions: [0],
        defaults: [0], tolerance: tolerance)
    case nil: break
    }
    if layer.autoOrient, layer.position != nil, !turnsAlong {
      // The way the path faces, with the layer's own rotation: the turn of its local matrix
      // less its skew and scale, baked.
      guard chargeBake(4) else { return [] }
      let frames = bakeFrames(i)
      var previous: Double?
      let keyframes = CSSKeyframes.baked(
        window: window, step: Self.bakeStep, tolerance: [angleBound]
      ) { k, _ in
        // Continued from the sample before: atan2 jumps from 180° to −180°, which keyframes
        // would turn the long way round between two samples.
        var angle = self.orientedAngle(i, atCompositionFrame: frames[k])
        if let previous { angle += 360 * ((previous - angle) / 360).rounded() }
        previous = angle
        return [angle]
      }
      out.append(step("R\(i)", .rotate, keyframes, baked: true))
    } else if let rotation = layer.rotation {
      out += animate(
        i, rotation, map: map, name: "R\(i)", whole: .rotate, apart: [], dimensions: [0],
        defaults: [0], tolerance: angleBound)
    }
    if layer.skew != nil {
      guard chargeBake(2) else { return [] }
      let frames = bakeFrames(i)
      let keyframes = CSSKeyframes.baked(
        window: window, step: Self.bakeStep, tolerance: [angleBound, angleBound]
      ) { k, _ in
        let f = frames[k]
        return [
          layer.skew?.value(at: f).first ?? 0, layer.skewAxis?.value(at: f).first ?? 0,
        ]
      }
      let still = keyframes.isStill && keyframes.keyframes.first?.values.first == 0
      if !still { out.append(step("K\(i)", .skew, keyframes, baked: !keyframes.isStill)) }
    }
    if let scale = layer.scale {
      out += animate(
        i, scale, map: map, name: "S\(i)", whole: .scale, apart: [.scaleX, .scaleY],
        dimensions: [0, 1], defaults: [100, 100], tolerance: tolerance / reach,
        value: { $0 / 100 })
    }
    if let anchor = layer.anchor {
      out +=
        along(i, anchor, map: map, name: "A\(i)", property: "A", value: { -$0 })
        ?? animate(
          i, anchor, map: map, name: "A\(i)", whole: .translate,
          apart: [.translateX, .translateY], dimensions: [0, 1], defaults: [0, 0],
          tolerance: tolerance, value: { -$0 })
    }
    if let opacity = layer.opacity {
      out += animate(
        i, opacity, map: map, name: "O\(i)", whole: .opacity, apart: [], dimensions: [0],
        defaults: [100], tolerance: Self.opacityBound, value: { $0 / 100 })
    }
    return out.filter {
      switch $0 {
      case .still(let m): m != .identity
      case .opacity(let v): v != 1
      case .animated, .clip: true
      }
    }
  }

  /// The rotation an auto-oriented layer is drawn at, at its own frame `f`: its local matrix's
  /// turn once its skew and scale are taken off, in −180°…180° (the bake continues it).
  private func orientedAngle(_ i: Int, atCompositionFrame f: Double) -> Double {
    let layer = tree.layers[tree.instances[i].layer]
    let m = tree.localMatrix(layer, at: f)
    let s = layer.scale?.value(at: f) ?? [100, 100]
    let sk = layer.skew?.value(at: f).first ?? 0
    let sa = layer.skewAxis?.value(at: f).first ?? 0
    let rest = LottieAffine.skew(degrees: sk, axis: sa)
      .concatenating(
        .scale(
          CSSKeyframes.component(s, 0, [100, 100]) / 100,
          CSSKeyframes.component(s, 1, [100, 100]) / 100))
    // R = L · rest⁻¹, read from its first column.
    let det = rest.a * rest.d - rest.b * rest.c
    guard det != 0 else { return layer.rotation?.value(at: f).first ?? 0 }
    let (ia, ib) = (rest.d / det, -rest.b / det)
    let x = m.a * ia + m.c * ib
    let y = m.b * ia + m.d * ib
    return atan2(y, x) * 180 / Double.pi
  }

  /// Shown (1) or not (0) at each root frame, as holds: exact from each layer's `ip`…`op`
  /// through the frame maps, else sampled where a time remap moves them.
  private mutating func visibilityAnimation(_ i: Int, map: CSSKeyframes.FrameMap?) -> Int {
    var holds: [(Double, Double)] = []  // (root frame, shown)
    var linear = true
    var lo = -Double.infinity
    var hi = Double.infinity
    var hidden = false
    var current: Int? = i
    while let j = current {
      let layer = tree.layers[tree.instances[j].layer]
      hidden = hidden || layer.hidden
      guard let m = frameMap(j) else {
        linear = false
        break
      }
      lo = max(lo, m.root(layer.inPoint))
      hi = min(hi, m.root(layer.outPoint))
      current = tree.instances[j].container
    }
    let span = window.upperBound - window.lowerBound
    if linear {
      let shownAtStart = !hidden && lo <= window.lowerBound && window.lowerBound < hi
      holds.append((window.lowerBound, shownAtStart ? 1 : 0))
      if !hidden && lo > window.lowerBound && lo < window.upperBound && lo < hi {
        holds.append((lo, 1))
      }
      if !hidden && hi > window.lowerBound && hi < window.upperBound && lo < hi {
        holds.append((max(hi, lo), 0))
      }
    } else {
      holds = sampledVisibility[i] ?? [(window.lowerBound, 0)]
    }
    var keyframes = holds.map {
      CSSKeyframes.Keyframe(
        offset: ($0.0 - window.lowerBound) / span, values: [$0.1], easing: .holdToEnd)
    }
    keyframes.append(.init(offset: 1, values: keyframes.last?.values ?? [0], easing: .linear))
    return add(
      Animation(
        name: "V\(i)", property: .visibility, keyframes: CSSKeyframes(keyframes: keyframes),
        baked: !linear))
  }

  private mutating func paintAnimation(
    _ i: Int, _ track: LottieTrack, map: CSSKeyframes.FrameMap?, name: String,
    property: Property, dimensions: [Int], defaults: [Double], scale: Double
  ) -> Int? {
    guard track.still == nil else { return nil }
    let steps = animate(
      i, track, map: map, name: name, whole: property, apart: [], dimensions: dimensions,
      defaults: defaults, tolerance: Self.opacityBound, value: { $0 * scale })
    if case .animated(let k)? = steps.first, steps.count == 1 { return k }
    return nil
  }

  // MARK: Matrices

  /// The matrix of a transform function with `values`.
  static func matrix(_ property: Property, _ v: [Double]) -> LottieAffine {
    switch property {
    case .translate: .translation(v[0], v.count > 1 ? v[1] : 0)
    case .translateX: .translation(v[0], 0)
    case .translateY: .translation(0, v[0])
    case .rotate: .rotation(degrees: v[0])
    case .skew:
      // Lottie's skew about its axis.
      .skew(degrees: v[0], axis: v[1])
    case .scale: .scale(v[0], v.count > 1 ? v[1] : v[0])
    case .scaleX: .scale(v[0], 1)
    case .scaleY: .scale(1, v[0])
    case .opacity, .visibility, .fill, .stroke, .fillOpacity, .strokeOpacity: .identity
    // Placed by its path (`Animation.matrix`).
    case .offsetDistance: .identity
    }
  }

  /// The groups an instance is drawn in, outermost first: its precompositions' (each one's
  /// chain, its clip, its opacity), its parents' transforms, its own.
  func chain(_ i: Int) -> [Step] {
    var out: [Step] = []
    if let c = tree.instances[i].container {
      out += chain(c)
      out.append(.clip(c))
    }
    // Parents' transforms (not their opacity: Lottie's parenting carries none).
    var parents: [Int] = []
    var current = tree.instances[i].parent
    while let p = current {
      parents.append(p)
      current = tree.instances[p].parent
    }
    for p in parents.reversed() {
      out += own[p].filter { step in
        switch step {
        case .animated(let k): animations[k].property != .opacity
        case .opacity: false
        case .still, .clip: true
        }
      }
    }
    // A precomposition's own opacity is its content's: kept in the chain of what it holds.
    return out + own[i]
  }
}
