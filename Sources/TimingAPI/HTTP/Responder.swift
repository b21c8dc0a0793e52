import HTTPTransport

/// The rest of the chain as a wrapper sees it: the next wrapper (`Wrapping`), and at the end
/// the router (`Routing`).
protocol Responder: Sendable {
  func respond(to request: ServiceRequest) -> RoutedResponse
}
