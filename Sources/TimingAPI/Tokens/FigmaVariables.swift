import TimingEngine

/// Figma's variables as its REST API answers `GET /v1/files/:key/variables/local` (and its
/// plugin API exports them): `meta.variables`, each with a `name` (`motion/duration/short`), a
/// `resolvedType` and a value per mode in `valuesByMode`, an alias as `{"type":
/// "VARIABLE_ALIAS", "id": …}`. The motion ones are read into what they mean — `TIMING` in
/// seconds, `EASING` a cubic Bézier or a spring — in every mode; a `FLOAT` is not a duration and
/// passes through with the other types, counted.
///
/// Figma stores numbers as Float32 and hands them over widened to doubles (0.15 arrives as
/// 0.15000000596046448): a number that is exactly a Float32 is read as the shortest decimal
/// that Float32 prints (0.15), and the variable says so. Figma's named curves and spring
/// presets (`GENTLE`, `QUICK`, `BOUNCY`, `SLOW`, `EASE_IN`, …) have no published numbers: they are
/// refused, naming `CUSTOM_CUBIC_BEZIER` and `CUSTOM_SPRING` as the way to give them.
struct FigmaVariables: Sendable {
  /// Each motion variable in each mode: its name's segments (`motion/duration/short`), then
  /// the mode's name where the collection has more than one; its value at
  /// `/meta/variables/{id}/valuesByMode/{mode}`.
  let variables: [ReadToken]
  /// Variables of other types (`FLOAT`, `COLOR`, `STRING`, `BOOLEAN`), which pass through.
  let otherCount: Int

  enum Member: String, WireMember {
    case meta
  }

  enum MetaMember: String, WireMember {
    case variables, variableCollections
  }

  enum VariableMember: String, WireMember {
    case id, name, resolvedType, valuesByMode, variableCollectionId
  }

  enum CollectionMember: String, WireMember {
    case modes
  }

  enum ModeMember: String, WireMember {
    case modeId, name
  }

  /// `EASING` values' members.
  enum EasingMember: String, WireMember {
    case type, easingFunctionCubicBezier, easingFunctionSpring
  }

  enum BezierMember: String, WireMember {
    case x1, y1, x2, y2
  }

  enum SpringMember: String, WireMember {
    case mass, stiffness, damping, initialVelocity, bounce
  }

  enum AliasMember: String, WireMember {
    case type, id
  }

  /// `resolvedType`s (Figma's `VariableResolvedDataType`).
  enum ResolvedType: String, CaseIterable {
    case timing = "TIMING", easing = "EASING", float = "FLOAT", color = "COLOR"
    case string = "STRING", boolean = "BOOLEAN"
  }

  /// An easing value's `type`: the two whose numbers it carries, and the named ones it does
  /// not (Figma publishes none of their numbers).
  static let customCubicBezier = "CUSTOM_CUBIC_BEZIER"
  static let customSpring = "CUSTOM_SPRING"
  static let aliasType = "VARIABLE_ALIAS"

  /// Whether `document` has Figma's shape (`meta.variables`).
  static func recognizes(_ document: JSONValue) -> Bool {
    document[Member.meta]?[MetaMember.variables] != nil
  }

