/// A motion token as any dialect reads it (DTCG, Figma, Material): its name's segments, where
/// its value is, what it means, and what the reading changed or could not say. The targets are
/// written from these, whatever the document's dialect.
struct ReadToken: Sendable {
  let path: [String]
  let pointer: JSONPointer
  let meaning: MotionToken.Meaning
  var notes: [String] = []
}
