import HTTPTransport

extension LogLevel {
  /// The level the process gives each of the server's events: the routine ones (listening,
  /// draining, a client too slow or malformed) at info, an eviction at the cap at debug since
  /// under load it happens once per admitted connection, resource trouble at warning, and an
  /// `accept` failure nothing explains at error.
  public init(_ event: ServerEvent) {
    switch event {
    case .listening, .draining, .requestDeadlinePassed, .rejectedRequest: self = .info
    case .evicted: self = .debug
    case .connectionCapLowered, .acceptPaused: self = .warning
    case .acceptFailed: self = .error
    }
  }
}
