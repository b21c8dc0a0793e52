/// Where the server runs a complete request, as the application decides it, and what it found
/// deciding: its route, an index into its own table, handed back to its handler with the request
/// so that it does not route twice (routing twice was ~9 % of a small GET, docs/performance.md
/// "HTTP"). The request itself stays what the client sent.
public struct RequestPlacement: Sendable, Equatable {
  public var requestClass: RequestClass
  /// The application's route for the request; nil when it found none (or did not look).
  public var route: Int?

  public init(_ requestClass: RequestClass, route: Int? = nil) {
    self.requestClass = requestClass
    self.route = route
  }
}
