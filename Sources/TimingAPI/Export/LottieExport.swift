import TimingEngine

/// A timeline as a Lottie document (docs/export.md "Lottie"): one shape layer per scene layer —
/// its bounds as a rectangle filled with its background colour — parented as the layers are,
/// its transform split into Lottie's anchor, position, scale and rotation, its opacity with its
/// superlayers' (Lottie's parenting carries none), each animated property as the fewest
/// keyframes whose straight interpolation stays within the bounds of our samples at every
/// sample (held keyframes where the property only jumps), in frames of the sampled window.
struct LottieExport: Sendable {
  struct Keyframe: Sendable {
    /// The frame, from the window's start.
    let frame: Double
    let value: [Double]
    /// How the segment to the next keyframe runs.
    let easing: Easing
  }

  /// A segment's easing: Lottie's handles `o` = (x1, y1), `i` = (x2, y2), one curve for every
  /// dimension, or held (`h: 1`).
  enum Easing: Sendable, Equatable {
    case linear
    case hold
    /// The curve, solved once: its coefficients are made when it is chosen, not per sample.
    case curve(CubicBezier)

    /// The progress at the fraction `x` of the segment.
    func progress(_ x: Double) -> Double {
      switch self {
      case .linear: x
      case .hold: x < 1 ? 0 : 1
      case .curve(let bezier): bezier.solve(x)
      }
    }
  }

  /// What the keyframes of one property may use besides straight segments: Core Animation's
  /// own curves (those of the animations that alone drive its sources, each also reversed,
  /// for autoreversing legs) with the frames where their segments end, and whether to fit a
  /// Bézier to a segment (for a spring, which has no curve of its own).
  struct Easings: Sendable {
    var curves: [CubicBezier] = []
    /// Sample indices where a Core Animation segment starts or ends.
    var breaks: Set<Int> = []
    var fitsSprings = false
  }

  /// One property of one layer: its value when still, its keyframes when it moves.
  struct Track: Sendable {
    let property: LottieProperty
    /// Still: the one value. Animated: the keyframes (two or more).
    let keyframes: [Keyframe]
    /// The bound it was fitted within and the largest error at any sample, in its own unit
    /// (rotation in degrees), with the bound's unit.
    let bound: Double
    let maxError: Double
    var animated: Bool { keyframes.count > 1 }
  }

  struct Layer: Sendable {
    let name: String
    /// The index of the superlayer among `layers`, if any.
    let parent: Int?
    let tracks: [Track]
    let notExported: [String]
  }

  /// The scene's layers, in the plan's order (a layer before its sublayers, which draw above
  /// it); the document lists them the other way, topmost first, as Lottie draws.
  let layers: [Layer]
  /// Indices into `layers` in the order Core Animation draws them, bottom first.
  let drawOrder: [Int]
  let frameRate: Double
  /// The last frame: the window's length in frames.
  let lastFrame: Double
  let width: Int
  let height: Int
  let bounds: ExportBounds
  let from: Double
  let to: Double
  let sampleCount: Int
  /// What the export itself warns of (a layer turned out of the plane, drawn flat), after the
  /// scene's own warnings in `animationTiming.warnings`.
  let warnings: [SceneWarning]

  /// Frames of 1/60 s where the samples are not evenly spaced.
  static let defaultFrameRate = 60.0

