import HTTPServer
import TimingAPI

extension LogLevel {
  /// The level the process gives each of the server's events: the routine ones (listening,
  /// draining, a client too slow or malformed) at info, an eviction at the cap at debug since
  /// under load it happens once per admitted connection, resource trouble at warning, and an
  /// `accept` failure nothing explains at error.
  init(_ event: ServerEvent) {
    switch event {
    case .listening, .draining, .requestDeadlinePassed, .rejectedRequest: self = .info
    case .evicted: self = .debug
    case .connectionCapLowered, .acceptPaused: self = .warning
    case .acceptFailed: self = .error
    }
  }
}

extension JSONLogger {
  /// One line for a server event, its fields built only when the line is written.
  func log(_ event: ServerEvent) {
    let level = LogLevel(event)
    guard level >= minimumLevel else { return }
    log(level, event.message, event.fields)
  }
}
