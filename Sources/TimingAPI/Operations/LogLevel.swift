/// How much the process logs (`--log-level`), lowest first: a line is written when its level is
/// at least the configured one. The process owns the scheme; the server only reports events
/// (`ServerEvent`), and the launcher gives each its level.
public enum LogLevel: String, Sendable, CaseIterable, Comparable {
  case debug, info, warning, error

  /// The name in log lines and on the command line.
  public var name: String { rawValue }

  public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rank < b.rank }

  private var rank: Int {
    switch self {
    case .debug: 0
    case .info: 1
    case .warning: 2
    case .error: 3
    }
  }
}
