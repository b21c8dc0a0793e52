import TimingEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A timeline turned into keyframes a browser plays (docs/export.md): for every layer and CSS
/// property that changes on the sample grid, the fewest keyframes found greedily that keep the
/// browser's interpolation within the bounds of our samples, baked with linear easing between
/// keyframes over the sampled window; and every layer's resting style.
struct TimelineExport: Sendable {
  /// How a keyframe's segment runs to the next.
  enum Easing: String, Sendable {
    case linear
    /// Holds the keyframe's value until the next (discrete properties).
    case stepEnd = "step-end"
  }

  struct Keyframe: Sendable {
    /// 0…1 within the sampled window.
    let offset: Double
    /// The CSS value's numbers (`CSSProperty.componentCount`), as the text states them.
    let value: [Double]
    let easing: Easing
  }

  /// One property of one layer, animated.
  struct Track: Sendable {
    let layer: Int
    let property: CSSProperty
    let keyframes: [Keyframe]
    /// The largest error of the browser's interpolation at any sample, per unit the property's
    /// components measure.
    let maxError: [ExportUnit: Double]
  }

  /// One layer: its name, its resting style and what it sets or animates that has no CSS form.
  struct Target: Sendable {
    let name: String
    let style: [(property: CSSProperty, value: [Double])]
    let notExported: [String]
  }

  let targets: [Target]
  let tracks: [Track]
  let bounds: ExportBounds
  /// The sampled window, in scene seconds: the baked animations run from `from` to `to`.
  let from: Double
  let to: Double
  let sampleCount: Int

  enum Failure: Error, Sendable {
    /// Something changes on the grid, but none of it has a CSS form; the message names it.
    case nothingExportable(String)
  }

  /// Numbers sampled per layer: every component of `ExportedLayerProperty` (1 + 2 + 2 + 4 +
  /// 16 + 4 + 1 + 1 + 1).
  static let componentsPerLayer = 32

  init(plan: TimelinePlan, times requested: [Double], bounds: ExportBounds) throws(Failure) {
    // Sorted and without repeats: offsets must not decrease.
    var times = requested.sorted()
    times = times.enumerated().filter { $0.offset == 0 || $0.element != times[$0.offset - 1] }
      .map(\.element)
    self.bounds = bounds
    let (first, last) = (times.first ?? 0, times.last ?? 0)
    from = first
    to = last
    sampleCount = times.count
    let span = last - first
    let offsets = times.map { span > 0 ? ($0 - first) / span : 0 }

    // Every exported layer property resolves: they are all in the catalogue.
    let outputs = try! plan.outputs(keyPaths: ExportedLayerProperty.allCases.map(\.rawValue))
    let present = try! plan.outputs(keyPaths: nil)
    let samples = plan.sample(times: times, outputs: outputs)

    var targets: [Target] = []
    var tracks: [Track] = []
    var unexportedChanges: [String] = []
    for layer in 0..<outputs.layerCount {
      var notExported: [String] = []
      for output in 0..<present.outputCount(layer: layer) {
        let keyPath = present.keyPath(layer: layer, output: output)
        if ExportedLayerProperty(rawValue: keyPath) == nil {
          notExported.append(keyPath)
          unexportedChanges.append("'\(plan.layerNames[layer])' \(keyPath)")
        }
      }
      let columns = samples.layers[layer].columns.map(\.values)
      let models = ExportedLayerProperty.allCases.indices.map {
        outputs.model(layer: layer, output: $0)
      }
      let widths = ExportedLayerProperty.allCases.indices.map {
        outputs.type(layer: layer, output: $0).componentCount
      }
      // Each sample's layer property values, taken out of the columns once for all properties.
      let perSample = (0..<times.count).map { i in
        columns.indices.map { Array(columns[$0][(i * widths[$0])..<((i + 1) * widths[$0])]) }
      }
      var style: [(CSSProperty, [Double])] = []
      for property in CSSProperty.allCases {
        let resting = Self.rounded(property, Self.cssValue(property, models))
        style.append((property, resting))
        let series = perSample.map { Self.cssValue(property, $0) }
        guard series.contains(where: { !Self.same(property, Self.rounded(property, $0), resting) })
        else { continue }
        tracks.append(Self.fit(property, layer: layer, series: series, offsets: offsets, bounds))
      }
      targets.append(Target(name: plan.layerNames[layer], style: style, notExported: notExported))
    }
    if tracks.isEmpty && !unexportedChanges.isEmpty {
      throw .nothingExportable(
        "nothing this scene sets or animates has a CSS form: "
          + unexportedChanges.prefix(10).joined(separator: ", "))
    }
    self.targets = targets
    self.tracks = tracks
  }

