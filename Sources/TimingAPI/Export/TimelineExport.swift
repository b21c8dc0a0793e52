import TimingEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A timeline turned into keyframes a browser plays (docs/export.md): for every layer and CSS
/// property that changes on the sample grid, either the one Core Animation animation that
/// drives it, stated in CSS terms (`TimelineExport+Mapping.swift`), or the fewest keyframes
/// found greedily that keep the browser's interpolation within the bounds of our samples,
/// baked with linear easing between keyframes over the sampled window; and every layer's
/// resting style.
struct TimelineExport: Sendable {
  /// Where the export goes, which decides what timing it can state.
  enum Form: Sendable {
    /// Web Animations (`element.animate()`): an easing for the whole effect beside each
    /// keyframe's.
    case webAnimations
    /// A style sheet: a CSS animation's timing function is each keyframe's; the effect has none.
    case styleSheet
  }

  struct Keyframe: Sendable {
    /// 0…1: of the sampled window when baked, of an iteration when mapped.
    let offset: Double
    /// The CSS value's numbers (`CSSProperty.componentCount`), as the text states them.
    let value: [Double]
    /// How the segment from this keyframe to the next runs.
    let easing: CSSEasing
  }

  /// One property of one layer, animated.
  struct Track: Sendable {
    let layer: Int
    let property: CSSProperty
    let keyframes: [Keyframe]
    /// The largest error of the browser's interpolation at any sample, per unit the property's
    /// components measure.
    let maxError: [ExportUnit: Double]
    /// The animation's timing when it is mapped from Core Animation's; nil when baked (once
    /// over the sampled window, `CSSTiming.window`).
    var timing: CSSTiming? = nil
  }

  /// One layer: its name, its resting style (each value's CSS text) split in two, and what it
  /// sets or animates that has no CSS form, or that the export does not write on this element.
  struct Target: Sendable {
    let name: String
    /// What the animations need to start right on the client's own element: the model value of
    /// every animated property (where the element rests when an animation does not fill, as
    /// on Core Animation's screen) and the transform origin where a transform turns about the
    /// anchor point. Nothing else: an export animates the element, it does not restyle it.
    let style: [(property: CSSProperty, text: String)]
    /// The rest of the layer's model (its size, colour, radius, …): the scene's whole look,
    /// for a page that wants it. A page that applied it by default lost its own background to
    /// the layer's transparent one (issue 30: the README's page showed nothing).
    let layerStyle: [(property: CSSProperty, text: String)]
    let notExported: [String]
  }

  let targets: [Target]
  let tracks: [Track]
  let bounds: ExportBounds
  /// The sampled window: the baked animations run over it.
  let window: ExportWindow

  enum Failure: Error, Sendable {
    /// Something changes on the grid, but none of it has a CSS form; the message names it.
    case nothingExportable(String)
  }

  init(
    _ input: ExportedColumns, bounds: ExportBounds, form: Form, element: ExportElement = .layerBox
  )
    throws(Failure)
  {
    let times = input.times
    self.bounds = bounds
    let (first, last) = (times.first ?? 0, times.last ?? 0)
    window = ExportWindow(times)
    let span = last - first
    let offsets = times.map { span > 0 ? ($0 - first) / span : 0 }

    var targets: [Target] = []
    var tracks: [Track] = []
    var unexportedChanges: [String] = []
    var springEasings = SpringEasings()
    for layer in 0..<input.layerCount {
      var notExported = input.unexported[layer]
      unexportedChanges += notExported.map { "'\(input.name(layer))' \($0)" }
      // Where the layer rests once its animations are over: the model values after the
      // script's last change (a UIKit block's animation runs to the value set with it).
      let models = input.models[layer]
      // Each layer property's column, by `ExportedLayerProperty.index`, where a moving CSS
      // property reads it (sampled where anything moves it on some layer, its model value
      // repeated where not: `anchorPoint` beside a moving `position`, for `translate`); a CSS
      // property computed only from still ones is its resting value at every sample, so it is
      // neither sampled nor fitted (in the standard scene 6 of 10 CSS properties per layer).
      let needed = Set(
        CSSProperty.allCases.filter { property in
          property.layerProperties.contains { input.moves(layer, $0) }
        }.flatMap(\.layerProperties))
      let columns = ExportedLayerProperty.allCases.map { p -> [Double] in
        needed.contains(p) ? input.column(layer, p) : []
      }
      // Every written property's resting text, in `CSSProperty` order, and which of them
      // animate; split into `style` and `layerStyle` once the tracks are known.
      var look: [(CSSProperty, String)] = []
      var animated: Set<CSSProperty> = []
      for property in CSSProperty.allCases {
        let resting = Self.rounded(property, Self.cssValue(property, models))
        let moves = property.layerProperties.contains { input.moves(layer, $0) }
        guard element.writes(property) else {
          if moves { notExported.append(property.cssName + " (the element's own)") }
          continue
        }
        switch (element, property) {
        case (.givenElement, .transformOrigin):
          // The anchor point as a percentage of the element's box, whatever its size.
          let anchor = models[ExportedLayerProperty.anchorPoint.index]
          look.append(
            (
              property,
              anchor.map { numberText(($0 * 100 * 1e6).rounded() / 1e6) + "%" }
                .joined(separator: " ")
            ))
          if moves { notExported.append(property.cssName + " (moves with the layer's box)") }
          continue
        case (.givenElement, _), (.layerBox, _):
          look.append((property, CSSValueText.text(property, resting)))
        }
        guard moves else { continue }
        let series = Self.cssSeries(property, columns, count: times.count)
        let values = Self.rounded(property, series)
        let width = property.componentCount
        let exact = property.interpolation != .decomposedMatrix
        let changes = values.indices.contains { k in
          exact ? values[k] != resting[k % width] : abs(values[k] - resting[k % width]) > 1e-12
        }
        guard changes else { continue }
        animated.insert(property)
        tracks.append(
          Self.mapped(
            property, layer: layer, drives: input.drives[layer], models: models, series: series,
            times: times,
            bounds: bounds, form: form, springEasings: &springEasings)
            ?? Self.fit(property, layer: layer, series: series, offsets: offsets, bounds))
      }
      // A transform turns about the transform origin, which CSS puts at the box's top-left
      // corner by default and Core Animation at the anchor point (the centre unless set).
      let starts = { (property: CSSProperty) in
        animated.contains(property)
          || (property == .transformOrigin && animated.contains(.transform))
      }
      targets.append(
        Target(
          name: input.name(layer), style: look.filter { starts($0.0) },
          layerStyle: look.filter { !starts($0.0) }, notExported: notExported))
    }
    if tracks.isEmpty && !unexportedChanges.isEmpty {
      throw .nothingExportable(
        "nothing this scene sets or animates has a CSS form: "
          + unexportedChanges.prefix(10).joined(separator: ", "))
    }
    self.targets = targets
    self.tracks = tracks
  }

