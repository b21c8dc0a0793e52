import HTTPTransport
import TimingEngine

/// An RFC 9457 problem: every error the API returns is one of these, so the mapping from error
/// to response lives in one place.
public struct Problem: Error, Sendable {
  /// RFC 9457's media type for every problem.
  static let mediaType = "application/problem+json"

  /// A problem's members (RFC 9457 §3.1, and §3.2's extension members: `line`, `column` and
  /// `offset` of a malformed body, the field `errors`).
  enum Member: String, WireMember {
    case type, title, status, detail, instance, line, column, offset, errors
  }

  /// One bad field: a JSON Pointer into the body, or a query parameter's name.
  public struct FieldError: Error, Sendable, Equatable {
    /// A field error's members (a warning's too: `SceneWarning.write`).
    enum Member: String, WireMember {
      case pointer, parameter, message
    }

    public var pointer: String?
    public var parameter: String?
    public var message: String

    public static func at(_ pointer: JSONPointer, _ message: String) -> FieldError {
      FieldError(pointer: pointer.description, parameter: nil, message: message)
    }

    public static func parameter(_ name: String, _ message: String) -> FieldError {
      FieldError(pointer: nil, parameter: name, message: message)
    }
  }

  public var status: HTTPStatus
  /// A stable slug; the `type` URI is built from it.
  public var slug: String
  public var title: String
  public var detail: String
  public var errors: [FieldError] = []
  public var extraHeaders: [(String, String)] = []
  /// RFC 9457's `instance`: the request's id (`X-Request-ID`), so a client's error report
  /// names the log lines of the request that failed. Set by the service, which knows the id.
  public var instance: String?
  /// Where in the body a malformed-json problem is: written as the extension members `line`,
  /// `column` and `offset` (RFC 9457 §3.2), for an editor to jump to.
  public var position: JSONTextPosition?

  public static let typeBase = "https://animation-timing.dev/problems/"

  public init(
    _ status: HTTPStatus, _ slug: String, _ title: String, _ detail: String,
    errors: [FieldError] = []
  ) {
    self.status = status
    self.slug = slug
    self.title = title
    self.detail = detail
    self.errors = errors
  }

  public var response: HTTPResponse {
    var writer = JSONWriter()
    writer.beginObject()
    writer.member(Member.type, Self.typeBase + slug)
    writer.member(Member.title, title)
    writer.member(Member.status, status.code)
    writer.member(Member.detail, detail)
    if let instance {
      writer.member(Member.instance, Self.uriReference(instance))
    }
    if let position {
      writer.member(Member.line, position.line)
      writer.member(Member.column, position.column)
      writer.member(Member.offset, position.offset)
    }
    if !errors.isEmpty {
      writer.key(Member.errors)
      writer.beginArray()
      for error in errors {
        writer.beginObject()
        if let pointer = error.pointer {
          writer.member(FieldError.Member.pointer, pointer)
        }
        if let parameter = error.parameter {
          writer.member(FieldError.Member.parameter, parameter)
        }
        writer.member(FieldError.Member.message, error.message)
        writer.endObject()
      }
      writer.endArray()
    }
    writer.endObject()
    var headers = HTTPFields([(HTTPField.Name.contentType, Self.mediaType)])
    for (name, value) in extraHeaders { headers.append(name, value) }
    // Ends with a line break like every JSON answer (`JSONLayout`).
    return HTTPResponse(status: status, headers: headers, body: writer.bytes + [UInt8(ascii: "\n")])
  }

