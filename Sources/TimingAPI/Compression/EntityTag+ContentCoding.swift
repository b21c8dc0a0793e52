extension EntityTag {
  /// The tag of a representation coded with `coding`, from the tag of its identity form
  /// (RFC 9110 §8.8.3: representations that differ in content coding have different tags):
  /// `"0123…-1a"` becomes `W/"0123…-1a-gzip"`.
  ///
  /// Weak, because a strong tag promises the same bytes wherever it is given out, and the gzip
  /// bytes of the same answer depend on the zlib build and level as well as on the answer: two
  /// replicas linked with different zlib versions would give one strong tag to two byte
  /// sequences. Weak comparison, which `If-None-Match` uses (§13.1.2), still makes it a 304;
  /// nothing in the API compares strongly (no ranges, no `If-Match`).
  static func coded(_ tag: String, _ coding: ContentCoding) -> String {
    var opaque = tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    if opaque.hasSuffix("\"") { opaque.removeLast() }
    return "W/" + opaque + "-" + coding.token + "\""
  }
}
