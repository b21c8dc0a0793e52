import TimingEngine

/// A layer's `delegate`: `"view"` (a UIKit view backing the layer, semantics.md §5.5) or
/// `{"actions": {key: action | null}}` (a delegate answering `actionForLayer:forKey:`).
extension LayerDelegate {
  /// The members of a delegate object.
  enum Member: String, WireMember {
    case actions
  }

  /// The string that names a view as the delegate.
  static let viewName = "view"

  /// Nil when absent, or when not a delegate (reported).
  init?(
    json value: JSONValue?, at pointer: JSONPointer, in context: inout DecodingContext,
    values: inout ContentsNames
  ) {
    guard let value else { return nil }
    switch value {
    case .string(Self.viewName): self = .view
    case .object:
      context.rejectUnknownMembers(value, allowed: Member.self, at: pointer)
      self = .table(
        ActionTable(
          json: value[Member.actions] ?? .object([]), at: pointer / Member.actions, in: &context,
          values: &values))
    case .null, .bool, .number, .string, .array:
      context.fail(
        pointer, "a delegate is \"view\" (a UIKit view) or {\"actions\": {key: action | null}}")
      return nil
    }
  }
}
