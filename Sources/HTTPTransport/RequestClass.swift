/// How the server schedules a request, decided by the application from its method and path
/// once the request is complete.
public enum RequestClass: Sendable {
  /// Health, readiness and metrics: answered at once on the connection's queue and never shed,
  /// so an orchestrator sees a busy process as alive rather than restarting it.
  case operations
  /// Cheap, bounded work (a curve lookup, the index): answered on the connection's queue, shed
  /// when too many response bytes are unread.
  case light
  /// Work that can take a core for up to the work budget (a timeline, an action search): run on
  /// the heavy-work pool, whose size bounds memory and keeps cores free for light requests.
  case heavy
}