  /// `size`: the composition's width and height; nil for the box from the origin that holds
  /// every top-level layer at every sample.
  init(
    plan: TimelinePlan, times requested: [Double], bounds: ExportBounds,
    size: (width: Double, height: Double)? = nil
  ) {
    // Sorted and without repeats: frames must not decrease.
    let times = TimelineExport.sortedDistinct(requested)
    self.bounds = bounds
    let first = times.first ?? 0
    let last = times.last ?? 0
    from = first
    to = last
    sampleCount = times.count
    let rate = Self.frameRate(times)
    frameRate = rate
    // Frames to 1e-9: a sample on a whole frame is that frame exactly.
    let frames = times.map { (($0 - first) * rate * 1e9).rounded() / 1e9 }
    lastFrame = max(frames.last ?? 0, 0)
    let n = times.count

    let properties = ExportedLayerProperty.allCases
    // Every exported property resolves: they are all in the catalogue.
    let outputs = try! plan.outputs(keyPaths: properties.map(\.rawValue))
    let samples = plan.sample(times: times, outputs: outputs)
    let present = try! plan.outputs(keyPaths: nil)
    func column(_ layer: Int, _ p: ExportedLayerProperty) -> [Double] {
      samples.layers[layer].columns[properties.firstIndex(of: p)!].values
    }
    let drives = plan.exportedDrives()
    func drive(_ layer: Int, _ p: ExportedLayerProperty) -> PropertyDrive {
      drives[layer][properties.firstIndex(of: p)!]
    }
    func moves(_ layer: Int, _ p: ExportedLayerProperty) -> Bool {
      if case .still = drive(layer, p) { return false }
      return true
    }
    /// Whether every change of the property comes in jumps: it is `hidden`, or its only
    /// animation is discrete keyframes.
    func jumps(_ layer: Int, _ p: ExportedLayerProperty) -> Bool {
      if p == .hidden { return true }
      switch drive(layer, p) {
      case .still: return true
      case .sole(let animation): return animation.discrete
      case .other: return false
      }
    }

    /// The curves and breaks of the animations that alone drive `sources` on `layer`.
    func easings(_ layer: Int, _ sources: [ExportedLayerProperty]) -> Easings {
      var out = Easings()
      for p in sources {
        guard case .sole(let animation) = drive(layer, p) else {
          continue
        }
        var functions: [TimingFunction] = []
        switch animation.easing {
        case .spring: out.fitsSprings = true
        case .function(let function):
          if let function { functions.append(function) }
          // Keyframe segments' own curves count only where the iteration itself is linear.
          if function == nil || function?.controlPoints.map({ $0 == (0, 0, 1, 1) }) == true {
            functions += animation.keyframes.compactMap(\.timingFunction)
          }
        }
        for function in functions {
          guard let (x1, y1, x2, y2) = function.controlPoints else { continue }
          for curve in [CubicBezier(x1, y1, x2, y2), CubicBezier(1 - x2, 1 - y2, 1 - x1, 1 - y1)]
          where out.curves.count < Self.maxCurves && !out.curves.contains(curve) {
            out.curves.append(curve)
          }
        }
        out.breaks.formUnion(
          Self.breaks(animation, keyTimes: animation.keyframes.map(\.keyTime), times: times))
      }
      return out
    }

    let parents = (0..<plan.layerCount).map { plan.superlayer(of: $0) }
    let (screenScale, subtreeReach) = Self.parentage(
      parents: parents, n: n, column: column)
    var curveFits = Self.maxCurveFits
    var opacityChain: [[Double]] = []
    var chainJumps: [Bool] = []
    var exported: [Layer] = []
    var flattened: [SceneWarning] = []
    var extent = (x: 1.0, y: 1.0)
    func keyPaths(_ layer: Int) -> [String] {
      (0..<present.outputCount(layer: layer)).map { present.keyPath(layer: layer, output: $0) }
    }
    for layer in 0..<plan.layerCount {
      var notExported: [String] = []
      for keyPath in keyPaths(layer) where ExportedLayerProperty(rawValue: keyPath) == nil {
        notExported.append(keyPath)
      }
      if moves(layer, .zPosition) { notExported.append("zPosition (Lottie draws in list order)") }
      let box = column(layer, .bounds)
      let anchorPoint = column(layer, .anchorPoint)
      let position = column(layer, .position)
      let transform = column(layer, .transform)
      let opacity = column(layer, .opacity)
      let hidden = column(layer, .hidden)
      let color = column(layer, .backgroundColor)
      let radius = column(layer, .cornerRadius)
      let parentBounds = parents[layer].map { column($0, .bounds) }

      // One array a property, in `LottieProperty.allCases` order, filled number by number (no
      // array a sample: 259 layers × 601 samples were a fifth of their export in allocations).
      var series = LottieProperty.allCases.map { _ in [Double]() }
      for k in series.indices {
        series[k].reserveCapacity(n * LottieProperty.allCases[k].componentCount)
      }
      let slot = Dictionary(
        uniqueKeysWithValues: LottieProperty.allCases.enumerated().map { ($1, $0) })
      var perspective = false
      var shear = 0.0
      var reach = 1.0
      var previousReading: LottieRotationScale?
      var flattening = LottieFlattening()
      var effective = [Double](repeating: 0, count: n)
      let (anchorSlot, positionSlot, scaleSlot, rotationSlot, opacitySlot) = (
        slot[.anchor]!, slot[.position]!, slot[.scale]!, slot[.rotation]!, slot[.opacity]!
      )
      let (sizeSlot, centerSlot, roundnessSlot, colorSlot, alphaSlot) = (
        slot[.size]!, slot[.center]!, slot[.roundness]!, slot[.color]!, slot[.colorOpacity]!
      )
      for i in 0..<n {
        let (w, h) = (box[4 * i + 2], box[4 * i + 3])
        let (ax, ay) = (anchorPoint[2 * i] * w, anchorPoint[2 * i + 1] * h)
        let m = 16 * i
        // x′ = a·x + c·y + e, y′ = b·x + d·y + f: Core Animation's row vectors.
        let (a, b, c, d, e, f) = (
          transform[m], transform[m + 1], transform[m + 4], transform[m + 5], transform[m + 12],
          transform[m + 13]
        )
        if transform[m + 3] != 0 || transform[m + 7] != 0 || transform[m + 11] != 0
          || transform[m + 15] != 1
        {
          perspective = true
        }
        flattening.add(
          transform, at: m, width: w, height: h, anchor: (ax, ay), time: times[i]
        ) { vector in
          // Up the superlayers' 2D linear parts, as the document draws them.
          var (x, y) = vector
          var above = parents[layer]
          while let superlayer = above {
            let t = column(superlayer, .transform)
            (x, y) = (t[m] * x + t[m + 4] * y, t[m + 1] * x + t[m + 5] * y)
            above = parents[superlayer]
          }
          return (x, y)
        }
        let reading = LottieRotationScale(a: a, b: b, c: c, d: d, after: previousReading)
        // Samples collapsed to a point before the first that is not (a layer growing from
        // scale 0) take that one's angle once it is read: their own is arbitrary, and 0° there
        // turned a layer at 20° from 0° to 20° while it grew. Until then the first reading is
        // still to come (its positive-scale rule, not the nearest to an arbitrary 0°).
        let collapsed = reading.scaleX == 0 && reading.scaleY == 0
        if previousReading != nil || !collapsed {
          if previousReading == nil {
            for j in 0..<i { series[rotationSlot][j] = reading.rotation }
          }
          previousReading = reading
        }
        let (sx, sy, angle) = (reading.scaleX, reading.scaleY, reading.rotation)
        let xLength = (a * a + b * b).squareRoot()
        if xLength > 0 { shear = max(shear, abs((a * c + b * d) / xLength) * h) }
        let originX = parentBounds.map { $0[4 * i] } ?? 0
        let originY = parentBounds.map { $0[4 * i + 1] } ?? 0
        let (px, py) = (position[2 * i] + e - originX, position[2 * i + 1] + f - originY)
        series[anchorSlot].append(ax)
        series[anchorSlot].append(ay)
        series[positionSlot].append(px)
        series[positionSlot].append(py)
        series[scaleSlot].append(sx * 100)
        series[scaleSlot].append(sy * 100)
        series[rotationSlot].append(angle)
        let own = hidden[i] != 0 ? 0 : min(max(opacity[i], 0), 1)
        effective[i] = own * (parents[layer].map { opacityChain[$0][i] } ?? 1)
        series[opacitySlot].append(effective[i] * 100)
        // A negative size draws the same box from the other edge: its extent, centred.
        series[sizeSlot].append(abs(w))
        series[sizeSlot].append(abs(h))
        series[centerSlot].append(w / 2)
        series[centerSlot].append(h / 2)
        series[roundnessSlot].append(max(min(radius[i], min(abs(w), abs(h)) / 2), 0))
        for channel in 0..<3 { series[colorSlot].append(min(max(color[4 * i + channel], 0), 1)) }
        series[alphaSlot].append(min(max(color[4 * i + 3], 0), 1) * 100)
        // The farthest corner from the anchor, scaled: how far a degree moves a point.
        let far =
          (max(ax * ax, (w - ax) * (w - ax)) + max(ay * ay, (h - ay) * (h - ay)))
          .squareRoot() * max(abs(sx), abs(sy))
        reach = max(reach, far)
        if parents[layer] == nil {
          extent.x = max(extent.x, px + far)
          extent.y = max(extent.y, py + far)
        }
      }
      opacityChain.append(effective)
      let opacityJumps =
        jumps(layer, .opacity) && jumps(layer, .hidden)
        && (parents[layer].map { chainJumps[$0] } ?? true)
      chainJumps.append(opacityJumps)
      if perspective { notExported.append("transform (perspective: Lottie 1.0 has no 3D)") }
      // The superlayer's sublayerTransform (an m34 for perspective, usually) and the layer's
      // anchorPointZ move its corners in ways not sampled here.
      let unmeasured =
        parents[layer].map { keyPaths($0).contains("sublayerTransform") } == true
        ? "its superlayer's sublayerTransform is not exported"
        : keyPaths(layer).contains("anchorPointZ") ? "its anchorPointZ is not exported" : nil
      if let warning = flattening.warning(layer: plan.layerNames[layer], unmeasured: unmeasured) {
        flattened.append(warning)
      }
      if shear > bounds.bound(.length) {
        notExported.append("transform (shear: the players draw no skew)")
      }

      let transformJumps = jumps(layer, .transform) && jumps(layer, .position)
      let held: [LottieProperty: Bool] = [
        .anchor: jumps(layer, .anchorPoint) && jumps(layer, .bounds),
        .position: transformJumps && jumps(layer, .anchorPoint)
          && (parents[layer].map { jumps($0, .bounds) } ?? true),
        .scale: jumps(layer, .transform), .rotation: jumps(layer, .transform),
        .opacity: opacityJumps, .size: jumps(layer, .bounds), .center: jumps(layer, .bounds),
        .roundness: jumps(layer, .cornerRadius) && jumps(layer, .bounds),
        .color: jumps(layer, .backgroundColor), .colorOpacity: jumps(layer, .backgroundColor),
      ]
      let sources: [LottieProperty: [ExportedLayerProperty]] = [
        .anchor: [.anchorPoint, .bounds], .position: [.position, .transform],
        .scale: [.transform], .rotation: [.transform], .opacity: [.opacity],
        .size: [.bounds], .center: [.bounds], .roundness: [.cornerRadius],
        .color: [.backgroundColor], .colorOpacity: [.backgroundColor],
      ]
      var tracks: [Track] = []
      for property in LottieProperty.allCases {
        // A length in this layer is its ancestors' scale larger on the screen; a degree turns
        // the farthest point of the layer and its sublayers by reach·π/180 px.
        let lengths = bounds.bound(.length) / screenScale[layer]
        let bound: Double
        switch property.unit {
        case .length:
          bound =
            property == .rotation
            ? lengths / max(reach, subtreeReach[layer]) * 180 / Double.pi : lengths
        case .factor, .colorChannel: bound = Self.bound(property, bounds)
        }
        tracks.append(
          Self.fit(
            property, series[slot[property]!], frames: frames,
            bound: min(bound, 1e300), held: held[property]!,
            easings: easings(layer, sources[property]!), curveFits: &curveFits))
      }
      exported.append(
        Layer(
          name: plan.layerNames[layer], parent: parents[layer], tracks: tracks,
          notExported: notExported))
    }
    layers = exported
    warnings = flattened
    drawOrder = Self.drawOrder(parents: parents) { column($0, .zPosition).first ?? 0 }
    let box = size ?? (extent.x, extent.y)
    width = Int(min(max(box.width.rounded(.up), 1), 100_000))
    height = Int(min(max(box.height.rounded(.up), 1), 100_000))
  }

