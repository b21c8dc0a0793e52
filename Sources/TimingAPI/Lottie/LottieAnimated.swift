/// An animatable Lottie property (lottie-spec 1.0 "Animated Property"): `a: 0` with the value
/// in `k`, or `a: 1` with keyframes in `k`; an expression (`x`, After Effects' JavaScript, which
/// only lottie-web runs) and a slot id (`sid`) beside them.
struct LottieAnimated<Value: LottieValue>: LottieCoding {
  // Lottie's keys, a few to a line, as a key table reads best.
  // swift-format-ignore
  enum Member: String, WireMember, Hashable {
    case animated = "a", value = "k", index = "ix", expression = "x", slotID = "sid"
  }

  enum Content: Sendable, Equatable {
    case still(Value)
    case keyframes([LottieKeyframe<Value>])
  }

  /// `a` as the file wrote it (bodymovin files before 4.x leave it out and players look at `k`).
  var animated: Int?
  var content: Content
  var index: Int?
  var expression: String?
  var slotID: String?
  var others = LottieOtherMembers()

  init(_ content: Content) {
    self.content = content
    if case .keyframes = content { animated = 1 } else { animated = 0 }
  }

  init(still value: Value) { self.init(.still(value)) }

  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
    guard let members = context.lottieMembers(value, at: pointer, as: Member.self) else {
      return nil
    }
    var content: Content?
    for member in Member.allCases {
      let at = pointer / member
      switch member {
      case .animated:
        animated = members[member].flatMap { context.lottieInteger($0, at: at) }
        if let a = animated, a != 0 && a != 1 {
          context.fail(at, "must be 0 (a still value in k) or 1 (keyframes in k), not \(a)")
          return nil
        }
      case .value:
        guard
          let k = context.required(
            members[member], at: at, "the value, or the keyframes when a is 1")
        else { continue }
        content = Self.content(k, animated: animated, at: at, in: &context)
      case .index: index = members[member].flatMap { context.lottieInteger($0, at: at) }
      case .expression: expression = members[member].flatMap { context.lottieString($0, at: at) }
      case .slotID: slotID = members[member].flatMap { context.lottieString($0, at: at) }
      }
    }
    others = members.others
    guard let content else { return nil }
    self.content = content
  }

  /// Keyframes where `a` is 1, or where `a` is absent and `k` is a list of objects (as players
  /// read bodymovin's oldest files); the value otherwise.
  private static func content(
    _ k: JSONValue, animated: Int?, at pointer: JSONPointer, in context: inout DecodingContext
  ) -> Content? {
    var keyframed = animated.map { $0 != 0 } ?? false
    if animated == nil, case .array(let items) = k, case .object? = items.first,
      items.first?[LottieKeyframe<Value>.Member.time] != nil
    {
      keyframed = true
    }
    guard keyframed else { return Value(json: k, at: pointer, in: &context).map(Content.still) }
    guard case .array(let items) = k else {
      context.fail(pointer, "must be an array of keyframes when a is 1, not \(k.typeName)")
      return nil
    }
    guard
      let keyframes = context.lottieArray(
        k, at: pointer,
        { item, at, context in
          LottieKeyframe<Value>(json: item, at: at, in: &context)
        })
    else { return nil }
    // A keyframe that could not be read is reported where it is.
    guard keyframes.count == items.count else { return nil }
    guard !keyframes.isEmpty else {
      context.fail(pointer, "must hold at least one keyframe when a is 1")
      return nil
    }
    return .keyframes(keyframes)
  }

  func write(to w: inout JSONWriter) {
    w.beginObject()
    for member in Member.allCases {
      switch member {
      case .animated: w.lottie(member, animated)
      case .value:
        w.key(member)
        switch content {
        case .still(let value): value.write(to: &w)
        case .keyframes(let keyframes):
          w.beginArray()
          for keyframe in keyframes { keyframe.write(to: &w) }
          w.endArray()
        }
      case .index: w.lottie(member, index)
      case .expression: w.lottie(member, expression)
      case .slotID: w.lottie(member, slotID)
      }
    }
    others.write(to: &w)
    w.endObject()
  }
}
