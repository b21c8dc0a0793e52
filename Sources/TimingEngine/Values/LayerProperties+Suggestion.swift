/// "Did you mean …?" for a property name the catalogue does not know. Core Animation accepts any
/// key (a custom property), so an unknown name is never an error; but `opacty` is far more
/// likely a typo of `opacity` than a property of its own, and a timeline that silently animates
/// a custom `opacty` shows nothing moving.
extension LayerProperties {
  /// Every name a key may be meant as: the stored properties and the derived `frame`, in
  /// alphabetical order (ties go to the first).
  static let knownNames = NameSuggestion((Array(catalogue.keys) + Array(derived)).sorted())

  /// The known property nearest to `name` when it is a likely misspelling of one, else nil
  /// (and nil for a known name): `NameSuggestion`'s rule, so a case-insensitive match
  /// (`Opacity`, `backgroundcolor`) is always suggested, and otherwise at most 2 edits, 1 for
  /// names of 3 to 5 characters, none for shorter ones.
  public static func suggestion(for name: String) -> String? {
    knownNames.nearest(to: name)
  }
}