  /// The frame rate: the samples' own when they are evenly spaced (so each sample is a whole
  /// frame, which every player shows exactly — rlottie has whole frames only), 60 otherwise.
  static func frameRate(_ times: [Double]) -> Double {
    guard times.count > 1 else { return defaultFrameRate }
    let step = times[1] - times[0]
    // Within what a request can sample (1 000 fps at most; a frame under 1 000 s), to 1e-9: a
    // rate of 1e310 or 3e-7 is no frame rate a player takes.
    let rate = ((1 / step) * 1e9).rounded() / 1e9
    guard rate.isFinite, (0.001...1000).contains(rate) else { return defaultFrameRate }
    guard times.count > 2 else { return rate }
    // The last step may be shorter: a window that ends between two frames.
    for k in 1..<(times.count - 2) where abs(times[k + 1] - times[k] - step) > 1e-9 * max(step, 1) {
      return defaultFrameRate
    }
    guard times[times.count - 1] - times[times.count - 2] <= step * (1 + 1e-9) else {
      return defaultFrameRate
    }
    return rate
  }

  /// The bound of a property, in its own units.
  static func bound(_ property: LottieProperty, _ bounds: ExportBounds) -> Double {
    bounds.bound(property.unit) * property.scale
  }

  /// The sample indices at which an animation's keyframe segments start and end, for each
  /// iteration in the window, forward and (autoreversing) back; none where its own clock is
  /// not plain (speed 1, no offset), where segments need not fall on samples.
  static func breaks(_ animation: SoleAnimation, keyTimes: [Double], times: [Double]) -> [Int] {
    let timing = animation.timing
    guard timing.speed == 1, timing.timeOffset == 0, timing.duration > 0, !times.isEmpty else {
      return []
    }
    let iterations = Int(min(max(timing.repeatCount.rounded(.up), 1), 1000))
    var out: [Int] = []
    var legs: [Double] = []
    // Only the legs inside the window, and at most `maxBreaks` of their ends.
    iterationLoop: for iteration in 0..<iterations {
      for leg in (timing.autoreverses ? [0.0, 1] : [0]) {
        let start =
          timing.beginTime + (Double(iteration) * (timing.autoreverses ? 2 : 1) + leg)
          * timing.duration
        guard start <= times[times.count - 1] else { break iterationLoop }
        guard start + timing.duration >= times[0] else { continue }
        legs += keyTimes.map { start + (leg == 1 ? 1 - $0 : $0) * timing.duration }
        if legs.count > maxBreaks { break iterationLoop }
      }
    }
    for t in legs {
      // The sample at that time, if there is one.
      var lo = 0
      var hi = times.count - 1
      while lo < hi {
        let mid = (lo + hi) / 2
        if times[mid] < t { lo = mid + 1 } else { hi = mid }
      }
      if abs(times[lo] - t) <= 1e-9 * max(1, abs(t)) { out.append(lo) }
    }
    return out
  }