  /// A track's timing: its own when mapped, once over the sampled window when baked.
  func timing(_ track: Track) -> CSSTiming {
    track.timing ?? .window(from: window.from, to: window.to)
  }

  // MARK: Mapping

  /// The CSS value of `property` from the layer properties' values in `ExportedLayerProperty`
  /// order (docs/export.md "Property mapping").
  static func cssValue(_ property: CSSProperty, _ values: [[Double]]) -> [Double] {
    unclampedCSSValue(property, values).map(property.computed)
  }

  private static func unclampedCSSValue(_ property: CSSProperty, _ values: [[Double]])
    -> [Double]
  {
    func of(_ p: ExportedLayerProperty) -> [Double] {
      values[p.index]
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

  /// `cssValue` at every sample, flat (`componentCount` numbers a sample), straight from the
  /// sampled columns (flat, in `ExportedLayerProperty` order): 1 000 layers × 600 samples
  /// taken apart into small arrays was 5 s of the standard scene's export.
  static func cssSeries(_ property: CSSProperty, _ columns: [[Double]], count n: Int) -> [Double] {
    switch property {
    case .opacity, .width, .height, .borderRadius:
      unclampedCSSSeries(property, columns, count: n).map(property.computed)
    case .translate, .transformOrigin, .transform, .backgroundColor, .visibility, .zIndex:
      unclampedCSSSeries(property, columns, count: n)
    }
  }

  private static func unclampedCSSSeries(
    _ property: CSSProperty, _ columns: [[Double]], count n: Int
  ) -> [Double] {
    func of(_ p: ExportedLayerProperty) -> [Double] {
      columns[p.index]
    }
    switch property {
    case .opacity: return of(.opacity)
    case .translate:
      let (position, anchor, bounds) = (of(.position), of(.anchorPoint), of(.bounds))
      var out = [Double](repeating: 0, count: 2 * n)
      for i in 0..<n {
        out[2 * i] = position[2 * i] - anchor[2 * i] * bounds[4 * i + 2]
        out[2 * i + 1] = position[2 * i + 1] - anchor[2 * i + 1] * bounds[4 * i + 3]
      }
      return out
    case .width:
      let bounds = of(.bounds)
      return (0..<n).map { bounds[4 * $0 + 2] }
    case .height:
      let bounds = of(.bounds)
      return (0..<n).map { bounds[4 * $0 + 3] }
    case .transformOrigin:
      let (anchor, bounds) = (of(.anchorPoint), of(.bounds))
      var out = [Double](repeating: 0, count: 2 * n)
      for i in 0..<n {
        out[2 * i] = anchor[2 * i] * bounds[4 * i + 2]
        out[2 * i + 1] = anchor[2 * i + 1] * bounds[4 * i + 3]
      }
      return out
    case .transform: return of(.transform)
    case .backgroundColor: return of(.backgroundColor).map { min(1, max(0, $0)) * 255 }
    case .borderRadius: return of(.cornerRadius)
    case .visibility: return of(.hidden).map { $0 != 0 ? 0 : 1 }
    case .zIndex: return of(.zPosition)
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

  // MARK: Fitting

  /// `fit` for a series as one array a sample.
  static func fit(
    _ property: CSSProperty, layer: Int, series: [[Double]], offsets: [Double],
    _ bounds: ExportBounds
  ) -> Track {
    fit(property, layer: layer, series: series.flatMap { $0 }, offsets: offsets, bounds)
  }

  /// The keyframes of one property: `series` holds `componentCount` numbers a sample.
  static func fit(
    _ property: CSSProperty, layer: Int, series: [Double], offsets: [Double],
    _ bounds: ExportBounds
  ) -> Track {
    let w = property.componentCount
    let n = offsets.count
    let values = rounded(property, series)
    func value(_ i: Int) -> [Double] { Array(values[(i * w)..<((i + 1) * w)]) }
    let limits = (0..<w).map { bounds.bound(property.unit(ofComponent: $0)) }
    if case .discrete = property.interpolation {
      // Held values: a keyframe where the value changes, halfway between the two samples, so
      // that a browser's rounding of the progress at a sample never picks the other side.
      var keyframes = [Keyframe(offset: 0, value: value(0), easing: .stepEnd)]
      for i in 1..<max(1, n) where values[i] != values[i - 1] {
        keyframes.append(
          Keyframe(offset: (offsets[i - 1] + offsets[i]) / 2, value: value(i), easing: .stepEnd))
      }
      keyframes.append(Keyframe(offset: 1, value: value(n - 1), easing: .stepEnd))
      return Track(layer: layer, property: property, keyframes: keyframes, maxError: [:])
    }
    let decomposed: [DecomposedTransform?] =
      if case .decomposedMatrix = property.interpolation {
        (0..<n).map { DecomposedTransform(Transform3D(value($0))) }
      } else {
        []
      }
    // Pointers, not the arrays, inside the closures below: an array captured by them is
    // retained, released and bounds-checked on every access (a tenth of the standard scene's
    // export).
    let vp = UnsafeMutablePointer<Double>.allocate(capacity: max(1, values.count))
    vp.initialize(from: values, count: values.count)
    let sp = UnsafeMutablePointer<Double>.allocate(capacity: max(1, series.count))
    sp.initialize(from: series, count: series.count)
    let op = UnsafeMutablePointer<Double>.allocate(capacity: max(1, n))
    op.initialize(from: offsets, count: n)
    defer {
      vp.deallocate()
      sp.deallocate()
      op.deallocate()
    }
    // A pointer, not an array captured by the closures below: an array var costs an
    // exclusivity check per access (6 % of the standard scene's export).
    let scratch = UnsafeMutablePointer<Double>.allocate(capacity: 16)
    defer { scratch.deallocate() }
    /// The browser's value between kept samples i and j at sample k, into `scratch`; false
    /// where the browser would not interpolate.
    func interpolate(_ i: Int, _ j: Int, at k: Int) -> Bool {
      let span = op[j] - op[i]
      let t = span > 0 ? (op[k] - op[i]) / span : 0
      let matrices: (DecomposedTransform?, DecomposedTransform?) =
        decomposed.isEmpty ? (nil, nil) : (decomposed[i], decomposed[j])
      return property.interpolate(
        vp, from: i * w, to: j * w, at: t, matrices: matrices, into: scratch)
    }
    /// The error of component c of `scratch` at sample k; a colour's channels do not count where
    /// it is fully transparent (a browser shows rgba(0, 0, 0, 0) for all of them).
    func error(_ c: Int, _ k: Int) -> Double {
      if case .premultipliedColor = property.interpolation, c < 3, sp[k * w + 3] == 0 {
        return 0
      }
      return abs(scratch[c] - sp[k * w + c])
    }
    let kept = KeyframeFit.greedy(count: n) { i, j in
      if j == i + 1 { return true }
      for k in (i + 1)..<j {
        guard interpolate(i, j, at: k) else { return false }
        for c in 0..<w where error(c, k) > limits[c] { return false }
      }
      return true
    }
    // By the unit's index, not in a dictionary: hashing a unit per component and sample was a
    // quarter of the standard scene's export.
    let unitIndex = (0..<w).map {
      property.unit(ofComponent: $0).index
    }
    var worstByUnit = [Double](repeating: 0, count: ExportUnit.allCases.count)
    func record(_ k: Int) {
      for c in 0..<w { worstByUnit[unitIndex[c]] = max(worstByUnit[unitIndex[c]], error(c, k)) }
    }
    func recordKept(_ k: Int) {
      for c in 0..<w { scratch[c] = vp[k * w + c] }
      record(k)
    }
    for (i, j) in zip(kept, kept.dropFirst()) {
      recordKept(i)
      for k in (i + 1)..<j where interpolate(i, j, at: k) { record(k) }
    }
    recordKept(n - 1)
    var worst: [ExportUnit: Double] = [:]
    for unit in property.units {
      worst[unit] = worstByUnit[unit.index]
    }
    let keyframes = kept.map { Keyframe(offset: offsets[$0], value: value($0), easing: .linear) }
    // One sample: a keyframe at each end, so the browser has a whole animation.
    return Track(
      layer: layer, property: property,
      keyframes: n > 1
        ? keyframes : keyframes + [Keyframe(offset: 1, value: value(0), easing: .linear)],
      maxError: worst)
  }
}
