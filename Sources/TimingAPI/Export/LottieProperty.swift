/// A property of a Lottie shape layer the export animates (docs/export.md "Lottie"), in
/// Lottie's units: pixels, percent, degrees, 0–1 colour channels and 0–100 opacity.
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