  init(json document: JSONValue, in context: inout DecodingContext) {
    let metaPointer = JSONPointer() / Member.meta
    let variablesPointer = metaPointer / MetaMember.variables
    let all =
      context.requiredObject(
        document[Member.meta]?[MetaMember.variables], at: variablesPointer, "Figma's variables")
      ?? []
    // Mode names by id, and how many modes each collection has.
    var modeNames: [String: String] = [:]
    var modeCounts: [String: Int] = [:]
    if case .object(let collections)? = document[Member.meta]?[MetaMember.variableCollections] {
      for (id, collection) in collections {
        guard case .array(let modes)? = collection[CollectionMember.modes] else { continue }
        modeCounts[id] = modes.count
        for mode in modes {
          if case .string(let modeID)? = mode[ModeMember.modeId],
            case .string(let name)? = mode[ModeMember.name]
          {
            modeNames[modeID] = name
          }
        }
      }
    }
    var aliases = Aliases(all)
    var variables: [ReadToken] = []
    var others = 0
    for (id, variable) in all {
      let at = variablesPointer / id
      guard
        let typeName = context.requiredString(
          variable[VariableMember.resolvedType], at: at / VariableMember.resolvedType,
          "TIMING, EASING, FLOAT, …"),
        let name = context.requiredString(
          variable[VariableMember.name], at: at / VariableMember.name, "the variable's name",
          maxLength: 1024)
      else { continue }
      let type = ResolvedType(rawValue: typeName)
      guard type == .timing || type == .easing else {
        others += 1
        continue
      }
      let modesPointer = at / VariableMember.valuesByMode
      guard
        let modes = context.requiredObject(
          variable[VariableMember.valuesByMode], at: modesPointer, "a value per mode")
      else { continue }
      let collection = variable[VariableMember.variableCollectionId].flatMap { value -> String? in
        if case .string(let id) = value { id } else { nil }
      }
      let named = name.split(separator: "/").map(String.init)
      // The name is the token's: a custom property of none would be `--`.
      guard !named.isEmpty else {
        context.fail(at / VariableMember.name, "must name the variable: at least one segment")
        continue
      }
      for (mode, value) in modes {
        let valuePointer = modesPointer / mode
        var notes: [String] = []
        guard
          let resolved = aliases.resolve(
            value, mode: mode, at: valuePointer, seen: [id], in: &context)
        else { continue }
        let meaning: MotionToken.Meaning?
        switch type {
        case .timing?:
          // A duration: at least 0, and within what a DTCG duration may be.
          meaning = Self.number(
            resolved, at: valuePointer, in: 0...MotionToken.maxSeconds, notes: &notes,
            in: &context
          ).map { MotionToken.Meaning.duration(seconds: $0) }
        case .easing?:
          meaning = Self.easing(resolved, at: valuePointer, notes: &notes, in: &context)
        case .float?, .color?, .string?, .boolean?, nil: meaning = nil
        }
        guard let meaning else { continue }
        let several = collection.flatMap { modeCounts[$0] }.map { $0 > 1 } ?? (modes.count > 1)
        variables.append(
          ReadToken(
            path: several ? named + [modeNames[mode] ?? mode] : named, pointer: valuePointer,
            meaning: meaning, notes: notes))
      }
    }
    self.variables = variables
    otherCount = others
  }

  /// Each variable's values by mode, indexed once; and each alias target's value, once
  /// resolved in a mode, kept with the number of aliases under it, so a chain of 64 aliases
  /// across 360 modes is walked once per variable and mode, not once per token that names it
  /// (2.6 M steps each searching the modes before it).
  struct Aliases {
    struct Variable {
      let modes: [String: JSONValue]
      /// The value where a variable has one mode only, which every mode reads.
      let only: JSONValue?
    }

    let byID: [String: Variable]
    private var resolved: [String: [String: (value: JSONValue, aliases: Int)]] = [:]

    init(_ variables: [(String, JSONValue)]) {
      var byID: [String: Variable] = [:]
      for (id, variable) in variables where byID[id] == nil {
        guard case .object(let modes)? = variable[VariableMember.valuesByMode] else {
          byID[id] = Variable(modes: [:], only: nil)
          continue
        }
        byID[id] = Variable(
          modes: Dictionary(modes, uniquingKeysWith: { first, _ in first }),
          only: modes.count == 1 ? modes[0].1 : nil)
      }
      self.byID = byID
    }

    /// A value with its aliases followed (in the same mode, as Figma resolves them); a cycle or
    /// a missing variable is a problem naming it.
    mutating func resolve(
      _ value: JSONValue, mode: String, at pointer: JSONPointer, seen: [String],
      in context: inout DecodingContext
    ) -> JSONValue? {
      resolveCounting(value, mode: mode, at: pointer, seen: seen, in: &context)?.value
    }

    /// The value and how many aliases were followed to it.
    private mutating func resolveCounting(
      _ value: JSONValue, mode: String, at pointer: JSONPointer, seen: [String],
      in context: inout DecodingContext
    ) -> (value: JSONValue, aliases: Int)? {
      guard case .string(aliasType)? = value[AliasMember.type] else { return (value, 0) }
      guard case .string(let target)? = value[AliasMember.id] else {
        context.fail(pointer / AliasMember.id, "an alias needs the id of the variable it names")
        return nil
      }
      // A target resolved before, with room on this chain for the aliases under it.
      if let known = resolved[target]?[mode],
        seen.count + known.aliases < DesignTokenReferences.maxDepth
      {
        return (known.value, known.aliases + 1)
      }
      guard seen.count < DesignTokenReferences.maxDepth else {
        context.fail(
          pointer, "aliases through more than \(DesignTokenReferences.maxDepth) variables in a row")
        return nil
      }
      guard !seen.contains(target) else {
        context.fail(
          pointer,
          "aliases \(target), which is already on this chain of aliases ("
            + (seen + [target]).joined(separator: " → ") + "): a cycle")
        return nil
      }
      guard let variable = byID[target] else {
        context.fail(pointer, "aliases \(target), which is not among meta.variables")
        return nil
      }
      // The target's value in the same mode, else its only one.
      guard let next = variable.modes[mode] ?? variable.only else {
        context.fail(pointer, "aliases \(target), which has no value in mode \(mode)")
        return nil
      }
      guard
        let found = resolveCounting(
          next, mode: mode, at: pointer, seen: seen + [target], in: &context)
      else { return nil }
      resolved[target, default: [:]][mode] = found
      return (found.value, found.aliases + 1)
    }
  }

