import HTTPTransport

/// Health, readiness, metrics, the version, the contract, and the playground page (api.md
/// "Operations").
enum OperationsRoutes {
  static func routes(readiness: @escaping @Sendable () -> Bool, metrics: Metrics) -> [Route] {
    [
      Route.get("/healthz", .operations) { _ throws(Problem) in
        plain(.ok, "ok\n", contentType: "text/plain; charset=utf-8")
      },
      Route.get("/readyz", .operations) { _ throws(Problem) in
        readiness()
          ? plain(.ok, "ready\n", contentType: "text/plain; charset=utf-8")
          : plain(.serviceUnavailable, "not ready\n", contentType: "text/plain; charset=utf-8")
      },
      Route.get("/metrics", .operations) { _ throws(Problem) in
        plain(
          .ok, metrics.exposition(),
          contentType: "text/plain; version=0.0.4; charset=utf-8")
      },
      // Which release answers: changes with a rollout, so never cached.
      Route.get("/version", .operations) { context throws(Problem) in
        var w = JSONWriter()
        ServiceVersion.write(to: &w)
        var response = try context.json(w)
        response.headers.append(HTTPField.Name.cacheControl, "no-store")
        return response
      },
      Route.get("/openapi.yaml", .light, caching: .sameWithinRelease) { _ throws(Problem) in
        HTTPResponse(
          status: .ok, headers: HTTPFields([(HTTPField.Name.contentType, "application/yaml")]),
          body: OpenAPIDocument.bytes)
      },
      // The playground: the same on every replica of a release, like the contract.
      Route.get("/", .light, caching: .sameWithinRelease) { _ throws(Problem) in
        PlaygroundPage.response
      },
    ]
  }

  private static func plain(_ status: HTTPStatus, _ text: String, contentType: String)
    -> HTTPResponse
  {
    var response = HTTPResponse(status: status, contentType: contentType, body: text)
    response.headers.append(HTTPField.Name.cacheControl, "no-store")
    return response
  }
}
