extension OpenAPIDocument {
  /// The contract's entity tag, which changes with every release that changes the contract
  /// (and so the tags of the streamed answers, which hash it).
  static let tag = EntityTag.of(bytes)
}
