import TimingEngine

/// Animations in scene JSON (api.md "Timelines"; semantics.md §3), names as in Core Animation.
struct AnimationDecoder {
  static let common: Set<String> = [
    "type", "key", "keyPath", "duration", "beginTime", "speed", "timeOffset", "repeatCount",
    "repeatDuration",
    "autoreverses", "fillMode", "removedOnCompletion", "timingFunction", "additive", "cumulative",
    "valueFunction",
    "addedAt",
  ]
  static let basicMembers: Set<String> = ["fromValue", "toValue", "byValue"]
  static let springMembers: Set<String> = [
    "mass", "stiffness", "damping", "initialVelocity", "perceptualDuration", "bounce",
  ]
  static let keyframeMembers: Set<String> = [
    "values", "keyTimes", "timingFunctions", "calculationMode", "tensionValues", "continuityValues",
    "biasValues", "path",
    "rotationMode",
  ]
  static let transitionMembers: Set<String> = [
    "transitionType", "subtype", "startProgress", "endProgress",
  ]

  /// The layer's custom property types (from its model values and earlier animations).
  var customTypes: [String: ValueType]

  /// `defaultKeyPath`: for an action, which takes its action key when it names no keyPath.
  mutating func decode(
    _ value: JSONValue, at pointer: JSONPointer, values: inout ContentsNames,
    context: inout DecodingContext, depth: Int, defaultKeyPath: String? = nil
  ) -> Animation? {
    guard case .object = value else {
      context.fail(pointer, "an animation must be an object, not \(value.typeName)")
      return nil
    }
    guard
      let type = context.choice(
        value["type"] ?? .string(""), at: pointer / "type",
        [
          "basic": "basic", "keyframe": "keyframe", "spring": "spring", "group": "group",
          "transition": "transition",
        ])
    else { return nil }
    var allowed = Self.common
    switch type {
    case "basic": allowed.formUnion(Self.basicMembers)
    case "spring": allowed.formUnion(Self.basicMembers.union(Self.springMembers))
    case "keyframe": allowed.formUnion(Self.keyframeMembers)
    case "group": allowed.insert("animations")
    default: allowed.formUnion(Self.transitionMembers)
    }
    context.rejectUnknownMembers(value, allowed: allowed, at: pointer)

    var animation = Animation(kind: .group([]))
    animation.source = pointer.tokens
    animation.key = context.string(value["key"], at: pointer / "key")
    decodeTiming(value, pointer, &animation, &context)

    switch type {
    case "group":
      guard value["keyPath"] == nil else {
        context.fail(pointer / "keyPath", "a group has no keyPath; its animations do")
        return nil
      }
      guard depth < 8 else {
        context.fail(pointer, "groups nested deeper than 8 levels")
        return nil
      }
      var children: [Animation] = []
      for (i, item)
        in (context.array(value["animations"] ?? .array([]), at: pointer / "animations", max: 1000)
        ?? []).enumerated()
      {
        if let child = decode(
          item, at: pointer / "animations" / i, values: &values, context: &context, depth: depth + 1
        ) {
          children.append(child)
        }
      }
      animation.kind = .group(children)
      return animation
    case "transition":
      var style = TransitionStyle()
      let kinds = Dictionary(
        uniqueKeysWithValues: TransitionStyle.Kind.allCases.flatMap { kind in
          [
            (kind.rawValue, kind),
            (
              "kCATransition" + kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst(),
              kind
            ),
          ]
        })
      let subtypes = Dictionary(
        uniqueKeysWithValues: TransitionStyle.Subtype.allCases.flatMap { subtype in
          [
            (subtype.rawValue, subtype),
            (
              "kCATransition" + subtype.rawValue.prefix(1).uppercased()
                + subtype.rawValue.dropFirst(), subtype
            ),
          ]
        })
      if let v = value["transitionType"] {
        style.type = context.choice(v, at: pointer / "transitionType", kinds) ?? style.type
      }
      if let v = value["subtype"] {
        style.subtype = context.choice(v, at: pointer / "subtype", subtypes) ?? style.subtype
      }
      style.startProgress =
        context.number(value["startProgress"], at: pointer / "startProgress", in: 0...1) ?? 0
      style.endProgress =
        context.number(value["endProgress"], at: pointer / "endProgress", in: 0...1) ?? 1
      // A CATransition is added under kCATransition.
      if animation.key == nil { animation.key = "transition" }
      animation.kind = .transition(style)
      return animation
    default: break
    }

    // Property animations.
    guard
      let keyPathText = context.string(
        value["keyPath"] ?? defaultKeyPath.map(JSONValue.string), at: pointer / "keyPath")
    else {
      if value["keyPath"] == nil {
        context.fail(pointer / "keyPath", "required: the animated property, e.g. \"opacity\"")
      }
      return nil
    }
    if let functionName = value["valueFunction"] {
      let options = Dictionary(
        uniqueKeysWithValues: ValueFunction.allCases.map { ($0.rawValue, $0) })
      animation.valueFunction = context.choice(functionName, at: pointer / "valueFunction", options)
    }
    guard let keyPath = resolveKeyPath(keyPathText, value, type, pointer, &context) else {
      return nil
    }
    animation.keyPath = keyPath
    if animation.valueFunction != nil, keyPath.propertyType != .transform || keyPath.part != .whole
    {
      context.fail(
        pointer / "valueFunction",
        "a value function makes a whole transform; keyPath must be transform or sublayerTransform")
      return nil
    }
    let valueType = animation.valueFunction?.inputType ?? keyPath.valueType
    if animation.additive && !valueType.isAdditive {
      context.fail(pointer / "additive", "\(valueType) values cannot be added")
    }

    switch type {
    case "keyframe":
      guard let spec = decodeKeyframes(value, pointer, valueType, keyPath, &values, &context) else {
        return nil
      }
      animation.kind = .keyframe(spec)
    default:
      let ends = BasicValues(
        from: value["fromValue"].flatMap {
          AnimatableValue(
            json: $0, at: pointer / "fromValue", in: &context, as: valueType, contents: &values)
        },
        to: value["toValue"].flatMap {
          AnimatableValue(
            json: $0, at: pointer / "toValue", in: &context, as: valueType, contents: &values)
        },
        by: value["byValue"].flatMap {
          AnimatableValue(
            json: $0, at: pointer / "byValue", in: &context, as: valueType, contents: &values)
        })
      if ends.by != nil && !valueType.isAdditive {
        context.fail(
          pointer / "byValue", "\(valueType) values cannot be added; use fromValue and toValue")
      }
      if type == "spring" {
        guard let curve = decodeSpring(value, pointer, &context) else { return nil }
        animation.kind = .spring(ends, curve)
      } else {
        animation.kind = .basic(ends)
      }
    }
    return animation
  }

