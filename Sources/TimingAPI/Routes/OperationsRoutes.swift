import HTTPTransport

/// Health, readiness, metrics, the version, the contract, and a small index page (api.md
/// "Operations").
enum OperationsRoutes {
  static func routes(readiness: @escaping @Sendable () -> Bool, metrics: Metrics) -> [Route] {
    [
      Route("GET", "/healthz", .operations) { _ throws(Problem) in
        plain(.ok, "ok\n", contentType: "text/plain; charset=utf-8")
      },
      Route("GET", "/readyz", .operations) { _ throws(Problem) in
        readiness()
          ? plain(.ok, "ready\n", contentType: "text/plain; charset=utf-8")
          : plain(.serviceUnavailable, "not ready\n", contentType: "text/plain; charset=utf-8")
      },
      Route("GET", "/metrics", .operations) { _ throws(Problem) in
        plain(
          .ok, metrics.exposition(),
          contentType: "text/plain; version=0.0.4; charset=utf-8")
      },
      // Which release answers: changes with a rollout, so never cached.
      Route("GET", "/version", .operations) { _ throws(Problem) in
        var w = JSONWriter()
        w.beginObject()
        w.key("name")
        w.string("animation-timing")
        w.key("version")
        w.string(ServiceVersion.current)
        w.endObject()
        var response = HTTPResponse.json(w.bytes)
        response.headers.append("Cache-Control", "no-store")
        return response
      },
      Route("GET", "/openapi.yaml", caching: .sameWithinRelease) { _ throws(Problem) in
        HTTPResponse(
          status: .ok, headers: HTTPFields([("Content-Type", "application/yaml")]),
          body: OpenAPIDocument.bytes)
      },
      Route("GET", "/") { _ throws(Problem) in
        plain(.ok, indexPage, contentType: "text/html; charset=utf-8")
      },
    ]
  }

  private static func plain(_ status: HTTPStatus, _ text: String, contentType: String)
    -> HTTPResponse
  {
    var response = HTTPResponse(status: status, contentType: contentType, body: text)
    response.headers.append("Cache-Control", "no-store")
    return response
  }

  static let indexPage = """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>animation-timing</title></head>
    <body>
    <h1>animation-timing</h1>
    <p>Core Animation's timing and action model over HTTP.</p>
    <ul>
    <li><a href="/v1/timing-functions">GET /v1/timing-functions</a> — the named timing functions</li>
    <li><a href="/v1/timing-functions/easeInEaseOut?samples=11">GET /v1/timing-functions/easeInEaseOut?samples=11</a></li>
    <li><a href="/v1/timing-functions/easeInEaseOut.svg">GET /v1/timing-functions/easeInEaseOut.svg</a> — a plot</li>
    <li><a href="/v1/presets">GET /v1/presets</a> — the Canvas presets, and
    <a href="/v1/presets/bounceLeft?fps=30">GET /v1/presets/bounceLeft</a> expanded</li>
    <li>POST /v1/timelines — a scene sampled; POST /v1/actions/resolve — the action search traced</li>
    <li><a href="/openapi.yaml">GET /openapi.yaml</a> — the contract</li>
    <li><a href="/healthz">/healthz</a>, <a href="/readyz">/readyz</a>, <a href="/metrics">/metrics</a>, <a href="/version">/version</a></li>
    </ul>
    </body></html>

    """
}

/// The OpenAPI document, compiled into the binary from the repository's `openapi.yaml`.
enum OpenAPIDocument {
  static let bytes: [UInt8] = PackageResources.openapi_yaml
  /// The contract's entity tag, which changes with every release that changes the contract.
  static let tag = EntityTag.of(bytes)
}
