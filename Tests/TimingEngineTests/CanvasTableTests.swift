import Testing

@testable import TimingEngine

/// semantics.md §7's table, transcribed here independently of CanvasPreset's, with W = 300, H =
/// 500: "T x y" a translation, "S x y" a scale, "A a" an alpha; "|" separates what one state sets.
@Suite struct CanvasTableTests {
  static let table: [String: (start: String, steps: [String])] = [
    "bounceLeft": ("T 300 0", ["T -10 0", "T 5 0", "T -2 0", "T 0 0"]),
    "bounceRight": ("T -300 0", ["T 10 0", "T -5 0", "T 2 0", "T 0 0"]),
    "bounceDown": ("T 0 -500", ["T 0 -10", "T 0 5", "T 0 -2", "T 0 0"]),
    "bounceUp": ("T 0 500", ["T 0 10", "T 0 -5", "T 0 2", "T 0 0"]),
    "slideLeft": ("T 300 0", ["T 0 0"]), "slideRight": ("T -300 0", ["T 0 0"]),
    "slideDown": ("T 0 -500", ["T 0 0"]), "slideUp": ("T 0 500", ["T 0 0"]),
    "slideDownReverse": ("T 0 0", ["T 0 -500"]),
    "fadeIn": ("A 0", ["A 1"]), "fadeOut": ("A 1", ["A 0"]),
    "fadeInSemi": ("A 0", ["A 0.4"]), "fadeOutSemi": ("A 0.4", ["A 0"]),
    "fadeInLeft": ("A 0|T 300 0", ["A 1|T 0 0"]), "fadeInRight": ("A 0|T -300 0", ["A 1|T 0 0"]),
    "fadeInDown": ("A 0|T 0 -500", ["A 1|T 0 0"]), "fadeInUp": ("A 0|T 0 500", ["A 1|T 0 0"]),
    "fadeOutLeft": ("A 1|T 0 0", ["A 0|T -300 0"]), "fadeOutRight": ("A 1|T 0 0", ["A 0|T 300 0"]),
    "pop": ("S 1 1", ["S 1.2 1.2", "S 0.9 0.9", "S 1 1"]),
    "popDown": ("S 1 1", ["S 0.9 0.9"]),
    "popAlpha": ("A 0|S 1 1", ["A 1|S 1.2 1.2", "S 0.9 0.9", "S 1 1"]),
    "popAlphaUp": ("A 1|S 0.9 0.9", ["A 0|S 1.2 1.2"]),
    "popAlphaOut": ("S 1 1", ["A 1|S 0.9 0.9", "S 1.2 1.2", "A 0|S 1 1"]),
    "morph": ("S 1 1", ["S 1 1.2", "S 1.2 0.9", "S 0.9 0.9", "S 1 1"]),
    "flash": ("A 0", ["A 1", "A 0", "A 1"]),
    "shake": ("T 0 0", ["T 30 0", "T -30 0", "T 15 0", "T -15 0", "T 0 0"]),
    "zoomIn": ("A 1|S 1 1", ["A 0|S 2 2"]), "zoomOut": ("A 0|S 2 2", ["A 1|S 1 1"]),
  ]

  static func describe(_ state: CanvasPreset.State) -> String {
    var parts: [String] = []
    if let a = state.alpha { parts.append("A \(numberText(a))") }
    if let t = state.translation { parts.append("T \(numberText(t.x)) \(numberText(t.y))") }
    if let s = state.scale { parts.append("S \(numberText(s.x)) \(numberText(s.y))") }
    return parts.joined(separator: "|")
  }

  @Test func presetsMatchTheSpecTable() {
    #expect(Set(Self.table.keys) == Set(CanvasPreset.allCases.map(\.rawValue)))
    for preset in CanvasPreset.allCases {
      let (start, steps) = preset.definition(width: 300, height: 500)
      let expected = Self.table[preset.rawValue]
      #expect(Self.describe(start) == expected?.start, "\(preset) start")
      #expect(steps.map(Self.describe) == expected?.steps ?? [], "\(preset) steps")
    }
  }
}