  private func decodeTiming(
    _ value: JSONValue, _ pointer: JSONPointer, _ animation: inout Animation,
    _ context: inout DecodingContext
  ) {
    var timing = MediaTiming()
    timing.duration =
      context.number(
        value["duration"], at: pointer / "duration", in: 0...1e9, what: "a finite number ≥ 0") ?? 0
    timing.beginTime = context.number(value["beginTime"], at: pointer / "beginTime") ?? 0
    timing.speed = context.number(value["speed"], at: pointer / "speed", in: -1e6...1e6) ?? 1
    timing.timeOffset = context.number(value["timeOffset"], at: pointer / "timeOffset") ?? 0
    if let repeatCount = value["repeatCount"] {
      if case .string(let text) = repeatCount, text == "infinity" {
        timing.repeatCount = .infinity
      } else if case .number(let n) = repeatCount, n >= 1e100 {
        timing.repeatCount = .infinity
      } else {
        timing.repeatCount =
          context.number(
            repeatCount, at: pointer / "repeatCount", in: 0...1e9,
            what: "a number ≥ 0 or \"infinity\"") ?? 0
      }
    }
    timing.repeatDuration =
      context.number(value["repeatDuration"], at: pointer / "repeatDuration", in: 0...1e9) ?? 0
    timing.autoreverses = context.bool(value["autoreverses"], at: pointer / "autoreverses") ?? false
    if let fill = value["fillMode"] {
      let options = Dictionary(
        uniqueKeysWithValues: FillMode.allCases.flatMap { mode in
          [
            (mode.rawValue, mode),
            (
              "kCAFillMode" + mode.rawValue.prefix(1).uppercased() + mode.rawValue.dropFirst(), mode
            ),
          ]
        })
      timing.fillMode = context.choice(fill, at: pointer / "fillMode", options) ?? .removed
    }
    animation.timing = timing
    animation.removedOnCompletion =
      context.bool(value["removedOnCompletion"], at: pointer / "removedOnCompletion") ?? true
    animation.additive = context.bool(value["additive"], at: pointer / "additive") ?? false
    animation.cumulative = context.bool(value["cumulative"], at: pointer / "cumulative") ?? false
    animation.addedAt = context.number(value["addedAt"], at: pointer / "addedAt", in: 0...1e9) ?? 0
    if let function = value["timingFunction"],
      let f = TimingFunction(json: function, at: pointer / "timingFunction", in: &context)
    {
      animation.timingFunction = f
    }
  }

  /// Resolves the key path; a custom property takes its type from the layer's model value or
  /// from the first value the animation gives.
  private mutating func resolveKeyPath(
    _ text: String, _ value: JSONValue, _ type: String, _ pointer: JSONPointer,
    _ context: inout DecodingContext
  ) -> PropertyKeyPath? {
    let property = String(text.split(separator: ".", maxSplits: 1).first ?? "")
    if LayerProperties.derived.contains(property) {
      context.fail(
        pointer / "keyPath",
        "'\(property)' is derived and cannot be animated; animate position and bounds")
      return nil
    }
    if text == "transition" {
      context.fail(
        pointer / "keyPath", "use an animation of type transition, not a keyPath, for transitions")
      return nil
    }
    var customType = customTypes[property]
    if customType == nil && LayerProperties.catalogue[property] == nil {
      let sample =
        value["fromValue"] ?? value["toValue"] ?? value["byValue"]
        ?? {
          if case .array(let items)? = value["values"] { return items.first }
          return nil
        }()
      customType = sample.flatMap(ValueType.init(customJSON:))
      if customType == nil {
        context.fail(
          pointer / "keyPath",
          "'\(text.prefix(64))' is not a layer property; a custom property needs number (or array of numbers) values"
        )
        return nil
      }
      customTypes[property] = customType
    }
    guard let keyPath = PropertyKeyPath.resolve(text, customType: customType) else {
      if let builtIn = LayerProperties.catalogue[property] {
        let subPaths = PropertyKeyPath.subPaths(of: builtIn.type)
        context.fail(
          pointer / "keyPath",
          "'\(text.prefix(64))' is not a key path of \(property) (\(builtIn.type))"
            + (subPaths.isEmpty
              ? "; it has no sub-paths" : "; its sub-paths are \(subPaths.joined(separator: ", "))")
        )
      } else {
        context.fail(pointer / "keyPath", "a custom property has no sub-paths")
      }
      return nil
    }
    return keyPath
  }

