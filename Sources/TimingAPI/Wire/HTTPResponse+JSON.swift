import HTTPTransport

extension HTTPResponse {
  /// The media type of every JSON answer (problems have their own, `application/problem+json`).
  static let jsonType = "application/json"

  /// A 200 answer with a JSON body: the one way every route builds one, so they all carry the
  /// same `Content-Type` and end with a line break (`JSONLayout`).
  static func json(_ bytes: [UInt8]) -> HTTPResponse {
    HTTPResponse(
      status: .ok, headers: HTTPFields([("Content-Type", jsonType)]),
      body: bytes + [UInt8(ascii: "\n")])
  }
}
