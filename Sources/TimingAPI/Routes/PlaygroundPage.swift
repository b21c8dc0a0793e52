import HTTPTransport

/// The playground at `GET /` (api.md "The playground"): one self-contained page, compiled into the
/// binary from Resources/playground.html, that edits a scene, plots it, plays its exported
/// keyframes beside its samples and shows problems and action traces. It loads nothing but its
/// own inline script and style and talks only to this service, which its policy enforces.
enum PlaygroundPage {
  static let bytes: [UInt8] = PackageResources.playground_html

  /// Worked out once, from the page itself, so it cannot drift from the blocks it allows.
  static let contentSecurityPolicy = ContentSecurityPolicy.forInlineBlocks(of: bytes)

  static var response: HTTPResponse {
    HTTPResponse(
      status: .ok,
      headers: HTTPFields([
        (HTTPField.Name.contentType, "text/html; charset=utf-8"),
        (HTTPField.Name.contentSecurityPolicy, contentSecurityPolicy),
        // The page is HTML and must only ever be read as HTML (and nothing else of ours as it).
        (HTTPField.Name.contentTypeOptions, "nosniff"),
      ]),
      body: bytes)
  }
}
