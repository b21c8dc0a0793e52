import TimingEngine

extension KeyframeValues.CalculationMode: WireName {
  static var constantPrefix: String? { "kCAAnimation" }
}

extension KeyframeValues.RotationMode: WireName {
  static var constantPrefix: String? { "kCAAnimationRotate" }
}

/// A keyframe animation's members (`CAKeyframeAnimation`; semantics.md §3.4).
extension KeyframeValues {
  enum Member: String, WireMember {
    case values, keyTimes, timingFunctions, calculationMode, tensionValues, continuityValues,
      biasValues, path, rotationMode
  }

  /// Values of `type` (the animation's value type, for `keyPath`), or a path for a point.
  init?(
    json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext,
    as type: ValueType, keyPath: PropertyKeyPath, contents: inout ContentsNames
  ) {
    self.init()
    if let mode = value[Member.calculationMode] {
      calculationMode = context.choice(mode, at: pointer / Member.calculationMode) ?? .linear
    }
    if let rotation = value[Member.rotationMode] {
      rotationMode = context.choice(rotation, at: pointer / Member.rotationMode)
    }
    if let pathValue = value[Member.path] {
      guard
        let path = Self.path(
          pathValue, at: pointer / Member.path, in: &context, type: type, keyPath: keyPath)
      else { return nil }
      self.path = path
    } else {
      if rotationMode != nil {
        context.fail(pointer / Member.rotationMode, "rotationMode needs a path")
      }
      guard
        let values = Self.values(
          value[Member.values], at: pointer / Member.values, in: &context, as: type,
          contents: &contents)
      else { return nil }
      self.values = values
    }
    keyTimes = Self.keyTimes(value[Member.keyTimes], at: pointer / Member.keyTimes, in: &context)
    timingFunctions = Self.timingFunctions(
      value[Member.timingFunctions], at: pointer / Member.timingFunctions, in: &context)
    for (member, field) in [
      (Member.tensionValues, \KeyframeValues.tensionValues),
      (.continuityValues, \KeyframeValues.continuityValues),
      (.biasValues, \KeyframeValues.biasValues),
    ] {
      guard let items = context.array(value[member], at: pointer / member, max: 10_000) else {
        continue
      }
      self[keyPath: field] = items.enumerated().compactMap { i, item in
        context.number(item, at: pointer / member / i, in: -10...10)
      }
    }
  }

  /// SVG path data, for a point property only.
  private static func path(
    _ value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext,
    type: ValueType, keyPath: PropertyKeyPath
  ) -> KeyframePath? {
    guard type == .point else {
      context.fail(
        pointer, "a path animates a point property (position, anchorPoint); \(keyPath) is \(type)")
      return nil
    }
    guard let text = context.string(value, at: pointer, maxLength: 100_000) else { return nil }
    do throws(KeyframePath.ParseError) {
      return try KeyframePath(svg: text)
    } catch {
      context.fail(pointer, "not valid SVG path data: \(error.message)")
      return nil
    }
  }

  /// At least one value; the ones that fail are reported and left out.
  private static func values(
    _ value: JSONValue?, at pointer: JSONPointer, in context: inout DecodingContext,
    as type: ValueType, contents: inout ContentsNames
  ) -> [AnimatableValue]? {
    guard let items = context.array(value, at: pointer, max: 10_000) else {
      if value == nil {
        context.fail(pointer, "is required: the keyframe values (or a path)")
      }
      return nil
    }
    guard !items.isEmpty else {
      context.fail(pointer, "needs at least one value")
      return nil
    }
    var values: [AnimatableValue] = []
    for (i, item) in items.enumerated() {
      if let v = AnimatableValue(
        json: item, at: pointer / i, in: &context, as: type, contents: &contents)
      {
        values.append(v)
      }
    }
    return values
  }

  /// Key times in [0, 1], not decreasing; the ones that fail are reported and left out.
  private static func keyTimes(
    _ value: JSONValue?, at pointer: JSONPointer, in context: inout DecodingContext
  ) -> [Double]? {
    guard let items = context.array(value, at: pointer, max: 10_001) else { return nil }
    var keyTimes: [Double] = []
    for (i, item) in items.enumerated() {
      guard let t = context.number(item, at: pointer / i, in: 0...1, what: "a key time") else {
        continue
      }
      // Out of order is an error here (the contract); a wrong count is only a warning.
      if let last = keyTimes.last, t < last {
        context.fail(
          pointer / i, "key times must not decrease (\(numberText(t)) after \(numberText(last)))")
      }
      keyTimes.append(t)
    }
    return keyTimes
  }

  private static func timingFunctions(
    _ value: JSONValue?, at pointer: JSONPointer, in context: inout DecodingContext
  ) -> [TimingFunction]? {
    guard let items = context.array(value, at: pointer, max: 10_000) else { return nil }
    var functions: [TimingFunction] = []
    for (i, item) in items.enumerated() {
      if let f = TimingFunction(json: item, at: pointer / i, in: &context) { functions.append(f) }
    }
    return functions
  }

  /// The calculation mode and the values (not key times, timing functions, TCB values or a
  /// path; see `Animation.write`).
  func write(to w: inout JSONWriter) {
    w.member(Member.calculationMode, calculationMode.rawValue)
    w.key(Member.values)
    w.beginArray()
    for value in values { value.write(to: &w) }
    w.endArray()
  }
}
