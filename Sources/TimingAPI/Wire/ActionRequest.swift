import TimingEngine

/// A `POST /v1/actions/resolve` body (api.md "Actions"): a layer's action sources, the
/// transaction and animation block in effect, and the keys to look up.
struct ActionRequest {
  enum Member: String, WireMember {
    case layer, transaction, animate, keys
  }

  /// At most this many keys per request.
  static let maxKeys = 256

  var sources = ActionSources()
  var transaction = TransactionState()
  var block: AnimationBlock?
  var keys: [String] = []
  /// Keys that name no layer property but are Core Animation's own action keys (semantics.md
  /// §5.1, §5.3): never a misspelling of a property.
  static let actionOnlyKeys: Set<String> = BuiltInActions.basicKeys.union(BuiltInActions.fadeKeys)
    .union(["onOrderIn", "onOrderOut", "transition"])

  /// Decodes `body`, reporting every problem to `context` with its pointer.
  init(json body: JSONValue, in context: inout DecodingContext) throws(Problem) {
    let root = JSONPointer()
    guard case .object = body else {
      throw Problem.invalidRequest([
        .at(root, "the body must be a JSON object with \"layer\" and \"keys\"")
      ])
    }
    context.rejectUnknownMembers(body, allowed: Member.self, at: root)
    var values = ContentsNames()
    let layerPointer = root / Member.layer
    if let layer = context.object(body[Member.layer], at: layerPointer).map(JSONValue.object) {
      context.rejectUnknownMembers(layer, allowed: ActionSources.Member.self, at: layerPointer)
      sources = ActionSources(json: layer, at: layerPointer, in: &context, values: &values)
    }
    transaction = TransactionState(
      json: body[Member.transaction], at: root / Member.transaction,
      inheriting: TransactionState(), in: &context)
    block = AnimationBlock(json: body[Member.animate], at: root / Member.animate, in: &context)
    let keysPointer = root / Member.keys
    if let items = context.array(body[Member.keys], at: keysPointer, max: Self.maxKeys) {
      keys = items.enumerated().compactMap { i, item in
        context.string(item, at: keysPointer / i, maxLength: 128)
      }
      for (i, key) in keys.enumerated() where !Self.actionOnlyKeys.contains(key) {
        context.warnIfMisspelt(key, at: keysPointer / i, taken: "looked up as a custom key")
      }
      if items.isEmpty { context.fail(keysPointer, "name at least one key") }
    } else if body[Member.keys] == nil {
      context.fail(
        keysPointer, "is required: the keys to look up, e.g. [\"position\", \"onOrderIn\"]")
    }
    try context.throwIfFailed()
  }
}
