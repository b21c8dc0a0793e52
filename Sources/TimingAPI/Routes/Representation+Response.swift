import HTTPTransport

extension Representation {
  /// What its text is, for what `?pretty` and `?precision` do to it.
  var text: AnswerText {
    switch self {
    case .json: .json
    case .waapi, .lottie: .jsonDocument
    case .csv, .svg, .css: .other
    }
  }
}

extension RequestContext {
  /// A 200 answer in `representation`, held whole, from a resource that negotiates: the one
  /// constructor (`answer(_:contentType:text:varies:)`) with the representation's Content-Type
  /// and text.
  func answer(_ representation: Representation, _ body: [UInt8]) throws(Problem) -> HTTPResponse {
    try answer(
      body, contentType: representation.contentType, text: representation.text, varies: true)
  }
}

extension HTTPResponse {
  /// A 200 answer in `representation` streamed as it is made: Content-Type and `Vary` as
  /// `RequestContext.answer` sets them (a streamed answer lays out its own text).
  static func answer(_ representation: Representation, stream: ResponseStream) -> HTTPResponse {
    var fields = HTTPFields([])
    fields.append(HTTPField.Name.contentType, representation.contentType)
    fields.append(HTTPField.Name.vary, HTTPField.Name.accept)
    return HTTPResponse(status: .ok, headers: fields, stream: stream)
  }
}