  // MARK: Mapping

  /// The CSS value of `property` from the layer properties' values in `ExportedLayerProperty`
  /// order (docs/export.md "Property mapping").
  static func cssValue(_ property: CSSProperty, _ values: [[Double]]) -> [Double] {
    func of(_ p: ExportedLayerProperty) -> [Double] {
      values[ExportedLayerProperty.allCases.firstIndex(of: p)!]
    }
    switch property {
    case .opacity: return of(.opacity)
    case .translate:
      // The frame's origin: the anchor point sits at `position`, `anchorPoint` of the way across
      // the bounds (semantics.md §1 layer geometry).
      let position = of(.position)
      let anchor = of(.anchorPoint)
      let bounds = of(.bounds)
      return [position[0] - anchor[0] * bounds[2], position[1] - anchor[1] * bounds[3]]
    case .width: return [of(.bounds)[2]]
    case .height: return [of(.bounds)[3]]
    case .transformOrigin:
      let anchor = of(.anchorPoint)
      let bounds = of(.bounds)
      return [anchor[0] * bounds[2], anchor[1] * bounds[3]]
    case .transform: return of(.transform)
    case .backgroundColor:
      // Channels and alpha in 0–255 units, so one bound (a step of an 8-bit channel) covers all
      // four.
      return of(.backgroundColor).map { min(1, max(0, $0)) * 255 }
    case .borderRadius: return of(.cornerRadius)
    case .visibility: return [of(.hidden)[0] != 0 ? 0 : 1]
    case .zIndex: return [of(.zPosition)[0]]
    }
  }

  /// The value as a browser holds it from its CSS text: lengths and opacity to 1e-6 (an error
  /// of 5e-7 at most, under a thousandth of any bound); colour channels and alpha in whole 0–255
  /// steps, since Chromium keeps an rgba() keyframe in 8 bits a channel (from rgba(38.25,
  /// 114.75, 19.125, .75) and rgba(45.9, 137.7, 22.95, .9) a third of the way it shows green
  /// 124, where unrounded channels give 123.4); a matrix as it is; z-index as CSS rounds an
  /// integer, halfway towards +∞.
  static func rounded(_ property: CSSProperty, _ value: [Double]) -> [Double] {
    switch property {
    case .transform: return value
    case .zIndex: return value.map { ($0 + 0.5).rounded(.down) }
    case .visibility: return value
    case .backgroundColor: return value.map { $0.rounded() }
    case .opacity, .translate, .width, .height, .transformOrigin, .borderRadius:
      return value.map { ($0 * 1e6).rounded() / 1e6 }
    }
  }

  static func same(_ property: CSSProperty, _ a: [Double], _ b: [Double]) -> Bool {
    switch property.interpolation {
    case .decomposedMatrix: return zip(a, b).allSatisfy { abs($0 - $1) <= 1e-12 }
    case .linear, .premultipliedColor, .discrete: return a == b
    }
  }

  // MARK: Fitting

