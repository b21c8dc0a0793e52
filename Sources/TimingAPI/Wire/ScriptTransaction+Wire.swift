import TimingEngine

/// A `set` event's transaction (api.md "Timelines", events): its settings, changes, nested
/// `transactions` and `completion`.
extension ScriptTransaction {
  enum Member: String, WireMember {
    case animationDuration, animationTimingFunction, disableActions, transactions, completion,
      set
  }

  /// Transactions nest at most this deep, which bounds the recursion a body can cause.
  static let maxDepth = 16

  /// - Parameters:
  ///   - set: the event's own `set`, which belongs to its outermost transaction (depth 0);
  ///     nested transactions carry theirs.
  ///   - event: the event's pointer, where the outermost transaction's changes are.
  init?(
    json value: JSONValue, set: JSONValue?, event eventPointer: JSONPointer, at path: JSONPointer,
    in context: inout DecodingContext, script: inout ScriptContext, depth: Int = 0
  ) {
    guard case .object = value else {
      context.fail(path, "a transaction is an object")
      return nil
    }
    guard depth < Self.maxDepth else {
      context.fail(path, "transactions nested deeper than \(Self.maxDepth) levels")
      return nil
    }
    context.rejectUnknownMembers(value, allowed: Member.self, at: path)
    self.init()
    animationDuration = context.warnIfMilliseconds(
      context.number(
        value[Member.animationDuration], at: path / Member.animationDuration, in: 0...1e6),
      at: path / Member.animationDuration)
    if let f = value[Member.animationTimingFunction],
      let function = TimingFunction(
        json: f, at: path / Member.animationTimingFunction, in: &context)
    {
      animationTimingFunction = function
    }
    disableActions = context.bool(
      value[Member.disableActions], at: path / Member.disableActions)
    completion = context.string(
      value[Member.completion], at: path / Member.completion, maxLength: 128)
    let changesValue = depth == 0 ? set : value[Member.set]
    let changesPointer = depth == 0 ? eventPointer / ScriptEventKind.set : path / Member.set
    if depth == 0 && value[Member.set] != nil {
      context.fail(
        path / Member.set, "put the outer transaction's changes in the event's \"set\"")
    }
    changes = PropertyChange.list(
      json: changesValue, at: changesPointer, in: &context, script: &script)
    let transactions = path / Member.transactions
    for (i, inner)
      in (context.array(value[Member.transactions], at: transactions, max: 100) ?? [])
      .enumerated()
    {
      if let transaction = ScriptTransaction(
        json: inner, set: nil, event: eventPointer, at: transactions / i, in: &context,
        script: &script, depth: depth + 1)
      {
        nested.append(transaction)
      }
    }
  }
}
