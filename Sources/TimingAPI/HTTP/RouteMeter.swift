/// Where a route handler reports what only it knows, straight into the route's `Metrics` slot:
/// the engine work units its request was charged, and the bytes of a streamed answer, which
/// are made after the handler has returned (so after `MetricsMiddleware` has recorded the
/// request). A value (a reference and an index), so copying it into a stream's closure costs
/// no allocation.
struct RouteMeter: Sendable {
  let table: Metrics.Table?
  let slot: Int

  /// Reports nowhere (a context built outside the service's router).
  static let none = RouteMeter(table: nil, slot: 0)

  func charged(workUnits: Int) { table?.add(workUnits: workUnits, slot: slot) }

  func made(responseBytes: Int) { table?.add(responseBytes: responseBytes, slot: slot) }
}
