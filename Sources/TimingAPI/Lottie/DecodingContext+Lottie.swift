import TimingEngine

/// The readings every Lottie object shares. A Lottie file is read leniently where players are
/// (a member the model does not name is kept, not refused) and strictly where a wrong type
/// would change what is drawn (a string where a frame number goes is a 422 naming it).
extension DecodingContext {
  /// The longest string a Lottie file may hold: an embedded image is a data URL as long as the
  /// image (a few MiB in real files), so only the body cap bounds a string.
  static let lottieStringLength = 1 << 26
  /// The most entries of any Lottie array: the body cap bounds them first, and each is charged.
  static let lottieArrayLength = 1 << 24

  /// Any finite number (the parser refuses the rest).
  mutating func lottieNumber(_ value: JSONValue?, at pointer: JSONPointer) -> Double? {
    number(value, at: pointer, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
  }

  /// A whole number (a layer's index, a type, a 0/1 flag), exact in a double.
  mutating func lottieInteger(_ value: JSONValue?, at pointer: JSONPointer) -> Int? {
    guard
      let n = number(
        value, at: pointer, in: -9.007_199_254_740_992e15...9.007_199_254_740_992e15,
        what: "an integer")
    else { return nil }
    guard n.rounded() == n else {
      fail(pointer, "must be an integer, not \(numberText(n))")
      return nil
    }
    return Int(n)
  }

  mutating func lottieString(_ value: JSONValue?, at pointer: JSONPointer) -> String? {
    string(value, at: pointer, maxLength: Self.lottieStringLength)
  }

  /// An array of objects, each read by `read` at its own pointer; nil entries (unreadable ones,
  /// already reported) are left out.
  mutating func lottieArray<Item>(
    _ value: JSONValue?, at pointer: JSONPointer,
    _ read: (JSONValue, JSONPointer, inout DecodingContext) -> Item?
  ) -> [Item]? {
    guard let items = array(value, at: pointer, max: Self.lottieArrayLength) else { return nil }
    var out: [Item] = []
    out.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      if let read = read(item, pointer / index, &self) { out.append(read) }
    }
    return out
  }

  /// An object's members split by the model's names; nil (reported) when it is not an object.
  mutating func lottieMembers<Member: WireMember & Hashable>(
    _ value: JSONValue, at pointer: JSONPointer, as _: Member.Type
  ) -> LottieMembers<Member>? {
    guard let members = object(value, at: pointer) else { return nil }
    return LottieMembers(members)
  }
}
