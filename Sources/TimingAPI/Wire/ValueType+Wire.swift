import TimingEngine

extension ValueType {
  /// The type a custom property's value has: a number, or an array of up to 64 numbers; nil
  /// for anything else.
  init?(customJSON value: JSONValue) {
    switch value {
    case .number: self = .scalar
    case .array(let items)
    where (1...64).contains(items.count)
      && items.allSatisfy({ if case .number = $0 { true } else { false } }):
      self = .array(items.count)
    case .null, .bool, .string, .array, .object: return nil
    }
  }
}
