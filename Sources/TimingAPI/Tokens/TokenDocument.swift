/// A token document in any of the dialects the service reads, recognized from its shape or
/// named by `?dialect=`: its motion tokens (`ReadToken`) and how many of its tokens of other
/// types pass through.
struct TokenDocument: Sendable {
  /// The dialects, as `?dialect=` names them.
  enum Dialect: String, CaseIterable, Sendable, WireName {
    case dtcg, dtif, figma, material

    /// The dialect a document's shape shows: Figma's `meta.variables`, Material's flat
    /// `md.…` names, DTIF's `$schema`, else DTCG.
    static func recognized(_ document: JSONValue) -> Dialect {
      if FigmaVariables.recognizes(document) { return .figma }
      if MaterialTokens.recognizes(document) { return .material }
      if DTIFTokens.recognizes(document) { return .dtif }
      return .dtcg
    }
  }

  let dialect: Dialect
  let tokens: [ReadToken]
  let passedThrough: Int

  /// `fps`: frames a second for a DTIF duration in frames that states none.
  init(
    json document: JSONValue, dialect named: Dialect?, fps: Double,
    in context: inout DecodingContext
  ) {
    let dialect = named ?? Dialect.recognized(document)
    self.dialect = dialect
    switch dialect {
    case .dtcg:
      var tokens: [ReadToken] = []
      var others = 0
      for token in DesignTokenDocument(json: document, dialect: .dtcg, in: &context).tokens {
        if let motion = MotionToken(token, in: &context) {
          tokens.append(
            ReadToken(
              path: token.path, pointer: token.pointer / DesignTokenDocument.TokenMember.value,
              meaning: motion.meaning, description: token.description,
              extensions: token.extensions))
        } else if token.type?.isMotion != true
          && token.extensions?[MotionToken.springExtension] == nil
          && token.extensions?[MotionToken.easingExtension] == nil
        {
          others += 1
        }
      }
      self.tokens = tokens
      passedThrough = others
    case .dtif:
      let dtif = DTIFTokens(json: document, fps: fps, in: &context)
      (tokens, passedThrough) = (dtif.tokens, dtif.otherCount)
    case .figma:
      let figma = FigmaVariables(json: document, in: &context)
      (tokens, passedThrough) = (figma.variables, figma.otherCount)
    case .material:
      let material = MaterialTokens(json: document, in: &context)
      (tokens, passedThrough) = (material.tokens, material.otherCount)
    }
  }
}
