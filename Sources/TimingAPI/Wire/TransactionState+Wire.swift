import TimingEngine

/// An action request's `transaction` (api.md "Actions"): `CATransaction`'s settings on top of an
/// enclosing transaction's (semantics.md §5.4).
extension TransactionState {
  /// `transactions` is accepted for the shape a script's transactions have, and not read: an
  /// action lookup happens in one transaction.
  enum Member: String, WireMember {
    case animationDuration, animationTimingFunction, disableActions, transactions
  }

  /// `outer` with the settings `value` gives.
  init(
    json value: JSONValue?, at pointer: JSONPointer, inheriting outer: TransactionState,
    in context: inout DecodingContext
  ) {
    self = outer
    guard let members = context.object(value, at: pointer) else { return }
    let object = JSONValue.object(members)
    context.rejectUnknownMembers(object, allowed: Member.self, at: pointer)
    if let d = context.warnIfMilliseconds(
      context.number(
        object[Member.animationDuration], at: pointer / Member.animationDuration, in: 0...1e6),
      at: pointer / Member.animationDuration)
    {
      animationDuration = d
    }
    if let f = object[Member.animationTimingFunction],
      let function = TimingFunction(
        json: f, at: pointer / Member.animationTimingFunction, in: &context)
    {
      animationTimingFunction = function
    }
    if let b = context.bool(object[Member.disableActions], at: pointer / Member.disableActions) {
      disableActions = b
    }
  }
}
