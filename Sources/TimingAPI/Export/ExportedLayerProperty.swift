/// The layer properties an export reads (docs/export.md "Property mapping"), in the order they
/// are sampled: every export's columns (`ExportedColumns`) are these.
enum ExportedLayerProperty: String, CaseIterable, Sendable {
  case opacity
  case position
  case anchorPoint
  case bounds
  case transform
  case backgroundColor
  case cornerRadius
  case hidden
  case zPosition

  /// Its place in `allCases`, where a column, a drive or a model value of it is kept: a switch,
  /// not a search of the list (which the compiler cannot check to find it).
  var index: Int {
    switch self {
    case .opacity: 0
    case .position: 1
    case .anchorPoint: 2
    case .bounds: 3
    case .transform: 4
    case .backgroundColor: 5
    case .cornerRadius: 6
    case .hidden: 7
    case .zPosition: 8
    }
  }

  /// Numbers a sample of it holds.
  var componentCount: Int {
    switch self {
    case .opacity, .cornerRadius, .hidden, .zPosition: 1
    case .position, .anchorPoint: 2
    case .bounds, .backgroundColor: 4
    case .transform: 16
    }
  }
}
