import HTTPTransport

/// A response with what answered it, which the wrappers around the router need: metrics and the
/// access log count by route template, never by raw path, so that their series stay bounded by
/// the routes; CORS adds a preflight only to the router's OPTIONS answer for a resource.
struct RoutedResponse {
  /// What answered a request.
  enum Endpoint: Equatable {
    /// The route with this template, e.g. `/v1/timing-functions/{function}`.
    case template(String)
    /// OPTIONS on a resource: its `Allow`, and a CORS preflight when the browser asks for one.
    case resourceOptions
    /// `OPTIONS *`: the server's methods.
    case serverOptions
    /// No route: an unknown method or path, or a method the resource does not take.
    case unmatched

    /// The `route` label in metrics and the access log.
    var label: String {
      switch self {
      case .template(let template): template
      case .resourceOptions: "options"
      case .serverOptions: "*"
      case .unmatched: "unmatched"
      }
    }
  }

  var response: HTTPResponse
  var endpoint: Endpoint
}
