import HTTPTransport

extension RequestContext {
  /// A 200 answer in `representation`, held whole, from a resource that negotiates: the one
  /// constructor (`answer(_:contentType:text:varies:)`) with the representation's Content-Type
  /// and text.
  func answer(_ representation: Representation, _ body: [UInt8]) throws(Problem) -> HTTPResponse {
    try answer(
      body, contentType: representation.contentType, text: representation.text, varies: true)
  }

  /// The same for an answer streamed as it is made, which lays out its own text (`?pretty` and
  /// `?precision` as it writes it): the constructor's fields, with the stream for a body.
  func answer(_ representation: Representation, stream: ResponseStream) throws(Problem)
    -> HTTPResponse
  {
    var response = try answer(
      [], contentType: representation.contentType, text: .other, varies: true)
    response.stream = stream
    return response
  }
}
