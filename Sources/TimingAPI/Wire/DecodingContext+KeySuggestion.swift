import TimingEngine

/// A warning for a key that is valid only as a custom property but is a likely misspelling of a
/// layer property (`opacty`): Core Animation accepts any key, so this is never an error, but a
/// scene animating a custom `opacty` shows nothing moving and nothing says why.
extension DecodingContext {
  /// Warns at `pointer` when `name` (a property name, before any `.`) is not a known property
  /// but is near one; `use` says what the key is taken as (e.g. "a custom property"). Each
  /// look is charged (`WorkCost.keySuggestion`): a scene may name tens of thousands of custom
  /// properties.
  mutating func warnIfMisspelt(_ name: String, at pointer: JSONPointer, taken use: String) {
    guard !LayerProperties.isBuiltIn(name), !LayerProperties.derived.contains(name),
      charge(1, WorkCost.keySuggestion, at: pointer),
      let nearest = LayerProperties.suggestion(for: name)
    else { return }
    warn(
      pointer,
      "'\(name.prefix(64))' is not a layer property, so it is \(use); did you mean \(nearest)?")
  }
}
