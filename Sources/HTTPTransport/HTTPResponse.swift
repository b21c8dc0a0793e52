/// A response as a value: the writer adds the framing (`Content-Length` or chunked,
/// `Connection`, `Date`).
public struct HTTPResponse: Sendable {
  public var status: HTTPStatus
  public var headers: HTTPFields
  public var body: [UInt8]
  /// A body too large to hold whole; when set, `body` is not sent.
  public var stream: ResponseStream?

  public init(
    status: HTTPStatus, headers: HTTPFields = HTTPFields(), body: [UInt8] = [],
    stream: ResponseStream? = nil
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.stream = stream
  }

  public init(status: HTTPStatus, contentType: String, body: String) {
    self.init(
      status: status, headers: HTTPFields([(HTTPField.Name.contentType, contentType)]),
      body: Array(body.utf8))
  }

  /// The body however it is held: streams are run to the end (for in-process callers).
  public func collectedBody() -> [UInt8] { stream?.collect() ?? body }
}
