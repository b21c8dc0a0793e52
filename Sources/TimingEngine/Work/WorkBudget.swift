/// One request's allowance of engine work (issue 7): decoding, planning, the script, sampling
/// and export all charge what they do against one limit, checked as they go, so that any
/// request within the body cap answers or is refused within a bounded time — the default limit
/// is calibrated to about 1 s of one core (docs/performance.md, "Work budget").
///
/// A unit is roughly 10 ns of work on the reference machine: sampling one basic animation at
/// one time costs 1; `WorkCost` lists what each kind of work is charged, from measurement.
public struct WorkBudget: Sendable {
  /// Where the work was being done, for the problem that refuses the request.
  public enum Stage: Int, Sendable, CaseIterable {
    case decoding, planning, script, sampling, export
    /// A token document's compilation (`POST /v1/tokens`).
    case compile
    /// A fit of models to a motion's samples (`POST /v1/fit`).
    case fit

    public var name: String {
      switch self {
      case .decoding: "decoding"
      case .planning: "planning"
      case .script: "script"
      case .sampling: "sampling"
      case .export: "export"
      case .compile: "compile"
      case .fit: "fit"
      }
    }
  }

  /// The charge that went past the limit.
  public struct Exhausted: Error, Sendable, Equatable {
    public let limit: Int
    /// Units spent including the refused charge.
    public let spent: Int
    public let stage: Stage
    /// JSON Pointer tokens of the part of the request being worked on ([] when not one part).
    public let source: [String]
    /// Units spent per stage (indexed by `Stage.rawValue`), including the refused charge.
    public let spentByStage: [Int]
  }

  public let limit: Int
  public private(set) var spent = 0
  /// Units per stage, indexed by `Stage.rawValue`.
  public var spentByStage: [Int] { Stage.allCases.map { stageUnits[$0.rawValue] } }
  /// In a vector, not an array: every request makes budgets (a query's decoding context has
  /// one), and an array's allocation was 2 % of a small GET in process.
  private var stageUnits = SIMD8<Int>()

  public init(limit: Int) { self.limit = max(limit, 0) }

  /// A budget that never runs out (for the engine's own callers and tests).
  public static var unlimited: WorkBudget { WorkBudget(limit: .max) }

  /// Adds `units` of work in `stage`; throws once the total passes the limit. Saturates rather
  /// than overflow, so a charge computed from hostile counts cannot wrap around to look small.
  public mutating func charge(_ units: Int, _ stage: Stage, at source: [String] = [])
    throws(Exhausted)
  {
    let units = max(units, 0)
    spent = Self.adding(spent, units)
    stageUnits[stage.rawValue] = Self.adding(stageUnits[stage.rawValue], units)
    guard spent <= limit else {
      throw Exhausted(
        limit: limit, spent: spent, stage: stage, source: source, spentByStage: spentByStage)
    }
  }

  /// a + b, or Int.max where that would overflow.
  public static func adding(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }

  /// a × b, or Int.max where that would overflow (both ≥ 0).
  public static func multiplying(_ a: Int, _ b: Int) -> Int {
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? .max : product
  }
}
