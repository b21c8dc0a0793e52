import Testing

@testable import TimingAPI

/// The exporters keep a property's or a unit's values in arrays at its `index` (a switch, so
/// a new case is a compile error there), and read the arrays back by walking `allCases`: the
/// two orders must be one, or a column is read as another's.
struct CaseIndexTests {
  @Test func exportedLayerPropertyIndexIsItsPlaceInAllCases() {
    #expect(
      ExportedLayerProperty.allCases.map(\.index) == Array(0..<ExportedLayerProperty.allCases.count)
    )
  }

  @Test func lottiePropertyIndexIsItsPlaceInAllCases() {
    #expect(LottieProperty.allCases.map(\.index) == Array(0..<LottieProperty.allCases.count))
  }

  @Test func exportUnitIndexIsItsPlaceInAllCases() {
    #expect(ExportUnit.allCases.map(\.index) == Array(0..<ExportUnit.allCases.count))
  }
}