  static func fit(
    _ property: CSSProperty, layer: Int, series: [[Double]], offsets: [Double],
    _ bounds: ExportBounds
  ) -> Track {
    let n = series.count
    let values = series.map { rounded(property, $0) }
    let limits = (0..<property.componentCount).map { bounds.bound(property.unit(ofComponent: $0)) }
    if case .discrete = property.interpolation {
      // Held values: a keyframe where the value changes, halfway between the two samples, so
      // that a browser's rounding of the progress at a sample never picks the other side.
      var keyframes = [Keyframe(offset: 0, value: values[0], easing: .stepEnd)]
      for i in 1..<max(1, n) where values[i] != values[i - 1] {
        keyframes.append(
          Keyframe(offset: (offsets[i - 1] + offsets[i]) / 2, value: values[i], easing: .stepEnd))
      }
      keyframes.append(Keyframe(offset: 1, value: values[n - 1], easing: .stepEnd))
      return Track(layer: layer, property: property, keyframes: keyframes, maxError: [:])
    }
    let decomposed: [DecomposedTransform?] =
      if case .decomposedMatrix = property.interpolation {
        values.map { DecomposedTransform(Transform3D($0)) }
      } else {
        []
      }
    /// The browser's value between kept samples i and j at sample k.
    func interpolate(_ i: Int, _ j: Int, at k: Int) -> [Double]? {
      let span = offsets[j] - offsets[i]
      let t = span > 0 ? (offsets[k] - offsets[i]) / span : 0
      switch property.interpolation {
      case .linear:
        return zip(values[i], values[j]).map { $0 * (1 - t) + $1 * t }
      case .premultipliedColor:
        let (a, b) = (values[i], values[j])
        let alpha = a[3] * (1 - t) + b[3] * t
        guard alpha > 0 else { return [0, 0, 0, 0] }
        return (0..<3).map { (a[$0] * a[3] * (1 - t) + b[$0] * b[3] * t) / alpha } + [alpha]
      case .decomposedMatrix:
        // A matrix that cannot be taken apart interpolates discretely in CSS: only neighbours.
        guard let a = decomposed[i], let b = decomposed[j] else { return nil }
        // Two rotations about a half turn apart may turn either way: Core Animation's rule
        // (semantics.md §3.1 ◆) and Chromium's differ (from π to 2π about z, Chromium turns
        // back through π/2). Within 0.05 of a half turn (|qa·qb| = cos(θ/2) < 0.05, θ > 174°)
        // the two keyframes are not allowed to be neighbours.
        if abs((a.quaternion * b.quaternion).sum()) < 0.05 { return nil }
        return DecomposedTransform.interpolate(a, b, t).matrix.values
      case .discrete:
        return nil
      }
    }
    /// The error at sample k of `value`, component by component; a colour's channels do not
    /// count where it is fully transparent (a browser shows rgba(0, 0, 0, 0) for all of them).
    func errors(_ value: [Double], _ k: Int) -> [Double] {
      let sample = series[k]
      if case .premultipliedColor = property.interpolation, sample[3] == 0 {
        return [0, 0, 0, abs(value[3] - sample[3])]
      }
      return zip(value, sample).map { abs($0 - $1) }
    }
    func within(_ value: [Double], _ k: Int) -> Bool {
      zip(errors(value, k), limits).allSatisfy { $0 <= $1 }
    }
    let kept = KeyframeFit.greedy(count: n) { i, j in
      if j == i + 1 { return true }
      for k in (i + 1)..<j {
        guard let value = interpolate(i, j, at: k), within(value, k) else { return false }
      }
      return true
    }
    var worst: [ExportUnit: Double] = [:]
    for unit in property.units { worst[unit] = 0 }
    func record(_ value: [Double], _ k: Int) {
      for (c, error) in errors(value, k).enumerated() {
        let unit = property.unit(ofComponent: c)
        worst[unit] = max(worst[unit] ?? 0, error)
      }
    }
    for (i, j) in zip(kept, kept.dropFirst()) {
      record(values[i], i)
      for k in (i + 1)..<j { record(interpolate(i, j, at: k) ?? values[i], k) }
    }
    record(values[n - 1], n - 1)
    let keyframes = kept.map { Keyframe(offset: offsets[$0], value: values[$0], easing: .linear) }
    // One sample: a keyframe at each end, so the browser has a whole animation.
    return Track(
      layer: layer, property: property,
      keyframes: n > 1
        ? keyframes : keyframes + [Keyframe(offset: 1, value: values[0], easing: .linear)],
      maxError: worst)
  }
}
