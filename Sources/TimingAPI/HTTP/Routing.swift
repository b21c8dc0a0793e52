import HTTPTransport

/// The end of the chain: the request's route found (or the problem why none answers) and run.
/// Problem+json errors, content negotiation, HEAD and OPTIONS stay here, with routing.
struct Routing: Responder {
  let router: Router
  /// Where a route's handler reports its work units and streamed bytes (`RouteMeter`).
  let table: Metrics.Table

  func respond(to request: ServiceRequest) -> RoutedResponse {
    /// Every problem the API makes carries the request's id as its `instance`.
    func problem(_ problem: Problem) -> HTTPResponse {
      var problem = problem
      problem.instance = request.id
      return problem.response
    }
    guard request.method.isStandard else {
      return RoutedResponse(
        response: problem(.notImplemented(request.method)), endpoint: .unmatched)
    }
    if request.target == "*" {
      return RoutedResponse(
        response: HTTPResponse(
          status: .noContent,
          headers: HTTPFields([(HTTPField.Name.allow, "GET, HEAD, POST, OPTIONS")])),
        endpoint: .serverOptions)
    }
    let match =
      if let slot = request.route {
        RouteMatch.found(slot: slot)
      } else {
        router.match(method: request.method, path: request.path)
      }
    switch match {
    case .notFound:
      return RoutedResponse(response: problem(.notFound(request.path)), endpoint: .unmatched)
    case .methodNotAllowed(let allowed, let owner):
      if request.method == .options {
        // The resource's methods; CORSMiddleware makes it a preflight when asked.
        return RoutedResponse(
          response: HTTPResponse(
            status: .noContent,
            headers: HTTPFields([
              (HTTPField.Name.allow, allowed.map(\.rawValue).joined(separator: ", "))
            ])),
          endpoint: .resourceOptions)
      }
      // The resource is known: counted under its route, not with unknown paths.
      return RoutedResponse(
        response: problem(.methodNotAllowed(request.method, allowed: allowed)),
        endpoint: .template(router.templates[owner], slot: owner))
    case .found(let slot):
      let endpoint = RoutedResponse.Endpoint.template(router.templates[slot], slot: slot)
      guard let parameters = router.parameters(slot: slot, path: request.path) else {
        return RoutedResponse(response: problem(.notFound(request.path)), endpoint: .unmatched)
      }
      guard let query = QueryString(request.query) else {
        return RoutedResponse(
          response: problem(
            .invalidRequest([.parameter("query", "malformed percent-encoding in the query string")])
          ),
          endpoint: endpoint)
      }
      let context = RequestContext(
        request: request.http, query: query, parameters: parameters,
        meter: RouteMeter(table: table, slot: slot))
      var response: HTTPResponse
      let roundsItsNumbers = router.roundsItsNumbers[slot]
      do {
        // A route writing its own numbers to the digits has them checked before it runs; any
        // other only when its answer is one that is rounded (`AnswerText.json`, in
        // `RequestContext.answer`): `/healthz?precision=0` is not a mistake about numbers it
        // does not have. `?pretty` too is applied by the answer's constructor, which knows what
        // the text is.
        if roundsItsNumbers { _ = try NumberPrecision.digits(query) }
        response = try router.handlers[slot](context)
      } catch {
        response = problem(error)
        // A route's problem is JSON, laid out as its answer would have been.
        if JSONLayout.isIndented(query) { response.body = JSONLayout.indented(response.body) }
      }
      return RoutedResponse(response: response, endpoint: endpoint)
    }
  }
}
