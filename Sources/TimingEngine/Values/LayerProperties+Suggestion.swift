/// "Did you mean …?" for a property name the catalogue does not know. Core Animation accepts any
/// key (a custom property), so an unknown name is never an error; but `opacty` is far more
/// likely a typo of `opacity` than a property of its own, and a timeline that silently animates
/// a custom `opacty` shows nothing moving.
extension LayerProperties {
  /// Every name a key may be meant as: the stored properties and the derived `frame`.
  static let knownNames: [String] = (Array(catalogue.keys) + Array(derived)).sorted()

  /// The known property nearest to `name` when it is a likely misspelling of one, else nil
  /// (and nil for a known name). Likely means at most 2 edits away (`EditDistance`), and at most
  /// 1 for names of 5 characters or fewer: two edits are 40 % or more of a short name (`bond`
  /// is 2 from `bounds`, a custom name rather than a typo), while a long name two edits off
  /// (`backgroundColr`, `cornerRaduis`) is a typo. The nearest wins; ties go to the first in
  /// alphabetical order, so the answer is the same on every run.
  public static func suggestion(for name: String) -> String? {
    guard catalogue[name] == nil, !derived.contains(name) else { return nil }
    let limit = name.unicodeScalars.count <= 5 ? 1 : 2
    var best: (name: String, distance: Int)?
    for known in knownNames {
      let distance = EditDistance.optimalStringAlignment(name, known, limit: limit)
      if distance <= limit, distance < (best?.distance ?? .max) { best = (known, distance) }
    }
    return best?.name
  }
}