  private func decodeSpring(
    _ value: JSONValue, _ pointer: JSONPointer, _ context: inout DecodingContext
  ) -> SpringCurve? {
    SpringCurve(animationJSON: value, at: pointer, in: &context)
  }

  private func decodeKeyframes(
    _ value: JSONValue, _ pointer: JSONPointer, _ type: ValueType, _ keyPath: PropertyKeyPath,
    _ values: inout ContentsNames,
    _ context: inout DecodingContext
  ) -> KeyframeValues? {
    var spec = KeyframeValues()
    if let mode = value["calculationMode"] {
      let options = Dictionary(
        uniqueKeysWithValues: KeyframeValues.CalculationMode.allCases.flatMap { m in
          [
            (m.rawValue, m),
            ("kCAAnimation" + m.rawValue.prefix(1).uppercased() + m.rawValue.dropFirst(), m),
          ]
        })
      spec.calculationMode =
        context.choice(mode, at: pointer / "calculationMode", options) ?? .linear
    }
    if let rotation = value["rotationMode"] {
      let options: [String: KeyframeValues.RotationMode] = [
        "auto": .auto, "autoReverse": .autoReverse, "kCAAnimationRotateAuto": .auto,
        "kCAAnimationRotateAutoReverse": .autoReverse,
      ]
      spec.rotationMode = context.choice(rotation, at: pointer / "rotationMode", options)
    }
    if let pathValue = value["path"] {
      guard type == .point else {
        context.fail(
          pointer / "path",
          "a path animates a point property (position, anchorPoint); \(keyPath) is \(type)")
        return nil
      }
      guard let text = context.string(pathValue, at: pointer / "path", maxLength: 100_000) else {
        return nil
      }
      do throws(KeyframePath.ParseError) {
        spec.path = try KeyframePath(svg: text)
      } catch {
        context.fail(pointer / "path", "not valid SVG path data: \(error.message)")
        return nil
      }
    } else {
      if spec.rotationMode != nil {
        context.fail(pointer / "rotationMode", "rotationMode needs a path")
      }
      guard let items = context.array(value["values"], at: pointer / "values", max: 10_000) else {
        if value["values"] == nil {
          context.fail(pointer / "values", "required: the keyframe values (or a path)")
        }
        return nil
      }
      guard !items.isEmpty else {
        context.fail(pointer / "values", "needs at least one value")
        return nil
      }
      for (i, item) in items.enumerated() {
        if let v = AnimatableValue(
          json: item, at: pointer / "values" / i, in: &context, as: type, contents: &values)
        {
          spec.values.append(v)
        }
      }
    }
    if let times = context.array(value["keyTimes"], at: pointer / "keyTimes", max: 10_001) {
      var keyTimes: [Double] = []
      for (i, item) in times.enumerated() {
        guard
          let t = context.number(item, at: pointer / "keyTimes" / i, in: 0...1, what: "a key time")
        else { continue }
        // Out of order is an error here (the issue's contract); a wrong count is only a warning.
        if let last = keyTimes.last, t < last {
          context.fail(
            pointer / "keyTimes" / i,
            "key times must not decrease (\(numberText(t)) after \(numberText(last)))")
        }
        keyTimes.append(t)
      }
      spec.keyTimes = keyTimes
    }
    if let functions = context.array(
      value["timingFunctions"], at: pointer / "timingFunctions", max: 10_000)
    {
      var decoded: [TimingFunction] = []
      for (i, item) in functions.enumerated() {
        if let f = TimingFunction(json: item, at: pointer / "timingFunctions" / i, in: &context) {
          decoded.append(f)
        }
      }
      spec.timingFunctions = decoded
    }
    for (name, keyPathToSet) in [
      ("tensionValues", \KeyframeValues.tensionValues),
      ("continuityValues", \KeyframeValues.continuityValues),
      ("biasValues", \KeyframeValues.biasValues),
    ] {
      guard let items = context.array(value[name], at: pointer / name, max: 10_000) else {
        continue
      }
      spec[keyPath: keyPathToSet] = items.enumerated().compactMap { i, item in
        context.number(item, at: pointer / name / i, in: -10...10)
      }
    }
    return spec
  }
}
