/// One token of a DTCG document (2025.10 "Design token"): where it is, its type (its own, or
/// the nearest enclosing group's, or that of the token it refers to), its value with every
/// reference in it replaced by what it refers to, and what it says of itself.
struct DesignToken: Sendable {
  /// Its name's segments: `["duration", "fast", "01"]` for `{duration.fast.01}`; a group's
  /// `$root` token ends in `$root`.
  let path: [String]
  /// Where the token's object is in the document.
  let pointer: JSONPointer
  /// `$type` as written (its own, the nearest group's, or the referenced token's).
  var typeName: String?
  /// The type, where DTCG 2025.10 names it (a DTIF document has types of its own).
  var type: DesignTokenType? { typeName.flatMap(DesignTokenType.init(rawValue:)) }
  /// The value as written (`$value`, or what the token's `$ref` points at).
  let written: JSONValue
  /// The value with its references resolved.
  var value: JSONValue
  let description: String?
  /// `$extensions`, kept as written (a tool's own members; the service's spring).
  let extensions: JSONValue?
  /// `$deprecated`: true, or the reason.
  let deprecated: JSONValue?

  /// `{group.token}`, as references name it.
  var name: String { path.joined(separator: ".") }
}
