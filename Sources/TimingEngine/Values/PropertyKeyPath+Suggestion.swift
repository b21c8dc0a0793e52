/// "Did you mean …?" for a key path that names no property or no sub-path of one
/// (`trasnform.rotation.y`, `transform.rotaton.y`, `position.z`).
extension PropertyKeyPath {
  /// The key path `text` was most likely meant as, or nil: its property by
  /// `NameSuggestion`'s rule among the layer properties and `customProperties` (those the
  /// scene has), then its sub-path among that property's (`subPaths(of:)`).
  public static func suggestion(
    for text: String, customProperties: some Sequence<String> = [String]()
  ) -> String? {
    let pieces = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    var property = String(pieces.first ?? "")
    let rest = pieces.count > 1 ? String(pieces[1]) : nil
    var changed = false
    if LayerProperties.catalogue[property] == nil, !LayerProperties.derived.contains(property) {
      let custom = Array(customProperties)
      if custom.contains(property) { return nil }
      guard
        let nearest = LayerProperties.suggestion(for: property)
          ?? NameSuggestion(custom.sorted()).nearest(to: property)
      else { return nil }
      property = nearest
      changed = true
    }
    guard let rest else { return changed ? property : nil }
    guard let type = LayerProperties.catalogue[property]?.type else { return nil }
    let subPaths = subPaths(of: type)
    if subPaths.contains(rest) { return changed ? property + "." + rest : nil }
    return NameSuggestion(subPaths).nearest(to: rest).map { property + "." + $0 }
  }
}