  /// Core Animation curves a property's segments may try (each also reversed): more than a few
  /// would only multiply the work of every segment.
  static let maxCurves = 8
  /// The segment ends an animation's keyframes give that are looked at.
  static let maxBreaks = 10_000
  /// Bézier fits an export tries, and the longest segment fitted: each fit is 36 least-squares
  /// passes over its samples, so an export spends at most 400 × 36 × 64 solves on them
  /// (docs/performance.md "Lottie export"); past that, springs get straight segments.
  static let maxCurveFits = 400
  static let maxFitSpan = 64

  /// The fewest keyframes of `values` (`componentCount` numbers a sample) whose segments — each
  /// straight, or one of `easings`' curves, or a fitted Bézier for a spring — are within
  /// `bound` at every sample; held keyframes at each change where the property only jumps.
  static func fit(
    _ property: LottieProperty, _ values: [Double], frames: [Double], bound: Double, held: Bool,
    easings: Easings = Easings(), curveFits: inout Int
  ) -> Track {
    let w = property.componentCount
    let n = frames.count
    func value(_ i: Int) -> [Double] { Array(values[(i * w)..<((i + 1) * w)]) }
    /// Whether samples i and j hold the same value (compared in place).
    func same(_ i: Int, _ j: Int) -> Bool {
      (0..<w).allSatisfy { values[i * w + $0] == values[j * w + $0] }
    }
    // Within the bound of its first value at every sample, the property is that value: a
    // rotation's scale read back from cos and sin differs from 100 % by rounding (1e-14), which
    // an exact comparison wrote as a track of keyframes that do not change.
    var stillError = 0.0
    for k in 0..<(n * w) {
      let deviation = abs(values[k] - values[k % w])
      // A NaN is no value to hold: the track stays animated, as an exact comparison had it.
      guard deviation <= bound else {
        stillError = .infinity
        break
      }
      stillError = max(stillError, deviation)
    }
    if stillError <= bound || n < 2 {
      return Track(
        property: property, keyframes: [Keyframe(frame: 0, value: value(0), easing: .linear)],
        bound: bound, maxError: n < 2 ? 0 : stillError)
    }
    if held {
      // A keyframe where the value changes, held until the next: exact at every sample.
      var keyframes = [Keyframe(frame: frames[0], value: value(0), easing: .hold)]
      for i in 1..<n where !same(i, i - 1) {
        keyframes.append(Keyframe(frame: frames[i], value: value(i), easing: .hold))
      }
      keyframes.append(Keyframe(frame: frames[n - 1], value: value(n - 1), easing: .linear))
      return Track(property: property, keyframes: keyframes, bound: bound, maxError: 0)
    }
    let range = property.range
    /// The largest error of segment i → j run with `easing`, stopping past `limit`; infinite
    /// where it leaves the property's range (rlottie draws nothing for a roundness of −0.01).
    func error(_ i: Int, _ j: Int, _ easing: Easing, limit: Double = .infinity) -> Double {
      var worst = 0.0
      for k in (i + 1)..<j {
        let y = easing.progress((frames[k] - frames[i]) / (frames[j] - frames[i]))
        for c in 0..<w {
          let line = values[i * w + c] + (values[j * w + c] - values[i * w + c]) * y
          guard range.contains(line) else { return .infinity }
          worst = max(worst, abs(line - values[k * w + c]))
        }
        if worst > limit { return worst }
      }
      return worst
    }
    let candidates = [Easing.linear] + easings.curves.map(Easing.curve)
    /// What each segment looked at was found to take, so that the keyframes reuse it (and a
    /// spent fit cap cannot turn a fitted segment straight afterwards).
    var found: [Int: Easing?] = [:]
    /// The first easing that keeps segment i → j within the bound.
    func easing(_ i: Int, _ j: Int) -> Easing? {
      if j == i + 1 { return .linear }
      let key = i * n + j
      if let known = found[key] { return known }
      var chosen: Easing?
      for candidate in candidates where error(i, j, candidate, limit: bound) <= bound {
        chosen = candidate
        break
      }
      if chosen == nil && easings.fitsSprings && curveFits > 0 && j - i <= Self.maxFitSpan {
        curveFits -= 1
        if let fitted = fitCurve(i, j), error(i, j, fitted, limit: bound) <= bound {
          chosen = fitted
        }
      }
      found[key] = chosen
      return chosen
    }
    /// A Bézier through the segment's progress by least squares on y for each (x1, x2) on a
    /// 0.2 grid, the one with the smallest largest error (a spring's segment between turns).
    func fitCurve(_ i: Int, _ j: Int) -> Easing? {
      let c = (0..<w).max {
        abs(values[j * w + $0] - values[i * w + $0]) < abs(values[j * w + $1] - values[i * w + $1])
      }!
      let span = values[j * w + c] - values[i * w + c]
      guard span != 0 else { return nil }
      let points = ((i + 1)..<j).map {
        (
          (frames[$0] - frames[i]) / (frames[j] - frames[i]),
          (values[$0 * w + c] - values[i * w + c]) / span
        )
      }
      var best: (Easing, Double)?
      for a in 0...5 {
        for b in 0...5 {
          let (x1, x2) = (Double(a) / 5, Double(b) / 5)
          let shape = CubicBezier(x1, 0, x2, 1)
          // y(s) = 3(1−s)²s·y1 + 3(1−s)s²·y2 + s³: linear in (y1, y2).
          var (saa, sab, sbb, sar, sbr) = (0.0, 0.0, 0.0, 0.0, 0.0)
          for (x, y) in points {
            let t = shape.solveParameter(forX: x)
            let (p, q, r) = (3 * (1 - t) * (1 - t) * t, 3 * (1 - t) * t * t, t * t * t)
            saa += p * p
            sab += p * q
            sbb += q * q
            sar += p * (y - r)
            sbr += q * (y - r)
          }
          let det = saa * sbb - sab * sab
          guard abs(det) > 1e-12 else { continue }
          let y1 = (sar * sbb - sbr * sab) / det
          let y2 = (sbr * saa - sar * sab) / det
          guard y1.isFinite, y2.isFinite, abs(y1) < 100, abs(y2) < 100 else { continue }
          let candidate = Easing.curve(CubicBezier(x1, y1, x2, y2))
          let worst = error(i, j, candidate, limit: best?.1 ?? .infinity)
          if worst < (best?.1 ?? .infinity) { best = (candidate, worst) }
        }
      }
      return best?.0
    }
    // Core Animation's segments end where the animation's keyframes fall: a curve fits there
    // and not short of it, which the greedy reach (doubling, then bisection) can step over, so
    // from each kept sample the farthest break that fits is taken too.
    let breaks = easings.breaks.sorted()
    var kept = [0]
    var i = 0
    while i < n - 1 {
      var next = KeyframeFit.reach(from: i, count: n) { easing($0, $1) != nil }
      // The breaks past it, nearest first, while they fit.
      var b = Self.firstIndex(in: breaks, after: next)
      while b < breaks.count, easing(i, breaks[b]) != nil {
        next = breaks[b]
        b += 1
      }
      kept.append(next)
      i = next
    }
    var keyframes: [Keyframe] = []
    var worst = 0.0
    for (i, j) in zip(kept, kept.dropFirst()) {
      let chosen = easing(i, j) ?? .linear
      worst = max(worst, j > i + 1 ? error(i, j, chosen) : 0)
      keyframes.append(Keyframe(frame: frames[i], value: value(i), easing: chosen))
    }
    keyframes.append(Keyframe(frame: frames[n - 1], value: value(n - 1), easing: .linear))
    return Track(property: property, keyframes: keyframes, bound: bound, maxError: worst)
  }

