import HTTPTransport

extension HTTPResponse {
  /// A 200 answer in `representation`, held whole: the one constructor every representation's
  /// answer is made by, so each carries its `Content-Type` and `Vary: Accept` (the answer
  /// depends on `Accept`, which caches must key on) alike.
  static func answer(_ representation: Representation, _ body: [UInt8]) -> HTTPResponse {
    HTTPResponse(status: .ok, headers: fields(representation), body: body)
  }

  /// The same, for an answer streamed as it is made.
  static func answer(_ representation: Representation, stream: ResponseStream) -> HTTPResponse {
    HTTPResponse(status: .ok, headers: fields(representation), stream: stream)
  }

  private static func fields(_ representation: Representation) -> HTTPFields {
    HTTPFields([("Content-Type", representation.contentType), ("Vary", "Accept")])
  }
}
