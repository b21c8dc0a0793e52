/// A property of a Lottie shape layer the export animates (docs/export.md "Lottie"), in
/// Lottie's units: pixels, percent, degrees, 0–1 colour channels and 0–100 opacity. A new one is
/// a case here: the compiler then points at each switch that places it in the document, says
/// what it is computed from, and computes it from a sample (`LottieSample`).
enum LottieProperty: String, CaseIterable, Sendable {
  /// `ks.a`: the anchor point in layer pixels (Core Animation's `anchorPoint` × the bounds' size).
  case anchor
  /// `ks.p`: the anchor point's place in the parent (`position` plus the transform's
  /// translation, less the parent's bounds origin).
  case position
  /// `ks.s`: the transform's scale, percent.
  case scale
  /// `ks.r`: the transform's rotation, degrees clockwise (y down, as on iOS).
  case rotation
  /// `ks.o`: opacity 0–100, with the superlayers' (Lottie's parenting carries no opacity) and
  /// `hidden` (0).
  case opacity
  /// The rectangle's size (`bounds.size`).
  case size
  /// The rectangle's centre in layer pixels.
  case center
  /// The rectangle's roundness (`cornerRadius`).
  case roundness
  /// The fill's colour, 0–1 channels.
  case color
  /// The fill's opacity, 0–100 (the background colour's alpha).
  case colorOpacity

  /// Its place in `allCases`, where its series is kept.
  var index: Int {
    switch self {
    case .anchor: 0
    case .position: 1
    case .scale: 2
    case .rotation: 3
    case .opacity: 4
    case .size: 5
    case .center: 6
    case .roundness: 7
    case .color: 8
    case .colorOpacity: 9
    }
  }

  /// Where the document holds it: the layer's transform, the rectangle of its bounds, or that
  /// rectangle's fill.
  enum Placement: Sendable {
    case transform(LottieTransform.Member)
    case rectangle(LottieRectangle.Member)
    case fill(LottieFill.Member)
  }

  var placement: Placement {
    switch self {
    case .anchor: .transform(.anchor)
    case .position: .transform(.position)
    case .scale: .transform(.scale)
    case .rotation: .transform(.rotation)
    case .opacity: .transform(.opacity)
    case .size: .rectangle(.size)
    case .center: .rectangle(.position)
    case .roundness: .rectangle(.roundness)
    case .color: .fill(.color)
    case .colorOpacity: .fill(.opacity)
    }
  }

  /// The layer's own properties its value is computed from: it only jumps (held keyframes)
  /// where every one of them does.
  var inputs: [ExportedLayerProperty] {
    switch self {
    case .anchor: [.anchorPoint, .bounds]
    case .position: [.position, .transform, .anchorPoint]
    case .scale, .rotation: [.transform]
    case .opacity: [.opacity, .hidden]
    case .size, .center: [.bounds]
    case .roundness: [.cornerRadius, .bounds]
    case .color, .colorOpacity: [.backgroundColor]
    }
  }

  /// What it reads of the superlayer, which must jump too for it to be held.
  enum SuperlayerInput: Sendable {
    case none
    /// The superlayer's bounds' origin (a position is in the parent's pixels from its corner).
    case bounds
    /// The superlayers' opacity, which Lottie's parenting does not carry: multiplied in.
    case opacity
  }

  var superlayerInput: SuperlayerInput {
    switch self {
    case .position: .bounds
    case .opacity: .opacity
    case .anchor, .scale, .rotation, .size, .center, .roundness, .color, .colorOpacity: .none
    }
  }

  /// The layer properties whose Core Animation curves its segments may take, where one
  /// animation alone drives them (`LottieExport.Easings`).
  var curveSources: [ExportedLayerProperty] {
    switch self {
    case .anchor: [.anchorPoint, .bounds]
    case .position: [.position, .transform]
    case .scale, .rotation: [.transform]
    case .opacity: [.opacity]
    case .size, .center: [.bounds]
    case .roundness: [.cornerRadius]
    case .color, .colorOpacity: [.backgroundColor]
    }
  }

  /// Its value at one sample, appended to its series: the maths of every property in one place.
  func append(_ sample: LottieSample, to series: inout [Double]) {
    switch self {
    case .anchor:
      series.append(sample.anchorX)
      series.append(sample.anchorY)
    case .position:
      series.append(sample.positionX)
      series.append(sample.positionY)
    case .scale:
      series.append(sample.scaleX * 100)
      series.append(sample.scaleY * 100)
    case .rotation: series.append(sample.rotation)
    case .opacity: series.append(sample.opacity * 100)
    case .size:
      // A negative size draws the same box from the other edge: its extent, centred.
      series.append(abs(sample.width))
      series.append(abs(sample.height))
    case .center:
      series.append(sample.width / 2)
      series.append(sample.height / 2)
    case .roundness:
      series.append(
        max(min(sample.cornerRadius, min(abs(sample.width), abs(sample.height)) / 2), 0))
    case .color:
      for channel in 0..<3 { series.append(min(max(sample.color[channel], 0), 1)) }
    case .colorOpacity: series.append(min(max(sample.color[3], 0), 1) * 100)
    }
  }

  var componentCount: Int {
    switch self {
    case .anchor, .position, .scale, .size, .center: 2
    case .rotation, .opacity, .roundness, .colorOpacity: 1
    case .color: 3
    }
  }

  /// Lottie's units per unit of the bound: percent for factors (scale, opacity), 0–1 for a
  /// colour channel counted in 0–255 steps, 0–100 for a colour's alpha in those steps.
  var scale: Double {
    switch self {
    case .anchor, .position, .size, .center, .roundness, .rotation: 1
    case .scale, .opacity: 100
    case .color: 1.0 / 255
    case .colorOpacity: 100.0 / 255
    }
  }

  /// The values it may take: a segment's curve that leaves them between samples is not used
  /// (rlottie draws nothing for a negative roundness).
  var range: ClosedRange<Double> {
    switch self {
    case .anchor, .position, .scale, .rotation, .center: -Double.infinity...Double.infinity
    case .size, .roundness: 0...Double.infinity
    case .opacity, .colorOpacity: 0...100
    case .color: 0...1
    }
  }

  /// What its error is measured in, for the bound it is fitted within (`ExportBounds`):
  /// rotation in degrees is turned into pixels at the farthest corner by the export.
  var unit: ExportUnit {
    switch self {
    case .anchor, .position, .size, .center, .roundness, .rotation: .length
    case .scale, .opacity: .factor
    case .color, .colorOpacity: .colorChannel
    }
  }
}
