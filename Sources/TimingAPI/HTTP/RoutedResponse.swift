import HTTPTransport

/// A response with what answered it, which the wrappers around the router need: metrics and the
/// access log count by route template, never by raw path, so that their series stay bounded by
/// the routes; CORS adds a preflight only to the router's OPTIONS answer for a resource.
struct RoutedResponse {
  /// What answered a request.
  enum Endpoint: Equatable {
    /// The route with this template, e.g. `/v1/timing-functions/{function}`, and its slot in
    /// `Metrics` (its index in the router). Also a method the route's resource does not take
    /// (405): the resource is known, so its series is the route's, not `unmatched`.
    case template(String, slot: Int)
    /// OPTIONS on a resource: its `Allow`, and a CORS preflight when the browser asks for one.
    case resourceOptions
    /// `OPTIONS *`: the server's methods.
    case serverOptions
    /// No route: an unknown method or path.
    case unmatched

    /// The `route` label in metrics and the access log.
    var label: String {
      switch self {
      case .template(let template, _): template
      case .resourceOptions: Self.fixedLabels[0]
      case .serverOptions: Self.fixedLabels[1]
      case .unmatched: Self.fixedLabels[2]
      }
    }

    /// The labels of the endpoints that are not a route, whose `Metrics` slots follow the
    /// routes' in this order.
    static let fixedLabels = ["options", "*", "unmatched"]

    /// The slot in `Metrics` of this endpoint, with `routeCount` routes before the fixed ones.
    func slot(routeCount: Int) -> Int {
      switch self {
      case .template(_, let slot): slot
      case .resourceOptions: routeCount
      case .serverOptions: routeCount + 1
      case .unmatched: routeCount + 2
      }
    }
  }

  var response: HTTPResponse
  var endpoint: Endpoint
}
