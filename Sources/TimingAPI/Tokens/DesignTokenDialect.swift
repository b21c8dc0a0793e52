/// The tree-shaped token formats the document reader walks: DTCG 2025.10, and DTIF (the
/// Design Token Interchange Format), which has DTCG's groups, `$type`, `$value` and references
/// but types and members of its own (`easing`, `motion`; `$version`, `$lastModified`).
enum DesignTokenDialect: String, CaseIterable, Sendable {
  case dtcg
  case dtif

  /// Whether `$type`s and `$`-members DTCG does not define are kept rather than refused.
  var keepsUnknownProperties: Bool {
    switch self {
    case .dtcg: false
    case .dtif: true
    }
  }
}
