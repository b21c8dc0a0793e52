import TimingEngine

/// A basic (or spring) animation's `fromValue`, `toValue` and `byValue` (semantics.md §3.3).
extension BasicValues {
  enum Member: String, WireMember {
    case fromValue, toValue, byValue
  }

  /// Values of `type`, the animation's value type; a value that fails is left out.
  init(
    json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext,
    as type: ValueType, contents: inout ContentsNames
  ) {
    var ends: [AnimatableValue?] = []
    for member in [Member.fromValue, .toValue, .byValue] {
      ends.append(
        value[member].flatMap {
          AnimatableValue(
            json: $0, at: pointer / member, in: &context, as: type, contents: &contents)
        })
    }
    self.init(from: ends[0], to: ends[1], by: ends[2])
    if by != nil && !type.isAdditive {
      context.fail(
        pointer / Member.byValue, "\(type) values cannot be added; use fromValue and toValue")
    }
  }

  /// The values that are set, as members of the animation's object.
  func write(to w: inout JSONWriter) {
    for (member, value) in [(Member.fromValue, from), (.toValue, to), (.byValue, by)] {
      guard let value else { continue }
      w.key(member)
      value.write(to: &w)
    }
  }
}