  /// `instance` is a URI reference: the few token characters a URI does not allow (`#`, `%`,
  /// `^`, a backquote, `|`) are percent-encoded; the ids the service makes have none.
  static func uriReference(_ id: String) -> String {
    var out = ""
    for byte in id.utf8 {
      switch byte {
      case UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "^"), UInt8(ascii: "`"),
        UInt8(ascii: "|"):
        let hex = String(byte, radix: 16, uppercase: true)
        out += "%" + (hex.count == 1 ? "0" : "") + hex
      default: out.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return out
  }

  // The catalogue of problem types (openapi.yaml lists the same slugs).

  public static func notFound(_ path: String) -> Problem {
    Problem(
      .notFound, "not-found", "Not found",
      "no resource at \(path.prefix(200)); see GET /openapi.yaml for the routes")
  }

  public static func methodNotAllowed(_ method: HTTPMethod, allowed: [HTTPMethod]) -> Problem {
    let allow = allowed.map(\.rawValue).joined(separator: ", ")
    var p = Problem(
      .methodNotAllowed, "method-not-allowed", "Method not allowed",
      "\(method.rawValue.prefix(20)) is not allowed here; use \(allow)")
    p.extraHeaders = [(HTTPField.Name.allow, allow)]
    return p
  }

  public static func notImplemented(_ method: HTTPMethod) -> Problem {
    Problem(
      .notImplemented, "not-implemented", "Method not implemented",
      "the method \(method.rawValue.prefix(20)) is not implemented by this server")
  }

  public static func notAcceptable(_ offered: [String]) -> Problem {
    Problem(
      .notAcceptable, "not-acceptable", "Not acceptable",
      "none of the media types in Accept can be produced; this resource offers \(offered.joined(separator: ", "))"
    )
  }

  public static func unsupportedMediaType(_ given: String?) -> Problem {
    Problem(
      .unsupportedMediaType, "unsupported-media-type", "Unsupported media type",
      "the body must be JSON in UTF-8, sent with 'Content-Type: application/json'"
        + (given.map { " (got '\($0.prefix(100))')" } ?? " (no Content-Type was sent)"))
  }

  /// `GET /v1/timing-functions/{function}` with a name or text that is no timing function.
  public static func unknownTimingFunction(_ message: String) -> Problem {
    Problem(
      .notFound, "unknown-timing-function", "Unknown timing function", message,
      errors: [.parameter("function", message)])
  }

  /// `GET /v1/presets/{type}` with a type that is not one of the Canvas presets.
  public static func unknownPreset(_ name: String) -> Problem {
    Problem(
      .notFound, "unknown-preset", "Unknown Canvas preset",
      "no Canvas type '\(name.prefix(40))'; GET /v1/presets lists the \(CanvasPreset.allCases.count) types",
      errors: [
        .parameter(
          "type", "one of \(CanvasPreset.allCases.map(\.rawValue).joined(separator: ", "))")
      ])
  }

  /// `If-None-Match` naming the answer's own tag on a method other than GET or HEAD
  /// (RFC 9110 §13.1.2): the request is refused rather than answered with 304.
  public static func preconditionFailed(tag: String) -> Problem {
    Problem(
      HTTPStatus(412, "Precondition Failed"), "precondition-failed", "Precondition failed",
      "the response would be identical to the one tagged \(tag) named in If-None-Match")
  }

  public static func malformedJSON(_ error: JSONParseError) -> Problem {
    let at = error.position
    var p = Problem(
      .badRequest, "malformed-json", "Malformed JSON",
      "the body is not valid JSON: \(error.message) at line \(at.line), column \(at.column) (byte \(at.offset))"
    )
    p.position = at
    if let pointer = error.pointer { p.errors = [.at(pointer, error.message)] }
    return p
  }

  public static func invalidRequest(_ errors: [FieldError]) -> Problem {
    let first = errors.first.map { ($0.pointer ?? $0.parameter ?? "") + ": " + $0.message } ?? ""
    let more =
      errors.count > 1
      ? " (and \(errors.count - 1) more problem\(errors.count > 2 ? "s" : ""))" : ""
    return Problem(
      .unprocessableContent, "invalid-request", "Invalid request", first + more, errors: errors)
  }

  public static func tooMuchWork(_ detail: String, _ error: FieldError) -> Problem {
    Problem(
      .unprocessableContent, "too-much-work", "Request exceeds the work limit", detail,
      errors: [error])
  }

  /// A request that needed more work than its budget (`--max-work-units`): the limit, what was
  /// spent in which stage, and where in the request the stage was when it went over — `field`
  /// when given (a query parameter, or a member the engine does not know), else the pointer of
  /// the part being worked on, else the whole body.
  public static func tooMuchWork(_ exhausted: WorkBudget.Exhausted, field: FieldError? = nil)
    -> Problem
  {
    let stage = exhausted.stage
    let hint: String
    switch stage {
    case .decoding: hint = "Send a smaller request."
    case .planning: hint = "Send fewer layers, animations or keyframes."
    case .script:
      hint = "Send fewer events, or fewer animations running at once on one property."
    case .sampling: hint = "Sample fewer times, or animate less."
    case .export: hint = "Sample fewer times, or name fewer key paths in keyPaths."
    case .compile:
      hint = "Send fewer springs and easing paths (or a larger maxError), or the document in parts."
    case .fit: hint = "Send fewer samples, or ask for fewer models (?models=)."
    }
    let spent = WorkBudget.Stage.allCases.compactMap { s -> String? in
      let units = exhausted.spentByStage[s.rawValue]
      return units == 0 ? nil : "\(s.name) \(units)"
    }.joined(separator: ", ")
    let pointer = JSONPointer(exhausted.source)
    let what =
      field?.message
      ?? (exhausted.source.isEmpty
        ? "the \(stage.name) stage" : "the \(stage.name) stage at \(pointer)")
    return tooMuchWork(
      "this request needs more work than the budget of \(exhausted.limit) units allows "
        + "(the server's --max-work-units): \(what) brings it to \(exhausted.spent) units "
        + "(\(spent)). \(hint)",
      field
        ?? .at(
          pointer,
          "the \(stage.name) stage went over the work budget of \(exhausted.limit) units here"))
  }

  /// The slugs of the statuses the server's transport answers with (openapi.yaml lists them).
  static let transportSlugs: [Int: String] = [
    400: "malformed-request", 408: "request-timeout", 413: "content-too-large",
    414: "uri-too-long", 417: "expectation-failed", 431: "header-fields-too-large",
    501: "not-implemented", 503: "service-unavailable", 505: "http-version-not-supported",
  ]

  /// The server's own transport errors (malformed HTTP, deadlines, the connection cap).
  public static func transport(_ status: HTTPStatus, _ detail: String) -> Problem {
    Problem(status, transportSlugs[status.code] ?? "http-error", status.reason, detail)
  }
}
