/// A response as a value: the writer adds the framing (`Content-Length`, `Connection`, `Date`).
public struct HTTPResponse: Sendable {
  public var status: HTTPStatus
  public var headers: HTTPFields
  public var body: [UInt8]

  public init(status: HTTPStatus, headers: HTTPFields = HTTPFields(), body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  public init(status: HTTPStatus, contentType: String, body: String) {
    self.init(
      status: status, headers: HTTPFields([("Content-Type", contentType)]), body: Array(body.utf8))
  }
}
