import TimingEngine

/// The CSS properties a layer exports to, and how a browser interpolates each between two
/// keyframes (docs/export.md "Property mapping").
enum CSSProperty: String, CaseIterable, Sendable {
  case opacity
  case translate
  case width
  case height
  case transformOrigin
  case transform
  case backgroundColor
  case borderRadius
  case visibility
  case zIndex

  /// How a browser goes from one keyframe to the next.
  enum Interpolation: Sendable {
    /// Component by component, in a straight line.
    case linear
    /// rgba() with premultiplied alpha (CSS Color 4 §12.3): (r·a, g·a, b·a, a) in a straight
    /// line, then divided by the alpha.
    case premultipliedColor
    /// matrix3d() taken apart, blended and put back together (CSS Transforms 2 §"Interpolation
    /// of 3D matrices") — the decomposition `DecomposedTransform` implements.
    case decomposedMatrix
    /// A keyword or integer, held until the next keyframe (`step-end` easing).
    case discrete
  }

  /// The name `element.animate()` keyframes use (WAAPI's camelCase: a hyphenated key is
  /// silently ignored by browsers).
  var waapiName: String { rawValue }

  /// The name in a style sheet.
  var cssName: String {
    switch self {
    case .opacity, .translate, .width, .height, .transform, .visibility: rawValue
    case .transformOrigin: "transform-origin"
    case .backgroundColor: "background-color"
    case .borderRadius: "border-radius"
    case .zIndex: "z-index"
    }
  }

  var interpolation: Interpolation {
    switch self {
    case .opacity, .translate, .width, .height, .transformOrigin, .borderRadius: .linear
    case .backgroundColor: .premultipliedColor
    case .transform: .decomposedMatrix
    case .visibility, .zIndex: .discrete
    }
  }

  /// Numbers in one value.
  var componentCount: Int {
    switch self {
    case .opacity, .width, .height, .borderRadius, .visibility, .zIndex: 1
    case .translate, .transformOrigin: 2
    case .backgroundColor: 4
    case .transform: 16
    }
  }

  /// What component `c` measures. A matrix's translation entries (m41, m42, m43) are lengths;
  /// its other entries are factors — 0.002 on a rotation entry is about 0.11°.
  func unit(ofComponent c: Int) -> ExportUnit {
    switch self {
    case .opacity: .factor
    case .translate, .width, .height, .transformOrigin, .borderRadius, .zIndex, .visibility:
      .length
    case .backgroundColor: .colorChannel
    case .transform: (12...14).contains(c) ? .length : .factor
    }
  }

  /// The units this property's components measure, in `ExportUnit` order.
  var units: [ExportUnit] {
    ExportUnit.allCases.filter { unit in
      (0..<componentCount).contains { self.unit(ofComponent: $0) == unit }
    }
  }

  /// A number of its value as the browser's computed value holds it: opacity clamped to
  /// [0, 1], a width, height or radius to ≥ 0 (CSS clamps what interpolation overshoots, and a
  /// negative length is invalid), colour channels and alpha to [0, 255]. A spring's overshoot
  /// past opacity 1 is shown as 1 by a browser, as by Core Animation's renderer.
  func computed(_ x: Double) -> Double {
    switch self {
    case .opacity: min(1, max(0, x))
    case .width, .height, .borderRadius: max(0, x)
    case .backgroundColor: min(255, max(0, x))
    case .translate, .transformOrigin, .transform, .visibility, .zIndex: x
    }
  }

  /// The layer properties its value is computed from.
  var layerProperties: [ExportedLayerProperty] {
    switch self {
    case .opacity: [.opacity]
    case .translate: [.position, .anchorPoint, .bounds]
    case .width, .height: [.bounds]
    case .transformOrigin: [.anchorPoint, .bounds]
    case .transform: [.transform]
    case .backgroundColor: [.backgroundColor]
    case .borderRadius: [.cornerRadius]
    case .visibility: [.hidden]
    case .zIndex: [.zPosition]
    }
  }
}
