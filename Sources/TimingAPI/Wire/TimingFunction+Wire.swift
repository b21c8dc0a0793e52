import TimingEngine

/// Timing functions in JSON: how a request names one, and how a response describes one.
enum TimingFunctionJSON {
  /// A function given as a string (any name or CSS form) or as an object: `{"name": …}`,
  /// `{"controlPoints": [x1, y1, x2, y2]}`, or a spring
  /// `{"type": "spring", "mass", "stiffness", "damping", "initialVelocity"}` (each optional) or
  /// `{"type": "spring", "perceptualDuration", "bounce"}`.
  static func decode(_ value: JSONValue, at pointer: JSONPointer) -> Result<
    TimingFunction, Problem.FieldError
  > {
    switch value {
    case .string(let text):
      do throws(TimingFunctionParseError) {
        return .success(try TimingFunction(parsing: text))
      } catch {
        return .failure(.at(pointer, error.message))
      }
    case .object(let members):
      let keys = Set(members.map(\.0))
      if keys == ["name"], case .string(let name)? = value["name"] {
        guard let named = NamedTimingFunction.lookUp(name) else {
          return .failure(
            .at(
              pointer / "name",
              "unknown name '\(name.prefix(40))': use linear, easeIn, easeOut, easeInEaseOut or default"
            ))
        }
        return .success(.named(named))
      }
      if keys == ["controlPoints"] {
        guard case .array(let items)? = value["controlPoints"], items.count == 4 else {
          return .failure(
            .at(pointer / "controlPoints", "must be an array of 4 numbers [x1, y1, x2, y2]"))
        }
        var numbers: [Double] = []
        for (i, item) in items.enumerated() {
          guard case .number(let n) = item else {
            return .failure(.at(pointer / "controlPoints" / i, "must be a number"))
          }
          numbers.append(n)
        }
        do throws(TimingFunctionParseError) {
          return .success(try TimingFunction.controlPoints(numbers))
        } catch {
          return .failure(.at(pointer / "controlPoints", error.message))
        }
      }
      if case .string("spring")? = value["type"] {
        return decodeSpring(members, at: pointer)
      }
      return .failure(
        .at(
          pointer,
          "expected a string such as \"easeIn\" or \"cubic-bezier(0.4, 0, 0.2, 1)\", or an object with "
            + "\"name\", \"controlPoints\", or \"type\": \"spring\""))
    default:
      return .failure(.at(pointer, "must be a string or an object, not \(value.typeName)"))
    }
  }

  private static func decodeSpring(_ members: [(String, JSONValue)], at pointer: JSONPointer)
    -> Result<TimingFunction, Problem.FieldError>
  {
    let allowed: Set<String> = [
      "type", "mass", "stiffness", "damping", "initialVelocity", "perceptualDuration", "bounce",
    ]
    var numbers: [String: Double] = [:]
    for (key, member) in members where key != "type" {
      guard allowed.contains(key) else {
        return .failure(.at(pointer / key, "unknown spring parameter"))
      }
      guard case .number(let n) = member else {
        return .failure(.at(pointer / key, "must be a number"))
      }
      numbers[key] = n
    }
    if let d = numbers["perceptualDuration"] {
      guard numbers["mass"] == nil, numbers["stiffness"] == nil, numbers["damping"] == nil else {
        return .failure(
          .at(pointer, "give either perceptualDuration and bounce, or mass, stiffness and damping"))
      }
      guard d >= 0.01 && d <= 1000 else {
        return .failure(.at(pointer / "perceptualDuration", "must lie in [0.01, 1000] seconds"))
      }
      let bounce = numbers["bounce"] ?? 0
      guard bounce > -1 && bounce < 1 else {
        return .failure(.at(pointer / "bounce", "must lie in (-1, 1)"))
      }
      let s = SpringCurve(
        perceptualDuration: d, bounce: bounce, initialVelocity: numbers["initialVelocity"] ?? 0)
      return checkedSpring(s.mass, s.stiffness, s.damping, s.initialVelocity, pointer)
    }
    if numbers["bounce"] != nil {
      return .failure(.at(pointer / "bounce", "bounce needs perceptualDuration"))
    }
    let d = SpringCurve.defaultParameters
    return checkedSpring(
      numbers["mass"] ?? d.mass, numbers["stiffness"] ?? d.stiffness,
      numbers["damping"] ?? d.damping,
      numbers["initialVelocity"] ?? d.initialVelocity, pointer)
  }

  private static func checkedSpring(
    _ m: Double, _ k: Double, _ c: Double, _ v: Double, _ pointer: JSONPointer
  ) -> Result<TimingFunction, Problem.FieldError> {
    do throws(TimingFunctionParseError) {
      return .success(
        .spring(
          try TimingFunction.checkedSpring(mass: m, stiffness: k, damping: c, initialVelocity: v)))
    } catch {
      return .failure(.at(pointer, error.message))
    }
  }

  /// Describes a function for a response: its kind, canonical and CSS text, and its parameters.
  static func describe(_ function: TimingFunction, into w: inout JSONWriter) {
    w.beginObject()
    if case .named(let named) = function {
      w.key("name")
      w.string(named.rawValue)
      w.key("aliases")
      w.beginArray()
      for alias in named.aliases { w.string(alias) }
      w.endArray()
    }
    w.key("kind")
    switch function {
    case .named, .controlPoints, .cubicBezier: w.string("cubicBezier")
    case .steps: w.string("steps")
    case .linear: w.string("linear")
    case .spring: w.string("spring")
    }
    if let canonical = function.canonicalText {
      w.key("canonical")
      w.string(canonical)
    }
    w.key("css")
    w.string(function.cssText)
    if let (x1, y1, x2, y2) = function.controlPoints {
      w.key("controlPoints")
      w.beginArray()
      for v in [x1, y1, x2, y2] { w.number(v) }
      w.endArray()
    }
    switch function {
    case .steps(let steps):
      w.key("steps")
      w.number(steps.count)
      w.key("position")
      w.string(steps.position.rawValue)
    case .linear(let linear):
      w.key("points")
      w.beginArray()
      for point in linear.points {
        w.beginObject()
        w.key("input")
        w.number(point.input)
        w.key("output")
        w.number(point.output)
        w.endObject()
      }
      w.endArray()
    case .spring(let spring):
      for (name, value) in [
        ("mass", spring.mass), ("stiffness", spring.stiffness), ("damping", spring.damping),
        ("initialVelocity", spring.initialVelocity), ("dampingRatio", spring.dampingRatio),
      ] {
        w.key(name)
        w.number(value)
      }
      w.key("settlingDuration")
      if let settling = spring.settlingDuration { w.number(settling) } else { w.null() }
    default: break
    }
    w.key("input")
    w.string(function.inputIsSeconds ? "seconds" : "fraction")
    w.key("outsideUnitInterval")
    switch function {
    case .named, .controlPoints: w.string("clamp")
    case .spring: w.string("notApplicable")
    default: w.string("extrapolate")
    }
    w.endObject()
  }
}
