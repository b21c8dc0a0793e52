/// What element an export is written for (docs/export.md "Presets on your element").
enum ExportElement: Sendable {
  /// The layer's own box: an element the export sizes and places (`width`, `height`,
  /// `translate`, `transform-origin` in pixels), as for a scene's layers.
  case layerBox
  /// An element of the client's, of any size and place (a Canvas preset played on the
  /// client's view): the export sets only what the animation moves — `transform` and
  /// `opacity` — and `transform-origin` at the anchor point as a percentage of the element's
  /// box (UIKit's centre, 50 % 50 %), so scales and rotations turn about the same point of the
  /// element whatever its size. Other properties that change are named in `notExported`.
  case givenElement

  /// Whether the export writes `property` at all.
  func writes(_ property: CSSProperty) -> Bool {
    switch self {
    case .layerBox: true
    case .givenElement:
      switch property {
      case .opacity, .transform, .transformOrigin: true
      case .translate, .width, .height, .backgroundColor, .borderRadius, .visibility, .zIndex:
        false
      }
    }
  }
}
