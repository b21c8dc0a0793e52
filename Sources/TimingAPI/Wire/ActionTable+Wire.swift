import TimingEngine

/// An action table (`actions`, `defaultActions`, a delegate's or a style's):
/// `{key: action | null | "NSNull"}`: an absent key is nil, `null` is NSNull (semantics.md §5.2).
extension ActionTable {
  /// At most this many actions in one table.
  static let maxEntries = 1_000

  /// An empty table when `value` is absent or not an object (reported).
  init(
    json value: JSONValue?, at pointer: JSONPointer, in context: inout DecodingContext,
    values: inout ContentsNames
  ) {
    self.init()
    guard let members = context.object(value, at: pointer) else { return }
    guard members.count <= Self.maxEntries else {
      context.fail(pointer, "at most \(Self.maxEntries) actions")
      return
    }
    var customTypes: [String: ValueType] = [:]
    for (key, member) in members {
      guard !key.isEmpty, key.utf8.count <= 128 else {
        context.fail(pointer / key, "an action key is a non-empty name of up to 128 bytes")
        continue
      }
      switch member {
      case .null, .string("NSNull"):
        entries[key] = .null
      case .object:
        if let animation = Animation(
          json: member, at: pointer / key, in: &context, customTypes: &customTypes,
          contents: &values, defaultKeyPath: key)
        {
          entries[key] = .action(animation)
        }
      case .bool, .number, .string, .array:
        context.fail(
          pointer / key, "an action is an animation object, or null (NSNull) for no action")
      }
    }
  }
}
