import TimingEngine

/// A CSS value's text from its numbers (`TimelineExport.cssValue`), in the forms a browser's
/// computed style uses, so that what an export says is what `getComputedStyle` shows.
enum CSSValueText {
  static func text(_ property: CSSProperty, _ value: [Double]) -> String {
    switch property {
    case .opacity: return numberText(value[0])
    case .translate, .transformOrigin: return px(value[0]) + " " + px(value[1])
    case .width, .height, .borderRadius: return px(value[0])
    case .transform:
      return "matrix3d(" + value.map(numberText).joined(separator: ", ") + ")"
    case .backgroundColor:
      // Alpha back from 0–255 steps to 0–1; 6 decimals tell every step apart (1/255 ≈ 0.0039).
      return "rgba(" + value[0..<3].map(numberText).joined(separator: ", ") + ", "
        + numberText(((value[3] / 255) * 1e6).rounded() / 1e6) + ")"
    case .visibility: return value[0] != 0 ? "visible" : "hidden"
    case .zIndex: return numberText(value[0])
    }
  }

  private static func px(_ value: Double) -> String { numberText(value) + "px" }
}
