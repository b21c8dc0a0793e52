import TimingEngine

/// How far a browser's rendering of an export may be from our samples, per kind of number
/// (docs/export.md "Bounds"): what a keyframe fit must keep every sample within.
struct ExportBounds: Sendable, Equatable {
  /// Lengths in CSS px: half a pixel, below what a viewer can see on a 1× screen.
  var length = 0.5
  /// Opacity and unitless factors (scale, the rotation and shear entries of a matrix): 0.002,
  /// half a step of an 8-bit alpha (1/255 ≈ 0.0039).
  var factor = 0.002
  /// Colour channels in 0–255 units: one step of an 8-bit channel.
  var colorChannel = 1.0

  /// The query parameters that set them, each a number > 0, and the members of the body's
  /// `export`.
  enum Parameter: String, WireMember {
    case lengthBound, factorBound, colorBound
  }

  /// Reads the parameters that are present; a bound that is not a finite number > 0 is a
  /// problem naming its parameter.
  init(query: QueryString, in problems: inout DecodingContext) {
    self.init(query: query, over: ExportBounds(), in: &problems)
  }

  /// `base` (the body's bounds) with the query's parameters applied over it.
  init(query: QueryString, over base: ExportBounds, in problems: inout DecodingContext) {
    self = base
    func read(_ parameter: Parameter) -> Double? {
      guard let text = query.first(parameter.rawValue) else { return nil }
      guard
        let value = DecodingContext.number(
          text, in: -.greatestFiniteMagnitude...(.greatestFiniteMagnitude)),
        value > 0
      else {
        problems.fail(
          parameter: parameter.rawValue, "must be a finite number > 0; got '\(text.prefix(40))'")
        return nil
      }
      return value
    }
    if let value = read(.lengthBound) { length = value }
    if let value = read(.factorBound) { factor = value }
    if let value = read(.colorBound) { colorChannel = value }
  }

  init() {}

  /// The body's `export` member, `{"lengthBound", "factorBound", "colorBound"}`: the same
  /// bounds as the query parameters, for clients that keep everything in the body (a query
  /// parameter, when also given, wins). Each a finite number > 0.
  init(json value: JSONValue?, at pointer: JSONPointer, in context: inout DecodingContext) {
    guard let members = context.object(value, at: pointer).map(JSONValue.object) else { return }
    context.rejectUnknownMembers(members, allowed: Parameter.self, at: pointer)
    func read(_ name: Parameter) -> Double? {
      guard
        let n = context.number(
          members[name], at: pointer / name,
          in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
      else { return nil }
      guard n > 0 else {
        context.fail(pointer / name, "must be a finite number > 0; got \(numberText(n))")
        return nil
      }
      return n
    }
    if let value = read(.lengthBound) { length = value }
    if let value = read(.factorBound) { factor = value }
    if let value = read(.colorBound) { colorChannel = value }
  }

  /// The bound for numbers measured in `unit`.
  func bound(_ unit: ExportUnit) -> Double {
    switch unit {
    case .length: length
    case .factor: factor
    case .colorChannel: colorChannel
    }
  }
}

/// What an exported number measures, which decides its bound.
enum ExportUnit: String, CaseIterable, Sendable {
  case length
  case factor
  case colorChannel

  /// `{"length": …, "factor": …, "colorChannel": …}` for `units`: a bound or an error per unit,
  /// as every export's account states them.
  static func write(
    _ units: [ExportUnit], _ value: (ExportUnit) -> Double, to w: inout JSONWriter
  ) {
    w.beginObject()
    for unit in units {
      w.key(unit.rawValue)
      w.number(value(unit))
    }
    w.endObject()
  }

  /// Its place in `allCases`, where a fit keeps its largest error (by index, not in a
  /// dictionary: hashing a unit per component and sample was a quarter of an export).
  var index: Int {
    switch self {
    case .length: 0
    case .factor: 1
    case .colorChannel: 2
    }
  }
}
