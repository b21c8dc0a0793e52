import TimingEngine

/// The opaque contents named so far in one request: a contents value is its name's index here,
/// and the scene keeps the table (`Scene.contentsNames`) to write the names back.
struct ContentsNames {
  /// Index 0 is no contents (`LayerProperties.noContents`).
  private(set) var names: [String] = [LayerProperties.noContents]
  /// Each name's index in `names`: a search through 10 000 names per value made 40 000
  /// references to them take 2 s.
  private var indices: [String: Int] = [LayerProperties.noContents: 0]

  /// The index of `name`, added if new; nil past 10 000 distinct names.
  mutating func index(
    of name: String, at pointer: JSONPointer, in context: inout DecodingContext
  ) -> Int? {
    if let index = indices[name] { return index }
    guard names.count < 10_000 else {
      context.fail(pointer, "more than 10000 distinct contents ids")
      return nil
    }
    names.append(name)
    indices[name] = names.count - 1
    return names.count - 1
  }
}
