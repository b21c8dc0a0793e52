/// A motion token as any dialect reads it (DTCG, Figma, Material): its name's segments, where
/// its value is, what it means, and what the reading changed or could not say. The targets are
/// written from these, whatever the document's dialect.
struct ReadToken: Sendable {
  let path: [String]
  let pointer: JSONPointer
  let meaning: MotionToken.Meaning
  var notes: [String] = []
  /// What the token says of itself where its dialect has it (DTCG's and DTIF's `$description`
  /// and `$extensions`): kept for the `dtcg` target.
  var description: String? = nil
  var extensions: JSONValue? = nil
}
