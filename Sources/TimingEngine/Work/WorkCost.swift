/// What each kind of work is charged against a `WorkBudget`, in units of about 10 ns of one
/// core of the reference machine (2-core AMD EPYC VM, release build). Each figure is the
/// measured time of that work in `timing-bench worst-case` (docs/performance.md, "Work budget"),
/// rounded up; work that holds memory for the rest of the request (steps, epochs) is charged
/// more, so that the budget bounds memory too.
public enum WorkCost {
  // MARK: Decoding

  /// One JSON array element or object member looked at by a decoder (~40 ns measured with the
  /// value it holds).
  public static let jsonValue = 4
  /// Parsing the body, per byte (the parser runs at ~100 MB/s: 10 ns per byte… per 10 bytes).
  public static let bodyBytesPerUnit = 10

  // MARK: Planning and script

  /// One layer flattened: its clock, tracks and tables.
  public static let layer = 20
  /// One model value a layer sets.
  public static let property = 5
  /// One script event taken in time order.
  public static let event = 5
  /// One action search and its record (the trace, the animation as added).
  public static let lookUp = 40
  /// One step looked at while composing a presentation value during the script (its removal,
  /// its local time), or one animation looked at by a removal.
  public static let presentationLook = 3
  /// A step composed into a presentation value during the script costs this many times its
  /// sampling cost: one dynamic call per step and value, where sampling runs a loop specialised
  /// for the step's class over a whole column (measured 147 ns a step against 5 ns a sample).
  public static let presentationFactor = 4
  /// A top-level animation's delegate events.
  public static let delegateEvents = 5

  /// Compiling one animation (not its group's children, which are charged as they compile):
  /// its compiled timing and timing function, its step and value source, and its tables.
  public static func compiling(_ animation: Animation) -> Int {
    var units = 60
    if animation.timingFunction != nil { units += 60 }
    switch animation.kind {
    case .basic, .spring, .transition, .group:
      break
    case .keyframe(let values):
      let count = values.path.map { $0.segments.count } ?? values.values.count
      var perValue = 5
      if values.path != nil { perValue += 30 }
      if values.values.first?.type == .transform { perValue += 40 }
      switch values.calculationMode {
      case .cubicPaced: perValue += 60
      case .cubic, .paced: perValue += 5
      case .linear, .discrete: break
      }
      if let functions = values.timingFunctions {
        units = WorkBudget.adding(units, WorkBudget.multiplying(functions.count, 60))
      }
      units = WorkBudget.adding(units, WorkBudget.multiplying(count, perValue))
    }
    return units
  }

  /// One model epoch of an animation whose end follows the model value: an interpolator (and for
  /// transforms two decompositions), kept until the response is written — about 0.5 KB.
  public static func epoch(_ type: ValueType) -> Int { type == .transform ? 100 : 50 }

  // MARK: Sampling and export

  /// One number written to the response (JSON or CSV), with its share of the entity tag and of
  /// the memory behind it.
  public static let exportedNumber = 5
  /// One record of the `actions` list (trace and animation, ~600 bytes of JSON).
  public static let exportedAction = 300
  /// One delegate event, completion or warning in the response.
  public static let exportedEvent = 30
  /// One point of a timing function evaluated and written (x, y and maybe the slope).
  public static let timingFunctionPoint = 30
}