  /// A number as Figma meant it: one that is exactly a Float32 is read as the shortest decimal
  /// that Float32 prints, and the note says so.
  static func number(
    _ value: JSONValue, at pointer: JSONPointer, in range: ClosedRange<Double> = -1e9...1e9,
    notes: inout [String], in context: inout DecodingContext
  ) -> Double? {
    guard let n = context.number(value, at: pointer, in: range) else { return nil }
    return intended(n, notes: &notes)
  }

  static func intended(_ n: Double, notes: inout [String]) -> Double {
    let single = Float(n)
    guard Double(single) == n, let decimal = Double(single.description), decimal != n else {
      return n
    }
    notes.append(
      "\(numberText(n)) read as \(numberText(decimal)): Figma keeps numbers as 32-bit floats")
    return decimal
  }

  /// An `EASING` value: `CUSTOM_CUBIC_BEZIER` with its handles, `CUSTOM_SPRING` physical (mass,
  /// stiffness, damping, initial velocity) or normalized (`bounce`).
  static func easing(
    _ value: JSONValue, at pointer: JSONPointer, notes: inout [String],
    in context: inout DecodingContext
  ) -> MotionToken.Meaning? {
    let typePointer = pointer / EasingMember.type
    guard
      let type = context.requiredString(
        value[EasingMember.type], at: typePointer, "CUSTOM_CUBIC_BEZIER or CUSTOM_SPRING")
    else { return nil }
    switch type {
    case customCubicBezier:
      let at = pointer / EasingMember.easingFunctionCubicBezier
      guard
        context.requiredObject(
          value[EasingMember.easingFunctionCubicBezier], at: at, "x1, y1, x2, y2") != nil
      else { return nil }
      var numbers: [Double] = []
      for member in BezierMember.allCases {
        let memberPointer = at / member
        let isX = member == .x1 || member == .x2
        guard
          let raw = context.number(
            context.required(
              value[EasingMember.easingFunctionCubicBezier]?[member], at: memberPointer, "a number"),
            at: memberPointer, in: isX ? 0...1 : -1e6...1e6,
            what: isX ? "an x in [0, 1]" : "a number")
        else { return nil }
        numbers.append(intended(raw, notes: &notes))
      }
      return .cubicBezier(CubicBezier(numbers[0], numbers[1], numbers[2], numbers[3]))
    case customSpring:
      let at = pointer / EasingMember.easingFunctionSpring
      guard
        let spring = context.required(
          value[EasingMember.easingFunctionSpring], at: at, "the spring's numbers"),
        context.object(spring, at: at) != nil
      else { return nil }
      if let bounce = spring[SpringMember.bounce] {
        guard let b = context.number(bounce, at: at / SpringMember.bounce, in: -1...1) else {
          return nil
        }
        return .bounce(intended(b, notes: &notes))
      }
      func read(_ member: SpringMember, default value: Double?) -> Double? {
        guard let given = spring[member] else { return value }
        return context.number(given, at: at / member, in: -1e9...1e9).map {
          intended($0, notes: &notes)
        }
      }
      guard let mass = read(.mass, default: 1), let stiffness = read(.stiffness, default: nil),
        let damping = read(.damping, default: nil),
        let velocity = read(.initialVelocity, default: 0)
      else {
        context.fail(
          at,
          "a physical spring needs stiffness and damping (mass 1 and initialVelocity 0 by default), or a normalized one its bounce"
        )
        return nil
      }
      do throws(TimingFunctionParseError) {
        return .physicalSpring(
          try TimingFunction.checkedSpring(
            mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity))
      } catch {
        context.fail(at, "is not a spring Core Animation can run: \(error.message)")
        return nil
      }
    default:
      context.fail(
        typePointer,
        "'\(type.prefix(40))' is one of Figma's named curves, whose numbers Figma does not publish; give the curve as \(customCubicBezier) (easingFunctionCubicBezier) or \(customSpring) (easingFunctionSpring)"
      )
      return nil
    }
  }
}
