/// A DTCG 2025.10 token type (`$type`, format/tokenType.json). The motion types are
/// `duration`, `cubicBezier` and `transition`; the others are carried through untouched.
enum DesignTokenType: String, CaseIterable, Sendable {
  case color, dimension, fontFamily, fontWeight, duration, cubicBezier, number, strokeStyle
  case border, transition, shadow, gradient, typography

  /// Whether it is a timing the service compiles.
  var isMotion: Bool {
    switch self {
    case .duration, .cubicBezier, .transition: true
    case .color, .dimension, .fontFamily, .fontWeight, .number, .strokeStyle, .border, .shadow,
      .gradient, .typography:
      false
    }
  }
}
