import TimingEngine

/// The members of a layer the action search consults (api.md "Actions"; semantics.md §5):
/// `delegate`, `actions`, `style` and `defaultActions`, the same in a scene's layers and in an
/// action request's `layer`.
extension ActionSources {
  enum Member: String, WireMember {
    case delegate, actions, style, defaultActions
  }

  /// The members of a `style` dictionary.
  enum StyleMember: String, WireMember {
    case actions, style
  }

  /// Style dictionaries nest at most this deep.
  static let maxStyleDepth = 16

  /// Reads the four members of `object` (a layer); members it does not have are empty.
  init(
    json object: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext,
    values: inout ContentsNames
  ) {
    self.init()
    delegate = LayerDelegate(
      json: object[Member.delegate], at: pointer / Member.delegate, in: &context,
      values: &values)
    actions = ActionTable(
      json: object[Member.actions], at: pointer / Member.actions, in: &context, values: &values)
    style = Self.style(
      object[Member.style], at: pointer / Member.style, in: &context, values: &values)
    classDefaults = ActionTable(
      json: object[Member.defaultActions], at: pointer / Member.defaultActions, in: &context,
      values: &values)
  }

  /// `{"actions": {…}, "style": {"actions": …, "style": …}}`, shallowest first.
  private static func style(
    _ value: JSONValue?, at pointer: JSONPointer, in context: inout DecodingContext,
    values: inout ContentsNames
  ) -> [ActionTable] {
    var tables: [ActionTable] = []
    var current = value
    var currentPointer = pointer
    while let level = current {
      guard tables.count < maxStyleDepth else {
        context.fail(
          currentPointer, "style dictionaries nested deeper than \(maxStyleDepth) levels")
        break
      }
      guard case .object = level else {
        context.fail(
          currentPointer, "a style is an object with \"actions\" and an optional nested \"style\"")
        break
      }
      context.rejectUnknownMembers(level, allowed: StyleMember.self, at: currentPointer)
      tables.append(
        ActionTable(
          json: level[StyleMember.actions], at: currentPointer / StyleMember.actions,
          in: &context, values: &values))
      current = level[StyleMember.style]
      currentPointer = currentPointer / StyleMember.style
    }
    return tables
  }
}