  /// The index of the first of `sorted` above `value` (binary search: an export may have
  /// 100 000 keyframes and 10 000 breaks).
  static func firstIndex(in sorted: [Int], after value: Int) -> Int {
    var lo = 0
    var hi = sorted.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if sorted[mid] <= value { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// For each layer, its ancestors' largest scale (the product over them of the larger of each
  /// one's x and y scale, at the sample where it is largest), and the farthest any point of its
  /// sublayers reaches from its anchor in its own pixels (so that a rotation bound holds for
  /// them too): lengths fitted in a layer are that scale larger on the screen, and a parent's
  /// rotation swings its sublayers.
  static func parentage(
    parents: [Int?], n: Int, column: (Int, ExportedLayerProperty) -> [Double]
  ) -> (screenScale: [Double], subtreeReach: [Double]) {
    let count = parents.count
    var scale = [Double](repeating: 1, count: count)
    var ownReach = [Double](repeating: 0, count: count)
    var anchors: [[Double]] = []
    for layer in 0..<count {
      let transform = column(layer, .transform)
      let box = column(layer, .bounds)
      let anchorPoint = column(layer, .anchorPoint)
      var anchor = [Double](repeating: 0, count: 2 * n)
      for i in 0..<n {
        let m = 16 * i
        let sx = (transform[m] * transform[m] + transform[m + 1] * transform[m + 1]).squareRoot()
        let sy = (transform[m + 4] * transform[m + 4] + transform[m + 5] * transform[m + 5])
          .squareRoot()
        scale[layer] = max(scale[layer], sx, sy)
        let (w, h) = (abs(box[4 * i + 2]), abs(box[4 * i + 3]))
        let (ax, ay) = (
          anchorPoint[2 * i] * box[4 * i + 2], anchorPoint[2 * i + 1] * box[4 * i + 3]
        )
        anchor[2 * i] = ax + box[4 * i]
        anchor[2 * i + 1] = ay + box[4 * i + 1]
        let far = (max(ax * ax, (w - ax) * (w - ax)) + max(ay * ay, (h - ay) * (h - ay)))
          .squareRoot()
        ownReach[layer] = max(ownReach[layer], far)
      }
      anchors.append(anchor)
    }
    // Ancestors first (the plan lists a layer before its sublayers).
    var screenScale = [Double](repeating: 1, count: count)
    for layer in 0..<count {
      if let parent = parents[layer] {
        screenScale[layer] = screenScale[parent] * max(scale[parent], 1e-9)
      }
    }
    // Sublayers first: a layer's reach is its own, or a sublayer's position plus that
    // sublayer's reach at its scale.
    var reach = ownReach
    for layer in stride(from: count - 1, through: 0, by: -1) {
      guard let parent = parents[layer] else { continue }
      let position = column(layer, .position)
      var farthest = 0.0
      for i in 0..<n {
        let dx = position[2 * i] - anchors[parent][2 * i]
        let dy = position[2 * i + 1] - anchors[parent][2 * i + 1]
        farthest = max(farthest, (dx * dx + dy * dy).squareRoot())
      }
      reach[parent] = max(reach[parent], farthest + reach[layer] * scale[layer])
    }
    // In the layer's own pixels at its largest scale, as its rotation swings them.
    return (screenScale, reach.indices.map { reach[$0] * scale[$0] })
  }

  /// The order Core Animation draws the layers in: a layer, then its sublayers by `zPosition`
  /// (at the window's start; a moving one is in `notExported`), ties in their order.
  static func drawOrder(parents: [Int?], zPosition: (Int) -> Double) -> [Int] {
    var children = [[Int]](repeating: [], count: parents.count)
    var roots: [Int] = []
    for layer in parents.indices {
      if let parent = parents[layer] { children[parent].append(layer) } else { roots.append(layer) }
    }
    func sorted(_ layers: [Int]) -> [Int] {
      layers.enumerated().sorted {
        (zPosition($0.element), $0.offset) < (zPosition($1.element), $1.offset)
      }.map(\.element)
    }
    var order: [Int] = []
    var stack = sorted(roots).reversed().map { $0 }
    while let layer = stack.popLast() {
      order.append(layer)
      stack += sorted(children[layer]).reversed()
    }
    return order
  }
}
