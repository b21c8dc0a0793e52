import HTTPTransport

/// An ETag on every successful answer of a route, and `If-None-Match` (RFC 9110 §13.1.2): 304
/// for GET and HEAD, 412 for other methods, since answering a POST again would give the very
/// response the client says it has (api.md).
struct EntityTagMiddleware: Middleware {
  func respond<Next: Responder>(to request: ServiceRequest, next: Next) -> RoutedResponse {
    var routed = next.respond(to: request)
    tag(&routed, for: request)
    return routed
  }

  /// In place: see `Middleware` on why.
  private func tag(_ routed: inout RoutedResponse, for request: ServiceRequest) {
    guard Self.tags(routed) else { return }
    // A streamed answer comes tagged by its route (its bytes are not known yet), a compressed
    // one by `CompressionMiddleware` (the tag of its coding).
    let tag = routed.response.headers[HTTPField.Name.eTag] ?? EntityTag.of(routed.response.body)
    routed.response.headers.set(HTTPField.Name.eTag, tag)
    guard let condition = request.headers[HTTPField.Name.ifNoneMatch],
      EntityTag.matches(condition, tag)
    else {
      return
    }
    if request.method == .get || request.method == .head {
      routed.response = Self.notModified(routed.response)
    } else {
      var problem = Problem.preconditionFailed(tag: tag)
      problem.instance = request.id
      routed.response = problem.response
    }
  }

  /// Whether an answer gets a tag: a route's successful one, unless it may not be stored (a
  /// batch's, whose lines answer as the batch's time allows: the same request need not give the
  /// same bytes).
  static func tags(_ routed: RoutedResponse) -> Bool {
    guard case .template = routed.endpoint else { return false }
    guard routed.response.headers[HTTPField.Name.cacheControl]?.contains("no-store") != true
    else { return false }
    return routed.response.status == .ok
  }

  /// 304 keeps the fields a cache needs to update what it holds (RFC 9110 §15.4.5).
  private static func notModified(_ response: HTTPResponse) -> HTTPResponse {
    var notModified = HTTPResponse(status: .notModified)
    for field in response.headers
    where ["etag", "vary", "cache-control"].contains(field.name.lowercased()) {
      notModified.headers.append(field.name, field.value)
    }
    return notModified
  }
}
